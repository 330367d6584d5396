package io.denorm.hbase;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Result;

/** Entities from the rows HBase returns: their keys decoded, their cells read by qualifier. */
final class HBaseRows {

  private HBaseRows() {}

  /**
   * The entity a row holds, or null for an empty result: read by the mapper's {@code fromRow} from
   * the row key's bytes (after the salt byte, if any) and its {@code qualifiers}' cells (absent ones
   * null).
   */
  static <E> E entity(Result r, KeySalt salt, byte[][] qualifiers, RowReader<E> fromRow) {
    if (r == null || r.isEmpty()) {
      return null;
    }
    return fromRow.read(r.getRow(), salt.length(), cells(r, qualifiers));
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
