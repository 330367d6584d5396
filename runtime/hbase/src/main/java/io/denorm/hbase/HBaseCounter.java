package io.denorm.hbase;

import io.denorm.WriteClock;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexStore;
import io.denorm.key.RowKeyCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A {@code @Count} cell in the counting entity's row, moved by compare-and-set. Its qualifier
 * starts with {@code #} ({@link #PREFIX}): the cell holds a raw 8-byte big-endian long (the form
 * HBase's {@code Increment} keeps), not Denorm's typed encoding, and the entity's own saves never
 * write it.
 */
public final class HBaseCounter {

  /** The first character of a count's qualifier. */
  public static final char PREFIX = '#';

  private final HBaseDaoBase<?> dao;
  private final TableName table;
  private final RowKeyCodec key;
  private final KeySalt salt;
  private final String entity;
  private final byte[] qualifier;

  HBaseCounter(HBaseDaoBase<?> dao, TableName table, RowKeyCodec key, KeySalt salt, String entity, String qualifier) {
    if (qualifier.isEmpty() || qualifier.charAt(0) != PREFIX) {
      throw new IllegalArgumentException("a count's qualifier starts with " + PREFIX + ": " + qualifier);
    }
    this.dao = dao;
    this.table = table;
    this.key = key;
    this.salt = salt;
    this.entity = entity;
    this.qualifier = qualifier.getBytes(StandardCharsets.UTF_8);
  }

  /** Whether {@code qualifier} names a count cell. */
  static boolean isCount(byte[] qualifier) {
    return qualifier.length > 0 && qualifier[0] == PREFIX;
  }

  /** A count cell's value; an absent cell is 0. */
  static long value(byte[] cell) {
    return cell == null ? 0L : Bytes.toLong(cell);
  }

  private byte[] row(Object id) {
    return salt.row(key, List.of(id), entity);
  }

  /**
   * Adds {@code delta} by compare-and-set: read, then {@code checkAndMutate} on the value read, again
   * with a fresh read when another move got there first. Not an {@code Increment}: an increment's
   * cell carries the region server's time in milliseconds, and a delete of the row stamped by
   * {@link io.denorm.WriteClock} (microseconds) would hide every later increment.
   */
  CompletionStage<Void> move(Object id, long delta) {
    return move(row(id), delta, 1);
  }

  private CompletionStage<Void> move(byte[] row, long delta, int attempt) {
    return dao.table(table).get(new Get(row).addColumn(HBaseDaoBase.FAMILY, qualifier)).thenCompose(now -> {
      byte[] cell = now.getValue(HBaseDaoBase.FAMILY, qualifier);
      Put put = new Put(row).addColumn(HBaseDaoBase.FAMILY, qualifier, WriteClock.shared().next(), Bytes.toBytes(value(cell) + delta));
      CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
      CheckAndMutate cas = cell == null ? check.ifNotExists(HBaseDaoBase.FAMILY, qualifier).build(put)
          : check.ifEquals(HBaseDaoBase.FAMILY, qualifier, cell).build(put);
      return dao.table(table).checkAndMutate(cas).thenCompose(result -> {
        if (result.isSuccess()) {
          return CompletableFuture.<Void>completedFuture(null);
        }
        if (attempt >= ATTEMPTS) {
          return CompletableFuture.<Void>failedFuture(new io.denorm.DenormException("count " + table + "." + new String(qualifier, StandardCharsets.UTF_8)
              + " not moved by " + delta + ": " + ATTEMPTS + " compare-and-sets lost to concurrent moves; rebuild the counts to repair it"));
        }
        long pauseMicros = java.util.concurrent.ThreadLocalRandom.current().nextLong(100, 200L * Math.min(attempt, 20));
        return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(pauseMicros, java.util.concurrent.TimeUnit.MICROSECONDS))
            .thenCompose(x -> move(row, delta, attempt + 1));
      });
    });
  }

  /** How many lost compare-and-sets a move retries before it gives up. */
  static final int ATTEMPTS = 64;

  /** Every counting row, one segment per region; a row without the cell counts 0. */
  List<IndexScans.Segment<IndexStore.CountRow>> rows() {
    List<HRegionLocation> regions = HBaseDaoBase.join(dao.connection().getRegionLocator(table).getAllRegionLocations());
    List<IndexScans.Segment<IndexStore.CountRow>> out = new ArrayList<>(regions.size());
    for (HRegionLocation region : regions) {
      byte[] start = region.getRegion().getStartKey();
      byte[] end = region.getRegion().getEndKey();
      out.add(sink -> {
        Scan scan = new Scan().withStartRow(start).addFamily(HBaseDaoBase.FAMILY).setCaching(500);
        if (end.length > 0) {
          scan.withStopRow(end);
        }
        try (ResultScanner scanner = dao.table(table).getScanner(scan)) {
          for (Result r : scanner) {
            Object id = HBaseKeys.storedForm(key.decode(r.getRow(), salt.length())).get(0);
            sink.accept(new IndexStore.CountRow(id, value(r.getValue(HBaseDaoBase.FAMILY, qualifier))));
          }
        }
      });
    }
    return out;
  }

  /** How many rows of the membership table {@code members} the counting row {@code id} has. */
  CompletionStage<Long> members(HBaseIndexTable members, Object id) {
    KeyRange range = KeyRange.prefix(members.identity(), List.of(id));
    Scan scan = new Scan().withStartRow(range.start()).setFilter(new FirstKeyOnlyFilter()).setCaching(1000);
    if (range.stop() != null) {
      scan.withStopRow(range.stop());
    }
    return CompletableFuture.supplyAsync(() -> {
      long n = 0;
      try (ResultScanner scanner = dao.table(members.tableName()).getScanner(scan)) {
        for (Result r : scanner) {
          n++;
        }
      }
      return n;
    });
  }

  /** Sets the count of {@code id} to {@code value} if it is still {@code stored}; completes with whether it was. */
  CompletionStage<Boolean> set(Object id, long stored, long value) {
    byte[] row = row(id);
    return dao.table(table).get(new Get(row).addColumn(HBaseDaoBase.FAMILY, qualifier)).thenCompose(now -> {
      byte[] cell = now.getValue(HBaseDaoBase.FAMILY, qualifier);
      if (value(cell) != stored) {
        return CompletableFuture.completedFuture(false);
      }
      Put put = new Put(row).addColumn(HBaseDaoBase.FAMILY, qualifier, WriteClock.shared().next(), Bytes.toBytes(value));
      CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
      CheckAndMutate cas = cell == null ? check.ifNotExists(HBaseDaoBase.FAMILY, qualifier).build(put)
          : check.ifEquals(HBaseDaoBase.FAMILY, qualifier, cell).build(put);
      return dao.table(table).checkAndMutate(cas).thenApply(CheckAndMutateResult::isSuccess);
    });
  }
}
