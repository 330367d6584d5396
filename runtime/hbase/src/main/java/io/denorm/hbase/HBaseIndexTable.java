package io.denorm.hbase;

import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
import io.denorm.key.RowKeyCodec;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;

/**
 * One index table on HBase. The row key is the entry's identity (index key, then for a non-unique
 * index the master key) in the order-preserving encoding; cell {@code v} holds every value of the
 * entry, and its timestamp is the write time of the operation that wrote it. A unique index row
 * also holds its owner's master key in cell {@code o} and in cell {@code a} the stamp of the
 * operation that last asserted it; compare-and-set checks them.
 */
public final class HBaseIndexTable {

  static final byte[] VALUES = {'v'};
  static final byte[] OWNER = {'o'};
  /** A unique row's stamp of the operation that last claimed or kept it (8 bytes, big-endian). */
  static final byte[] ASSERTED = {'a'};
  /**
   * What a released unique row holds in its owner and values cells. A release is a put, never a
   * delete: every write of a unique row is a compare-and-set on the row as read and carries a cell
   * timestamp above every cell there, so that no client clock can hide a later write behind an
   * earlier one (a delete marker from a clock ahead would hide the next claim).
   */
  static final byte[] RELEASED = {0};

  private final IndexDefinition definition;
  private final String name;
  private final TableName table;
  private final RowKeyCodec identity;
  /** Whether the rows are memberships, claimed and released by compare-and-set. */
  private final boolean memberships;
  /** The count the memberships move, or null. */
  volatile HBaseCounter counter;
  /** The inverse side the memberships edit, or null. */
  volatile HBaseInverse inverse;

  HBaseIndexTable(IndexDefinition definition, String name, TableName table, RowKeyCodec identity) {
    this(definition, name, table, identity, false);
  }

  HBaseIndexTable(IndexDefinition definition, String name, TableName table, RowKeyCodec identity, boolean memberships) {
    if (identity.components().size() != definition.identityCount()) {
      throw new IllegalArgumentException("index " + definition.name() + ": the row key has " + identity.components().size()
          + " components, the identity " + definition.identityCount());
    }
    this.definition = definition;
    this.name = name;
    this.table = table;
    this.identity = identity;
    this.memberships = memberships;
  }

  /** Whether this table's rows are memberships (of a count, of an inverse side), claimed and released by compare-and-set. */
  public boolean memberships() {
    return memberships;
  }

  /**
   * What a won claim ({@code +1}) or an applied release ({@code -1}) of {@code e} moves: the count,
   * the inverse side. {@code stamp} is the cell timestamp of the membership write that caused it;
   * the inverse edit carries it, so that the edits of one membership resolve in the order of its
   * writes (which are stamped above each other) whatever order they arrive in.
   */
  java.util.concurrent.CompletionStage<Void> effects(IndexEntry e, int delta, long stamp) {
    Object key = e.indexKey().get(0);
    java.util.concurrent.CompletionStage<Void> count = counter == null ? java.util.concurrent.CompletableFuture.completedFuture(null)
        : counter.move(key, delta);
    java.util.concurrent.CompletionStage<Void> side = inverse == null ? java.util.concurrent.CompletableFuture.completedFuture(null)
        : inverse.edit(key, e.masterKey().get(0), delta > 0, stamp);
    return count.thenCombine(side, (a, b) -> null);
  }

  public IndexDefinition definition() {
    return definition;
  }

  public String name() {
    return name;
  }

  public TableName tableName() {
    return table;
  }

  public RowKeyCodec identity() {
    return identity;
  }

  /** The row key of {@code entry}; throws {@link io.denorm.InvalidEntityException} for a key it cannot hold. */
  byte[] row(IndexEntry entry) {
    return KeyRange.encode(identity, entry.identity());
  }

  byte[] values(IndexEntry entry) {
    return HBaseValues.encode(entry.values());
  }

  byte[] owner(IndexEntry entry) {
    return HBaseValues.encode(entry.masterKey());
  }

  /** The entry a row holds, with the timestamp of its values cell; null for a row without one. */
  @SuppressWarnings("unchecked")
  IndexHit hit(Result result) {
    Cell cell = result.getColumnLatestCell(HBaseDaoBase.FAMILY, VALUES);
    if (cell == null || released(org.apache.hadoop.hbase.CellUtil.cloneValue(cell))) {
      return null;
    }
    List<Object> values = (List<Object>) HBaseValues.decode(org.apache.hadoop.hbase.CellUtil.cloneValue(cell));
    long asserted = asserted(result);
    // A claimed row (unique, membership) is dated by the operation that last asserted it, not by the
    // cell (stamped above the cells before it).
    return new IndexHit(new IndexEntry(definition, values), asserted != Long.MIN_VALUE ? asserted : cell.getTimestamp());
  }

  /** The master key a unique row's owner cell names, or null when the row has none or was released. */
  @SuppressWarnings("unchecked")
  static List<Object> owner(Result result) {
    byte[] owner = result.getValue(HBaseDaoBase.FAMILY, OWNER);
    return owner == null || released(owner) ? null : (List<Object>) HBaseValues.decode(owner);
  }

  /** The stamp in a unique row's {@code a} cell, or {@link Long#MIN_VALUE} when it has none. */
  static long asserted(Result result) {
    byte[] a = result.getValue(HBaseDaoBase.FAMILY, ASSERTED);
    return a == null || a.length != Long.BYTES ? Long.MIN_VALUE : org.apache.hadoop.hbase.util.Bytes.toLong(a);
  }

  /** The largest cell timestamp of a row as read (0 for none): the next compare-and-set writes above it. */
  static long newestCell(Result result) {
    long newest = 0;
    if (result.rawCells() != null) {
      for (Cell c : result.rawCells()) {
        newest = Math.max(newest, c.getTimestamp());
      }
    }
    return newest;
  }

  static boolean released(byte[] value) {
    return java.util.Arrays.equals(value, RELEASED);
  }
}
