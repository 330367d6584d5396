package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.hadoop.hbase.client.Result;

/** Entities from the rows HBase returns: their keys decoded, their cells read by qualifier. */
final class HBaseRows {

  private HBaseRows() {}

  /**
   * The entity a master row holds, or null for an empty result: read by the mapper's typed {@code
   * fromRow} when there is one, else by {@code fromValues} of the decoded key values.
   */
  static <E> E entity(Result r, RowKeyCodec key, KeySalt salt, byte[][] qualifiers, BiFunction<List<Object>, List<Object>, E> fromValues,
      RowReader<E> fromRow) {
    if (fromRow == null || r == null || r.isEmpty()) {
      return decodeRow(r, key, salt, qualifiers, fromValues);
    }
    return fromRow.read(r.getRow(), salt.length(), cells(r, qualifiers));
  }

  /**
   * What a row of a table keyed by {@code key} (salted by {@code salt}) holds: {@code fromValues} of
   * its key values and its {@code qualifiers}' cells (absent ones null), or null for an empty result.
   */
  static <T> T decodeRow(Result r, RowKeyCodec key, KeySalt salt, byte[][] qualifiers, BiFunction<List<Object>, List<Object>, T> fromValues) {
    if (r == null || r.isEmpty()) {
      return null;
    }
    List<Object> keyValues = HBaseKeys.storedForm(key.decode(r.getRow(), salt.length()));
    return fromValues.apply(keyValues, cells(r, qualifiers));
  }

  /** The values of a row's {@code qualifiers}' cells, absent ones null. */
  private static List<Object> cells(Result r, byte[][] qualifiers) {
    List<Object> cells = new ArrayList<>(qualifiers.length);
    for (byte[] q : qualifiers) {
      byte[] cell = HBaseInverse.isInverse(q) ? null : r.getValue(HBaseTableAccess.FAMILY, q);
      cells.add(HBaseCounter.isCount(q) ? HBaseCounter.value(cell) : HBaseInverse.isInverse(q) ? HBaseInverse.elements(r, q) : HBaseValues.decode(cell));
    }
    return cells;
  }
}
