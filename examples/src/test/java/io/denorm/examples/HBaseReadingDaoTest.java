package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.WriteClock;
import io.denorm.examples.readings.HBaseReadingMapper;
import io.denorm.examples.readings.Reading;
import io.denorm.testkit.HBaseExtension;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ReadingDaoContract} on a real HBase, and what only HBase shows: row keys and cell timestamps. */
@ExtendWith(HBaseExtension.class)
class HBaseReadingDaoTest extends ReadingDaoContract {

  static Connection connection;

  @BeforeAll
  static void open(Connection client) {
    connection = client;
    use(Stores.hbase(client));
  }

  @Override
  io.denorm.Attributes refused() {
    return io.denorm.Attributes.none().withTimeout(java.time.Duration.ofNanos(1));
  }

  @Override
  boolean isRefusal(Throwable t) {
    // the operation's deadline passed before its first attempt: given up after that one attempt
    return t instanceof org.apache.hadoop.hbase.client.RetriesExhaustedException && t.getMessage().contains("attempts=1")
        || t instanceof org.apache.hadoop.hbase.exceptions.TimeoutIOException;
  }

  @Override
  io.denorm.Attributes accepted() {
    return io.denorm.Attributes.none().withTimeout(java.time.Duration.ofSeconds(60));
  }

  @Override
  Object effectiveAttributes(io.denorm.examples.readings.ReadingDao d) {
    return ((io.denorm.examples.readings.HBaseReadingDao) d).attributes();
  }

  @Test
  void everyCellOfASaveCarriesTheClientTimestampUnderTheEncodedKey() throws Exception {
    Instant at = Instant.parse("2026-11-20T06:00:00Z");
    long before = WriteClock.shared().next();
    dao.save(new Reading("ts", at, 1, "C"));
    long after = WriteClock.shared().next();
    List<Object> key = List.of("ts", LocalDate.of(2026, 11, 20), at);
    byte[] row = HBaseReadingMapper.SALT.row(HBaseReadingMapper.KEY, key, "Reading");
    assertEquals(HBaseReadingMapper.SALT.bucket(HBaseReadingMapper.KEY, key), row[0] & 0xFF, "one salt byte before the key");
    try (Table t = connection.getTable(TableName.valueOf("readings_test", "readings"))) {
      Result r = t.get(new Get(row));
      assertTrue(r.rawCells().length >= 3, Arrays.toString(r.rawCells()));
      Set<Long> stamps = new HashSet<>();
      for (Cell c : r.rawCells()) {
        stamps.add(c.getTimestamp());
      }
      assertEquals(1, stamps.size(), "one timestamp for every cell: " + stamps);
      long written = stamps.iterator().next();
      assertTrue(written > before && written < after, "write time " + written + " between " + before + " and " + after);
    }
  }

  @Test
  void aSensorsRowsShareOneBucketAndSensorsSpreadOverSeveral() throws Exception {
    Instant at = Instant.parse("2026-11-21T06:00:00Z");
    java.util.Map<String, Set<Integer>> buckets = new java.util.HashMap<>();
    for (int s = 0; s < 40; s++) {
      for (int d = 0; d < 3; d++) {
        dao.save(new Reading("spread-" + s, at.plus(java.time.Duration.ofDays(d)), d, "C"));
      }
    }
    try (Table t = connection.getTable(TableName.valueOf("readings_test", "readings"));
        org.apache.hadoop.hbase.client.ResultScanner rows = t.getScanner(new org.apache.hadoop.hbase.client.Scan())) {
      for (Result r : rows) {
        String sensor = (String) HBaseReadingMapper.KEY.decode(r.getRow(), 1).get(0);
        if (sensor.startsWith("spread-")) {
          buckets.computeIfAbsent(sensor, k -> new HashSet<>()).add(r.getRow()[0] & 0xFF);
        }
      }
    }
    assertEquals(40, buckets.size());
    buckets.forEach((sensor, b) -> assertEquals(1, b.size(), sensor + " rows of three days in buckets " + b));
    Set<Integer> used = new HashSet<>();
    buckets.values().forEach(used::addAll);
    assertTrue(used.size() >= 12, "40 sensors over 16 buckets use most of them: " + used);
  }
}
