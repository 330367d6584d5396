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

  private final HBaseTableAccess<E> dao;
  private final Map<String, HBaseIndexTable> tables;

  HBaseScans(HBaseTableAccess<E> dao, Map<String, HBaseIndexTable> tables) {
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
   * As above, with at least {@code segments} segments: when there are fewer regions, each region is
   * split into key ranges, the larger regions (by their store files and memstore, as the servers
   * report them) into more, each between the region's first and last row evenly over the keys'
   * first 8 bytes.
   */
  static <T> List<Segment<T>> regions(HBaseTableAccess<?> dao, TableName table, Function<Result, T> map, int segments) {
    List<HRegionLocation> regions = HBaseDaoBase.join(dao.connection().getRegionLocator(table).getAllRegionLocations());
    List<Segment<T>> out = new ArrayList<>();
    if (segments <= regions.size()) {
      for (HRegionLocation region : regions) {
        out.add(segment(dao, table, map, region.getRegion().getStartKey(), region.getRegion().getEndKey()));
      }
      return out;
    }
    Map<String, Long> sizes = regionSizes(dao, table, regions);
    long total = sizes.values().stream().mapToLong(Long::longValue).sum();
    for (HRegionLocation region : regions) {
      byte[] start = region.getRegion().getStartKey();
      byte[] end = region.getRegion().getEndKey();
      long size = sizes.getOrDefault(region.getRegion().getEncodedName(), 0L);
      int pieces = total > 0 ? (int) Math.max(1, Math.round((double) segments * size / total))
          : (segments + regions.size() - 1) / regions.size();
      byte[][] bounds = pieces <= 1 ? new byte[][] {start, end} : split(start, end, pieces, firstRow(dao, table, start, end), lastRow(dao, table, start, end));
      for (int i = 0; i + 1 < bounds.length; i++) {
        out.add(segment(dao, table, map, bounds[i], bounds[i + 1]));
      }
    }
    return out;
  }

  /** The bytes each region of {@code table} holds (store files and memstore), by encoded region name; empty when the servers cannot tell. */
  private static Map<String, Long> regionSizes(HBaseTableAccess<?> dao, TableName table, List<HRegionLocation> regions) {
    Map<String, Long> sizes = new java.util.HashMap<>();
    try {
      for (org.apache.hadoop.hbase.ServerName server : regions.stream().map(HRegionLocation::getServerName).distinct().toList()) {
        for (org.apache.hadoop.hbase.RegionMetrics m : HBaseDaoBase.join(dao.connection().getAdmin().getRegionMetrics(server, table))) {
          long bytes = (long) (m.getStoreFileSize().get(org.apache.hadoop.hbase.Size.Unit.BYTE)
              + m.getMemStoreSize().get(org.apache.hadoop.hbase.Size.Unit.BYTE));
          sizes.put(org.apache.hadoop.hbase.client.RegionInfo.encodeRegionName(m.getRegionName()), bytes);
        }
      }
    } catch (RuntimeException e) {
      return Map.of(); // no metrics (permissions, an old server): regions count alike
    }
    return sizes;
  }

  /** The first row key in [start, end), or null when the range is empty. */
  private static byte[] firstRow(HBaseTableAccess<?> dao, TableName table, byte[] start, byte[] end) {
    Scan scan = new Scan().withStartRow(start).setLimit(1).setFilter(new org.apache.hadoop.hbase.filter.KeyOnlyFilter());
    if (end.length > 0) {
      scan.withStopRow(end);
    }
    List<Result> rows = HBaseDaoBase.join(dao.table(table).scanAll(scan));
    return rows.isEmpty() ? null : rows.get(0).getRow();
  }

  /** The last row key in [start, end), or null when the range is empty. */
  private static byte[] lastRow(HBaseTableAccess<?> dao, TableName table, byte[] start, byte[] end) {
    Scan scan = new Scan().setReversed(true).setLimit(1).setFilter(new org.apache.hadoop.hbase.filter.KeyOnlyFilter());
    if (end.length > 0) {
      scan.withStartRow(end, false);
    }
    if (start.length > 0) {
      scan.withStopRow(start, true);
    }
    List<Result> rows = HBaseDaoBase.join(dao.table(table).scanAll(scan));
    return rows.isEmpty() ? null : rows.get(0).getRow();
  }

  /** The segment a name {@code region start..end} (hex keys) gives, or null for a name of another form. */
  static <T> Segment<T> named(HBaseTableAccess<?> dao, TableName table, Function<Result, T> map, String range) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("region ([0-9a-f]*)\\.\\.([0-9a-f]*)").matcher(range);
    if (!m.matches()) {
      return null;
    }
    return segment(dao, table, map, org.apache.hadoop.hbase.util.Bytes.fromHex(m.group(1)), org.apache.hadoop.hbase.util.Bytes.fromHex(m.group(2)));
  }

  @Override
  public Segment<IndexHit> indexSegment(IndexDefinition index, String range) {
    HBaseIndexTable table = tables.get(index.name());
    return named(dao, table.tableName(), table::hit, range);
  }

  @Override
  public Segment<E> masterSegment(String range) {
    return named(dao, dao.masterTable(), dao::fromResult, range);
  }

  /**
   * {@code pieces} + 1 boundaries from {@code start} to {@code end} (empty: the table's start or
   * end), the inner ones evenly spaced over the first 8 bytes of the keys from {@code first} to
   * {@code last} (the range's first and last rows; null: the range's own bounds); fewer when the
   * range is too narrow to split.
   */
  static byte[][] split(byte[] start, byte[] end, int pieces, byte[] first, byte[] last) {
    if (pieces <= 1) {
      return new byte[][] {start, end};
    }
    java.math.BigInteger lo = prefix(first != null ? first : start, false);
    java.math.BigInteger hi = last != null ? prefix(last, false).add(java.math.BigInteger.ONE) : prefix(end, true);
    java.math.BigInteger width = hi.subtract(lo);
    List<byte[]> bounds = new ArrayList<>(pieces + 1);
    bounds.add(start);
    byte[] previous = start;
    for (int i = 1; i < pieces && width.signum() > 0; i++) {
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
