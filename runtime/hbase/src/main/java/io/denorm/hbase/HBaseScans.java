package io.denorm.hbase;

import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexScans;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;

/** Whole-table reads for index maintenance on HBase: one segment per region. */
final class HBaseScans<E> implements IndexScans<E> {

  private final HBaseDaoBase<E> dao;
  private final Map<String, HBaseIndexTable> tables;

  HBaseScans(HBaseDaoBase<E> dao, Map<String, HBaseIndexTable> tables) {
    this.dao = dao;
    this.tables = tables;
  }

  @Override
  public List<Segment<IndexHit>> index(IndexDefinition index) {
    HBaseIndexTable table = tables.get(index.name());
    return regions(dao, table.tableName(), table::hit);
  }

  @Override
  public List<Segment<E>> master() {
    return regions(dao, dao.masterTable(), dao::fromResult);
  }

  @Override
  public List<Segment<IndexHit>> index(IndexDefinition index, int segments) {
    HBaseIndexTable table = tables.get(index.name());
    return regions(dao, table.tableName(), table::hit, segments);
  }

  @Override
  public List<Segment<E>> master(int segments) {
    return regions(dao, dao.masterTable(), dao::fromResult, segments);
  }

  /** Every row of {@code table}, one segment per region, page by page; rows {@code map} turns into null are skipped. */
  static <T> List<Segment<T>> regions(HBaseTableAccess<?> dao, TableName table, Function<Result, T> map) {
    return regions(dao, table, map, 1);
  }

  /**
   * As above, each region split into equal key ranges (by the keys' leading bytes) so that there
   * are at least {@code segments} segments.
   */
  static <T> List<Segment<T>> regions(HBaseTableAccess<?> dao, TableName table, Function<Result, T> map, int segments) {
    List<HRegionLocation> regions = HBaseDaoBase.join(dao.connection().getRegionLocator(table).getAllRegionLocations());
    int split = Math.max(1, (segments + regions.size() - 1) / regions.size());
    List<Segment<T>> out = new ArrayList<>(regions.size() * split);
    for (HRegionLocation region : regions) {
      byte[][] bounds = split(region.getRegion().getStartKey(), region.getRegion().getEndKey(), split);
      for (int i = 0; i + 1 < bounds.length; i++) {
        out.add(segment(dao, table, map, bounds[i], bounds[i + 1]));
      }
    }
    return out;
  }

  /**
   * {@code pieces} + 1 boundaries from {@code start} to {@code end} (empty: the table's start or
   * end), the inner ones evenly spaced over the keys' first 8 bytes; fewer when the range is too
   * narrow to split.
   */
  static byte[][] split(byte[] start, byte[] end, int pieces) {
    if (pieces <= 1) {
      return new byte[][] {start, end};
    }
    java.math.BigInteger lo = prefix(start, false);
    java.math.BigInteger hi = prefix(end, true);
    java.math.BigInteger width = hi.subtract(lo);
    List<byte[]> bounds = new ArrayList<>(pieces + 1);
    bounds.add(start);
    byte[] previous = start;
    for (int i = 1; i < pieces; i++) {
      java.math.BigInteger at = lo.add(width.multiply(java.math.BigInteger.valueOf(i)).divide(java.math.BigInteger.valueOf(pieces)));
      byte[] key = new byte[8];
      byte[] raw = at.toByteArray();
      int copy = Math.min(8, raw.length);
      System.arraycopy(raw, raw.length - copy, key, 8 - copy, copy);
      if (org.apache.hadoop.hbase.util.Bytes.compareTo(key, previous) > 0 && (end.length == 0 || org.apache.hadoop.hbase.util.Bytes.compareTo(key, end) < 0)) {
        bounds.add(key);
        previous = key;
      }
    }
    bounds.add(end);
    return bounds.toArray(byte[][]::new);
  }

  /** The first 8 bytes of {@code key} as an unsigned number (an empty end key: past every key). */
  private static java.math.BigInteger prefix(byte[] key, boolean end) {
    if (key.length == 0) {
      return end ? java.math.BigInteger.ONE.shiftLeft(64) : java.math.BigInteger.ZERO;
    }
    byte[] first = java.util.Arrays.copyOf(key, 8);
    return new java.math.BigInteger(1, first);
  }

  private static <T> Segment<T> segment(HBaseTableAccess<?> dao, TableName table, Function<Result, T> map, byte[] start, byte[] end) {
    return Segment.of("region " + org.apache.hadoop.hbase.util.Bytes.toHex(start) + ".." + org.apache.hadoop.hbase.util.Bytes.toHex(end), sink -> {
      Scan scan = new Scan().withStartRow(start).addFamily(HBaseDaoBase.FAMILY).setCaching(500);
      if (end.length > 0) {
        scan.withStopRow(end);
      }
      try (ResultScanner scanner = dao.table(table).getScanner(scan)) {
        for (Result r : scanner) {
          T row = map.apply(r);
          if (row != null) {
            sink.accept(row);
          }
        }
      }
    });
  }
}
