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
  /** The count this table's rows are the memberships of, or null for a plain index. */
  final HBaseCounter counter;

  HBaseIndexTable(IndexDefinition definition, String name, TableName table, RowKeyCodec identity) {
    this(definition, name, table, identity, null);
  }

  HBaseIndexTable(IndexDefinition definition, String name, TableName table, RowKeyCodec identity, HBaseCounter counter) {
    if (identity.components().size() != definition.identityCount()) {
      throw new IllegalArgumentException("index " + definition.name() + ": the row key has " + identity.components().size()
          + " components, the identity " + definition.identityCount());
    }
    this.definition = definition;
    this.name = name;
    this.table = table;
    this.identity = identity;
    this.counter = counter;
  }

  /** Whether this table's rows are memberships of a count, claimed and released by compare-and-set. */
  public boolean counts() {
    return counter != null;
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
