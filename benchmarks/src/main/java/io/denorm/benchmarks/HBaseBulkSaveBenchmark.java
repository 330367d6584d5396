package io.denorm.benchmarks;

import io.denorm.WriteClock;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseSchemaManager;
import io.denorm.hbase.HBaseValues;
import io.denorm.testkit.HBaseTarget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;

/**
 * End-to-end bulk save on one embedded HBase, in one run: the generated {@code HBaseBenchReadingDao}
 * against raw client writes of the very same cells (same row keys, qualifiers, value bytes, marker
 * cell and one WriteClock timestamp per row), so that the difference is the DAO's write path only.
 *
 * <ul>
 *   <li>DAO {@code save(r)}, one at a time (each save is one atomic row mutation);
 *   <li>DAO {@code saveAsync(r)}, {@code bench.inFlight} saves in flight;
 *   <li>raw {@code BufferedMutator} puts (client-side write buffer, flushed at the end: the baseline);
 *   <li>raw {@code AsyncTable.put}, the same number in flight.
 * </ul>
 *
 * Each variant writes its own rows into its own namespace; every round runs each variant once and
 * counts the rows afterwards. Sizes: -Dbench.rows, -Dbench.inFlight, -Dbench.rounds.
 */
public final class HBaseBulkSaveBenchmark {

  static final int ROWS = Integer.getInteger("bench.rows", 30_000);
  static final int IN_FLIGHT = Integer.getInteger("bench.inFlight", 64);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
  static final byte[] FAMILY = HBaseDaoBase.FAMILY_NAME.getBytes(StandardCharsets.UTF_8);
  static final Instant T0 = Instant.parse("2026-11-21T00:00:00Z");

  private final Connection connection;
  private final WriteClock clock = WriteClock.shared();

  HBaseBulkSaveBenchmark(Connection connection) {
    this.connection = connection;
  }

  public static void main(String[] args) throws Exception {
    try (HBaseTarget target = HBaseTarget.fromSystemProperties(Path.of("target", "denorm-servers", "bench-hbase"));
         Connection connection = target.newConnection()) {
      System.out.printf("Denorm HBase bulk-save benchmark on %s%n", target.describe());
      System.out.printf("%d rows per variant and round, %d in flight, %d rounds; 2 cores%n%n", ROWS, IN_FLIGHT, ROUNDS);
      new HBaseBulkSaveBenchmark(connection).run();
      HBaseConnections.close(connection);
    }
  }

  void run() throws Exception {
    HBaseSchemaManager schema = HBaseSchemaManager.of(connection);
    for (String ns : List.of("bench_dao_sync", "bench_dao_async", "bench_mutator", "bench_async_put")) {
      schema.dropNamespace(ns);
      schema.applyFromClasspath(ns);
    }
    BenchReadingDao sync = new HBaseBenchReadingDao(connection, "bench_dao_sync");
    BenchReadingDao async = new HBaseBenchReadingDao(connection, "bench_dao_async");
    System.out.println("warm-up: 5,000 rows through each variant");
    daoSync(sync, rows("warm", 5_000));
    daoAsync(async, rows("warm", 5_000));
    mutator("bench_mutator", rows("warm", 5_000));
    asyncPut("bench_async_put", rows("warm", 5_000));
    System.out.println();
    System.out.println("round | DAO save() | DAO saveAsync | BufferedMutator | AsyncTable.put | saveAsync/mutator | save()/mutator | saveAsync/put");
    for (int round = 1; round <= ROUNDS; round++) {
      String tag = "r" + round;
      double daoSync = daoSync(sync, rows(tag, ROWS / 3));
      double daoAsync = daoAsync(async, rows(tag, ROWS));
      double mutator = mutator("bench_mutator", rows(tag, ROWS));
      double put = asyncPut("bench_async_put", rows(tag, ROWS));
      System.out.printf("%5d | %8.0f/s | %11.0f/s | %13.0f/s | %12.0f/s | %17.2f | %14.2f | %13.2f%n",
          round, daoSync, daoAsync, mutator, put, daoAsync / mutator, daoSync / mutator, daoAsync / put);
    }
    long expectedBig = 5_000 + (long) ROUNDS * ROWS;
    long expectedSync = 5_000 + (long) ROUNDS * (ROWS / 3);
    System.out.printf("%nrows stored: DAO save() %d (expected %d), DAO saveAsync %d, BufferedMutator %d, AsyncTable.put %d (expected %d each)%n",
        count("bench_dao_sync"), expectedSync, count("bench_dao_async"), count("bench_mutator"), count("bench_async_put"), expectedBig);
  }

