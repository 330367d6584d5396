package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * A cell of another entity's rows that Denorm keeps on that entity's behalf (a count, an inverse
 * side, a recent list): the table, how its row keys are encoded, and the cell's qualifier, whose
 * first character says what the cell holds and keeps the entity's own saves off it.
 */
record HBaseRowCell(TableName table, RowKeyCodec key, KeySalt salt, String entity, byte[] qualifier) {

  /** {@code qualifier} must start with {@code prefix}: the mark of {@code what} such a cell is. */
  static HBaseRowCell of(TableName table, RowKeyCodec key, KeySalt salt, String entity, String qualifier, char prefix, String what) {
    if (qualifier.isEmpty() || qualifier.charAt(0) != prefix) {
      throw new IllegalArgumentException("the qualifier of " + what + " starts with " + prefix + ": " + qualifier);
    }
    return new HBaseRowCell(table, key, salt, entity, qualifier.getBytes(StandardCharsets.UTF_8));
  }

  /** Whether {@code qualifier} starts with {@code prefix}. */
  static boolean marked(byte[] qualifier, char prefix) {
    return qualifier.length > 0 && qualifier[0] == prefix;
  }

  /** The row key of the row whose one-column key is {@code id}. */
  byte[] row(Object id) {
    return salt.row(key, List.of(id), entity);
  }

  /** The one-column key of {@code row}, stored form. */
  Object id(byte[] row) {
    return HBaseKeys.storedForm(key.decode(row, salt.length())).get(0);
  }

  String name() {
    return table.getNameAsString() + "." + new String(qualifier, StandardCharsets.UTF_8);
  }
}
