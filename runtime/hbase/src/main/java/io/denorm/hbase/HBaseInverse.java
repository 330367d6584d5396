package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * The inverse side of a many-to-many in the other entity's row ({@code authors}, {@code
 * @book_ids}): one cell per element, qualifier {@code @field}, a zero byte, then the element's
 * encoding, so that adding or removing one element is one cell written or deleted and concurrent
 * edits of different elements never overwrite each other. The entity's own saves never write them.
 */
public final class HBaseInverse {

  /** The first character of an inverse side's qualifier. */
  public static final char PREFIX = '@';

  private final HBaseDaoBase<?> dao;
  final HBaseRowCell cell;

  HBaseInverse(HBaseDaoBase<?> dao, TableName table, RowKeyCodec key, KeySalt salt, String entity, String qualifier) {
    this.dao = dao;
    this.cell = HBaseRowCell.of(table, key, salt, entity, qualifier, PREFIX, "an inverse side");
  }

  static boolean isInverse(byte[] qualifier) {
    return HBaseRowCell.marked(qualifier, PREFIX);
  }

  /** The cell qualifier of {@code element}: the field's qualifier, a zero byte, the element's encoding. */
  static byte[] cell(byte[] qualifier, Object element) {
    byte[] value = HBaseValues.encode(element);
    byte[] q = Arrays.copyOf(qualifier, qualifier.length + 1 + value.length);
    System.arraycopy(value, 0, q, qualifier.length + 1, value.length);
    return q;
  }

  /** The elements a row holds under {@code qualifier}, in qualifier order; null when it holds none (as an empty collection reads). */
  static List<Object> elements(Result r, byte[] qualifier) {
    NavigableMap<byte[], byte[]> family = r.getFamilyMap(HBaseDaoBase.FAMILY);
    if (family == null) {
      return null;
    }
    byte[] from = Arrays.copyOf(qualifier, qualifier.length + 1);
    byte[] to = Arrays.copyOf(qualifier, qualifier.length + 1);
    to[qualifier.length] = 1;
    List<Object> out = new ArrayList<>();
    for (byte[] q : family.subMap(from, true, to, false).keySet()) {
      out.add(HBaseValues.decode(Arrays.copyOfRange(q, qualifier.length + 1, q.length)));
    }
    return out.isEmpty() ? null : out;
  }

  /** Adds {@code element} to the side of the row keyed {@code id}, or removes it, at a fresh timestamp. */
  CompletionStage<Void> edit(Object id, Object element, boolean add) {
    return edit(id, element, add, dao.clock().next());
  }

  /**
   * Adds {@code element} to the side of the row keyed {@code id}, or removes it (a delete of every
   * version up to {@code ts}), at timestamp {@code ts}: of two edits, the later-stamped stands,
   * whichever arrives last.
   */
  CompletionStage<Void> edit(Object id, Object element, boolean add, long ts) {
    byte[] row = cell.row(id);
    byte[] q = cell(cell.qualifier(), element);
    return add
        ? dao.table(cell.table()).put(dao.durable(new Put(row)).addColumn(HBaseDaoBase.FAMILY, q, ts, new byte[] {1}))
        : dao.table(cell.table()).delete(dao.durable(new Delete(row)).addColumns(HBaseDaoBase.FAMILY, q, ts));
  }
}
