package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.trades.HBaseTradeMapper;
import io.denorm.examples.trades.Trade;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseValues;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import io.denorm.testkit.HBaseExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link TradeDaoContract} on a real HBase, and what only HBase shows: the salt byte, buckets and regions. */
@ExtendWith(HBaseExtension.class)
class HBaseTradeDaoTest extends TradeDaoContract {

  static Connection connection;
  private static final TableName TRADES = TableName.valueOf("trades_test", "trades");
  private static final byte[] FAMILY = HBaseDaoBase.FAMILY_NAME.getBytes(StandardCharsets.UTF_8);

  @BeforeAll
  static void open(Connection client) {
    connection = client;
    use(Stores.hbase(client));
  }

  @Test
  void theTableIsPreSplitIntoOneRegionPerBucket() throws Exception {
    try (RegionLocator locator = connection.getRegionLocator(TRADES)) {
      List<HRegionLocation> regions = locator.getAllRegionLocations();
      assertEquals(16, regions.size());
      for (int b = 0; b < 16; b++) {
        byte[] start = regions.get(b).getRegion().getStartKey();
        assertArrayEquals(b == 0 ? new byte[0] : new byte[] {(byte) b}, start, "region " + b);
      }
    }
  }

  @Test
  void everyRowSitsInTheBucketOfItsSymbolAndTime() throws Exception {
    Map<Integer, Integer> acmeRowsPerBucket = new HashMap<>();
    Map<Instant, Integer> bucketOfTime = new HashMap<>();
    try (Table t = connection.getTable(TRADES); ResultScanner rows = t.getScanner(new Scan())) {
      for (Result r : rows) {
        byte[] row = r.getRow();
        List<Object> key = HBaseTradeMapper.KEY.decode(row, 1);
        int bucket = row[0] & 0xFF;
        assertEquals(HBaseTradeMapper.SALT.bucket(HBaseTradeMapper.KEY, key), bucket, "salt byte of " + key);
        assertArrayEquals(HBaseTradeMapper.SALT.row(HBaseTradeMapper.KEY, key, "Trade"), row);
        if ("ACME".equals(key.get(0))) {
          acmeRowsPerBucket.merge(bucket, 1, Integer::sum);
          Integer before = bucketOfTime.put((Instant) key.get(1), bucket);
          assertTrue(before == null || before == bucket, "both trades of one time share a bucket");
        }
      }
    }
    assertEquals(new TreeSet<>(java.util.stream.IntStream.range(0, 16).boxed().toList()), new TreeSet<>(acmeRowsPerBucket.keySet()),
        "one symbol's trades spread over every bucket: " + acmeRowsPerBucket);
    assertEquals(240, acmeRowsPerBucket.values().stream().mapToInt(Integer::intValue).sum());
  }

  /**
   * A row planted in the wrong bucket shows which buckets a finder reads: the history (time not
   * bound) reads all 16 and finds it; the exact-time finder reads only the bucket of (symbol, time).
   */
  @Test
  void aFinderThatBindsEverySaltedFieldReadsOneBucket() throws Exception {
    Trade t = acme.get(10);
    List<Object> key = List.of("ACME", t.at(), 1L);
    int home = HBaseTradeMapper.SALT.bucket(HBaseTradeMapper.KEY, key);
    byte[] unsalted = HBaseTradeMapper.KEY.encode(key);
    byte[] planted = new byte[unsalted.length + 1];
    planted[0] = (byte) ((home + 1) % 16);
    System.arraycopy(unsalted, 0, planted, 1, unsalted.length);
    try (Table table = connection.getTable(TRADES)) {
      table.put(new Put(planted).addColumn(FAMILY, new byte[0], new byte[0])
          .addColumn(FAMILY, "account".getBytes(StandardCharsets.UTF_8), HBaseValues.encode("planted")));
      try {
        assertEquals(acme.size() + 1, dao.findBySymbol("ACME").size(), "the history reads every bucket");
        assertTrue(dao.findBySymbol("ACME").stream().anyMatch(x -> "planted".equals(x.account())));
        assertEquals(2, dao.findBySymbolAndAt("ACME", t.at()).size(), "the exact-time finder reads the home bucket only");
        assertTrue(dao.findBySymbolAndAtAndTradeId("ACME", t.at(), 1L).isEmpty(), "a get computes the home bucket");
      } finally {
        table.delete(new Delete(planted));
      }
    }
    assertEquals(acme, dao.findBySymbol("ACME"));
  }
}
