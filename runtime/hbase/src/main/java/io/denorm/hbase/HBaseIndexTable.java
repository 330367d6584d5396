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
 * also holds its owner's master key in cell {@code o}, which compare-and-set checks.
 */
public final class HBaseIndexTable {

  static final byte[] VALUES = {'v'};
  static final byte[] OWNER = {'o'};

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

  /** What a won claim ({@code +1}) or an applied release ({@code -1}) of {@code e} moves: the count, the inverse side. */
  java.util.concurrent.CompletionStage<Void> effects(IndexEntry e, int delta) {
    Object key = e.indexKey().get(0);
    java.util.concurrent.CompletionStage<Void> count = counter == null ? java.util.concurrent.CompletableFuture.completedFuture(null)
        : counter.move(key, delta);
    java.util.concurrent.CompletionStage<Void> side = inverse == null ? java.util.concurrent.CompletableFuture.completedFuture(null)
        : inverse.edit(key, e.masterKey().get(0), delta > 0);
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
    if (cell == null) {
      return null;
    }
    List<Object> values = (List<Object>) HBaseValues.decode(org.apache.hadoop.hbase.CellUtil.cloneValue(cell));
    return new IndexHit(new IndexEntry(definition, values), cell.getTimestamp());
  }

  /** The master key a unique row's owner cell names, or null when the row has none. */
  @SuppressWarnings("unchecked")
  static List<Object> owner(Result result) {
    byte[] owner = result.getValue(HBaseDaoBase.FAMILY, OWNER);
    return owner == null ? null : (List<Object>) HBaseValues.decode(owner);
  }
}
