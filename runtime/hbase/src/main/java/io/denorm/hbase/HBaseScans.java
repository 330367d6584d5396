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

  /** Every row of {@code table}, one segment per region, page by page; rows {@code map} turns into null are skipped. */
  static <T> List<Segment<T>> regions(HBaseTableAccess<?> dao, TableName table, Function<Result, T> map) {
    List<HRegionLocation> regions = HBaseDaoBase.join(dao.connection().getRegionLocator(table).getAllRegionLocations());
    List<Segment<T>> out = new ArrayList<>(regions.size());
    for (HRegionLocation region : regions) {
      byte[] start = region.getRegion().getStartKey();
      byte[] end = region.getRegion().getEndKey();
      out.add(Segment.of("region " + org.apache.hadoop.hbase.util.Bytes.toHex(start) + ".." + org.apache.hadoop.hbase.util.Bytes.toHex(end), sink -> {
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
      }));
    }
    return out;
  }
}