  /** {@code n} readings of 100 sensors, one a second per sensor, named by {@code tag} so rounds do not overwrite each other. */
  static List<BenchReading> rows(String tag, int n) {
    List<BenchReading> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new BenchReading(tag + "-sensor-" + i % 100, T0.plusSeconds(i / 100), 20 + (i % 1000) * 0.01, "C", "calibrated"));
    }
    return out;
  }

  double daoSync(BenchReadingDao dao, List<BenchReading> rows) {
    long t0 = System.nanoTime();
    for (BenchReading r : rows) {
      dao.save(r);
    }
    return rate(rows.size(), t0);
  }

  double daoAsync(BenchReadingDao dao, List<BenchReading> rows) throws InterruptedException {
    Semaphore permits = new Semaphore(IN_FLIGHT);
    List<CompletableFuture<Void>> all = new ArrayList<>(rows.size());
    long t0 = System.nanoTime();
    for (BenchReading r : rows) {
      permits.acquire();
      CompletableFuture<Void> f = dao.saveAsync(r).toCompletableFuture();
      f.whenComplete((v, e) -> permits.release());
      all.add(f);
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
    return rate(rows.size(), t0);
  }

  /** The Put the DAO writes for {@code r}: same key, cells, marker cell and one timestamp for all. */
  Put put(BenchReading r) {
    return put(r, clock.next());
  }

  /** The Put the DAO writes for {@code r} at {@code ts}. */
  static Put put(BenchReading r, long ts) {
    byte[] row = HBaseBenchReadingMapper.KEY.encode(HBaseBenchReadingMapper.key(r));
    Put put = new Put(row).addColumn(FAMILY, new byte[0], ts, new byte[0]);
    List<Object> cells = HBaseBenchReadingMapper.cells(r);
    for (int i = 0; i < cells.size(); i++) {
      put.addColumn(FAMILY, HBaseBenchReadingMapper.COLUMNS.get(i).getBytes(StandardCharsets.UTF_8), ts, HBaseValues.encode(cells.get(i)));
    }
    return put;
  }

  double mutator(String ns, List<BenchReading> rows) throws Exception {
    long t0 = System.nanoTime();
    try (BufferedMutator m = connection.getBufferedMutator(TableName.valueOf(ns, "bench_readings"))) {
      for (BenchReading r : rows) {
        m.mutate(put(r));
      }
      m.flush();
    }
    return rate(rows.size(), t0);
  }

  double asyncPut(String ns, List<BenchReading> rows) throws InterruptedException {
    AsyncTable<?> table = HBaseConnections.async(connection).getTable(TableName.valueOf(ns, "bench_readings"));
    Semaphore permits = new Semaphore(IN_FLIGHT);
    List<CompletableFuture<Void>> all = new ArrayList<>(rows.size());
    long t0 = System.nanoTime();
    for (BenchReading r : rows) {
      permits.acquire();
      CompletableFuture<Void> f = table.put(put(r));
      f.whenComplete((v, e) -> permits.release());
      all.add(f);
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
    return rate(rows.size(), t0);
  }

  long count(String ns) throws Exception {
    try (Table t = connection.getTable(TableName.valueOf(ns, "bench_readings"));
         ResultScanner rows = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()).setCaching(1000))) {
      long n = 0;
      for (var ignored : rows) {
        n++;
      }
      return n;
    }
  }

  private static double rate(int n, long t0) {
    return n / ((System.nanoTime() - t0) / 1e9);
  }
}
