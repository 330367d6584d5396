package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A {@code @CountDistinct} on HBase: each pair (group, distinct value) is a row of table {@code
 * <name>_members}, claimed by a put-if-absent {@code checkAndMutate}; per group, cell {@code d:n} of
 * table {@code <name>} is an {@code Increment}ed count that only a won claim moves. The count rows
 * are never deleted, so the milliseconds of increments never meet Denorm's microsecond deletes.
 */
public final class HBaseDistinctCount {

  static final byte[] CLAIMED = Bytes.toBytes("c");
  static final byte[] COUNT = Bytes.toBytes("n");
  /** Not empty: HBase's "if not exists" check also matches a cell whose value is empty. */
  static final byte[] CLAIMED_VALUE = {1};

  private final HBaseDaoBase<?> dao;
  private final String name;
  private final TableName counts;
  private final TableName pairs;
  private final RowKeyCodec pairKey;
  private final RowKeyCodec groupKey;

  HBaseDistinctCount(HBaseDaoBase<?> dao, String name, RowKeyCodec pairKey, RowKeyCodec groupKey) {
    this.dao = dao;
    this.name = name;
    this.counts = TableName.valueOf(dao.namespace(), name);
    this.pairs = TableName.valueOf(dao.namespace(), name + "_members");
    this.pairKey = pairKey;
    this.groupKey = groupKey;
  }

  /** Counts {@code value} in {@code group} unless it was counted before; completes with whether it was new. Null values count nothing. */
  public CompletionStage<Boolean> add(Object group, Object value) {
    if (group == null || value == null) {
      return CompletableFuture.completedFuture(false);
    }
    byte[] pair = pairKey.encode(HBaseKeys.keyForm(List.of(group, value)));
    CheckAndMutate claim = CheckAndMutate.newBuilder(pair).ifNotExists(HBaseDaoBase.FAMILY, CLAIMED)
        .build(dao.durable(new Put(pair)).addColumn(HBaseDaoBase.FAMILY, CLAIMED, CLAIMED_VALUE));
    return dao.table(pairs).checkAndMutate(claim).thenCompose(result -> {
      if (!result.isSuccess()) {
        return CompletableFuture.completedFuture(false);
      }
      return dao.table(counts).increment(dao.durable(new Increment(row(group))).addColumn(HBaseDaoBase.FAMILY, COUNT, 1L)).thenApply(done -> true);
    });
  }

  /** The count of {@code group}: 0 when nothing was counted. */
  public CompletionStage<Long> count(Object group) {
    return dao.table(counts).get(new Get(row(group)).addColumn(HBaseDaoBase.FAMILY, COUNT)).thenApply(r -> {
      byte[] cell = r.getValue(HBaseDaoBase.FAMILY, COUNT);
      return cell == null ? 0L : Bytes.toLong(cell);
    });
  }

  /** Counts the pairs of {@code group} and moves the count to that number; returns it. */
  public CompletionStage<Long> recount(Object group) {
    KeyRange range = KeyRange.prefix(pairKey, List.of(group));
    Scan scan = new Scan().withStartRow(range.start()).setFilter(new FirstKeyOnlyFilter()).setCaching(1000);
    if (range.stop() != null) {
      scan.withStopRow(range.stop());
    }
    return dao.countRows(pairs, scan, r -> true).thenCompose(exact -> {
      return count(group).thenCompose(stored -> exact == stored ? CompletableFuture.completedFuture(exact)
          : dao.table(counts).increment(dao.durable(new Increment(row(group))).addColumn(HBaseDaoBase.FAMILY, COUNT, exact - stored)).thenApply(done -> exact));
    });
  }

  private byte[] row(Object group) {
    java.util.Objects.requireNonNull(group, name + " group");
    return groupKey.encode(HBaseKeys.keyForm(List.of(group)));
  }
}
