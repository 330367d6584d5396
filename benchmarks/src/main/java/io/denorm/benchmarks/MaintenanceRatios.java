package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.denorm.benchmarks.Ratios.Comparison;
import io.denorm.benchmarks.Ratios.Figure;
import io.denorm.benchmarks.Ratios.Kind;
import io.denorm.benchmarks.Ratios.Rival;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import io.denorm.index.IndexReport;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Goal 6 of {@link RatioBenchmark}: an index back-filled by {@code rebuild} and checked by {@code
 * verify}, in master rows per second, against raw writes of the same index rows (prepared async
 * inserts, 64 in flight) into a table of the same shape; and a rebuild in a JVM of its own with a
 * heap smaller than the table it reads ({@link SmallHeapRebuild}).
 */
final class MaintenanceRatios {

  static final String KS = "denorm_rebuild";
  static final String INDEX = "bench_users_by_location";
  static final int ROWS = Integer.getInteger("bench.rebuildRows", 30_000);
  static final int HEAP_ROWS = Integer.getInteger("bench.heapRows", 250_000);
  static final String HEAP_MB = System.getProperty("bench.heapMb", "32");

  private final CqlSession session;
  private final CassandraBenchUserDao dao;
  private final PreparedStatement master;
  private final PreparedStatement raw;
  private final List<RatioBenchmark.User> users;

  MaintenanceRatios(CqlSession session, String keyspace, int rows, String namePadding) {
    this.session = session;
    SchemaManager schemas = SchemaManager.of(session);
    schemas.dropKeyspace(keyspace);
    schemas.createKeyspace(keyspace, Replication.simple(BenchStores.REPLICATION));
    schemas.applyFromClasspath(keyspace);
    session.execute("CREATE TABLE " + keyspace + ".raw_users_by_location (state text, city text, id uuid, name text, email text,"
        + " verified boolean, PRIMARY KEY ((state), city, id)) WITH CLUSTERING ORDER BY (city ASC, id ASC)");
    this.dao = new CassandraBenchUserDao(session, keyspace);
    this.master = session.prepare("INSERT INTO " + keyspace + ".bench_users (id, name, email, state, city) VALUES (?, ?, ?, ?, ?)");
    this.raw = session.prepare("INSERT INTO " + keyspace + ".raw_users_by_location (state, city, id, name, email, verified) VALUES (?, ?, ?, ?, ?, false)");
    Random random = new Random(4000);
    this.users = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      String state = "S" + random.nextInt(RatioBenchmark.STATES);
      users.add(new RatioBenchmark.User(new UUID(4000, i), "rebuilt-" + i + namePadding, "r" + i + "@example.org", state,
          state + "-C" + random.nextInt(RatioBenchmark.CITIES)));
    }
  }

  static MaintenanceRatios forRatios(CqlSession session) {
    return new MaintenanceRatios(session, KS, ROWS, "");
  }

  /** Master rows written straight into the master table, with no index row: what a new index would back-fill. */
  MaintenanceRatios load() throws InterruptedException {
    Interleaved.timed(users, u -> session.executeAsync(master.bind(u.id(), u.name(), u.email(), u.state(), u.city())));
    return this;
  }

  /** A Denorm maintenance run: its report, after {@code prepare}. */
  private interface Run {
    IndexReport run();
  }

  Comparison backfill() {
    return comparison("maintenance.backfill", "back-fill an emptied index", "denorm backfill", true,
        () -> dao.indexMaintenance().backfill(INDEX, null), r -> r.masterRows() == ROWS && r.fixed() == ROWS);
  }

  Comparison rebuild() {
    return comparison("maintenance.rebuild", "rebuild an emptied index", "denorm rebuild", true,
        () -> dao.indexMaintenance().rebuild(INDEX, null), r -> r.masterRows() == ROWS && r.missing() == ROWS && r.fixed() == ROWS);
  }

  Comparison verify() {
    return comparison("maintenance.verify", "verify an index in step", "denorm verify", false,
        () -> dao.indexMaintenance().verify(INDEX, null), r -> r.masterRows() == ROWS && r.indexRows() == ROWS && r.problems() == 0);
  }

  /**
   * Denorm's {@code run} over the {@value #ROWS}-row table, in master rows per second, against raw
   * writes of the same index rows; {@code emptied}: the index table is truncated before the run (else
   * it is left full, as the run before left it). {@code expected} checks the run's report.
   */
  private Comparison comparison(String key, String title, String name, boolean emptied, Run run, java.util.function.Predicate<IndexReport> expected) {
    return new Comparison(key, title + ", " + ROWS + " rows", Kind.RATE, "rows/s", List.of(name, "raw writes"), round -> {
      double[] rate = new double[2];
      double[] serverCpu = new double[2];
      for (int k = 0; k < 2; k++) {
        int v = (k + round) % 2;
        if (v == 0) {
          if (emptied) {
            session.execute("TRUNCATE " + KS + "." + INDEX);
          }
          double cpu0 = serverCpuSeconds();
          long t0 = System.nanoTime();
          IndexReport report = run.run();
          rate[0] = ROWS / ((System.nanoTime() - t0) / 1e9);
          serverCpu[0] = serverCpuSeconds() - cpu0;
          require(expected.test(report), report);
        } else {
          session.execute("TRUNCATE " + KS + ".raw_users_by_location");
          double cpu0 = serverCpuSeconds();
          long nanos = Interleaved.timed(users, u -> session.executeAsync(raw.bind(u.state(), u.city(), u.id(), u.name(), u.email())));
          rate[1] = ROWS / (nanos / 1e9);
          serverCpu[1] = serverCpuSeconds() - cpu0;
        }
      }
      return new Figure[] {cpuFigure(rate[0], serverCpu[0]), cpuFigure(rate[1], serverCpu[1])};
    }, List.of(new Rival("raw", 1, 0.5)));
  }

  /** A rate, with the Cassandra server's CPU time per row beside it (when the server's process can be read). */
  private static Figure cpuFigure(double rate, double cpuSeconds) {
    return cpuSeconds < 0 ? Figure.of(rate)
        : new Figure(rate, String.format(java.util.Locale.ROOT, "server CPU %.0f µs/row", cpuSeconds * 1e6 / ROWS));
  }

  /**
   * The CPU seconds the local Cassandra server process has used (user + system, from {@code
   * /proc/<pid>/stat}), or -1 when there is no such process here (a remote cluster) or no /proc.
   */
  static double serverCpuSeconds() {
    // the java process whose command line (read whole: ProcessHandle's may be cut short) ends its JVM options with the daemon's class
    var server = ProcessHandle.allProcesses()
        .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
        .filter(p -> {
          try {
            byte[] cmdline = java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc", String.valueOf(p.pid()), "cmdline"));
            return java.util.Arrays.asList(new String(cmdline, StandardCharsets.UTF_8).split("\0")).contains("org.apache.cassandra.service.CassandraDaemon");
          } catch (java.io.IOException | RuntimeException e) {
            return false;
          }
        })
        .findFirst();
    if (server.isEmpty()) {
      return -1;
    }
    try {
      String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", String.valueOf(server.get().pid()), "stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // fields from the state (field 3): utime is field 14, stime field 15, in clock ticks of 1/100 s
      return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
  }

  private static void require(boolean ok, IndexReport report) {
    if (!ok) {
      throw new IllegalStateException("unexpected report: " + report);
    }
  }

  /**
   * Loads {@value #HEAP_ROWS} users whose names are padded to about 120 characters into a keyspace of
   * their own, then rebuilds their emptied index in a JVM with a {@code -Xmx} of {@link #HEAP_MB} MB,
   * smaller than the rows' values; prints what that JVM reports.
   */
  static List<String> smallHeapRun(CqlSession session) throws Exception {
    String keyspace = KS + "_heap";
    MaintenanceRatios big = new MaintenanceRatios(session, keyspace, HEAP_ROWS, "-" + "x".repeat(100));
    long bytes = big.users.stream().mapToLong(u -> 16 + u.name().length() + u.email().length() + u.state().length() + u.city().length()).sum();
    big.load();
    session.execute("TRUNCATE " + keyspace + "." + INDEX);
    var node = session.getMetadata().getNodes().values().iterator().next();
    InetSocketAddress address = (InetSocketAddress) node.getEndPoint().resolve();
    List<String> command = List.of(ProcessHandle.current().info().command().orElse("java"), "-Xmx" + HEAP_MB + "m",
        "-cp", System.getProperty("java.class.path"),
        "-Ddenorm.cassandra.contactPoints=" + address.getHostString() + ":" + address.getPort(),
        "-Ddenorm.cassandra.localDatacenter=" + node.getDatacenter(),
        SmallHeapRebuild.class.getName(), keyspace, INDEX, String.valueOf(HEAP_ROWS));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> out = new ArrayList<>();
    String intro = String.format(java.util.Locale.ROOT, "Rebuild in a small heap: %,d master rows holding %,d MB of values, in a JVM with -Xmx%sm",
        HEAP_ROWS, bytes >> 20, HEAP_MB);
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = lines.readLine()) != null; ) {
        if (line.startsWith("small heap: ")) {
          out.add(intro + ": " + line.substring("small heap: ".length()));
        }
        System.out.println("  [rebuild JVM] " + line);
      }
    }
    int exit = child.waitFor();
    if (exit != 0) {
      throw new IllegalStateException("the small-heap rebuild exited with " + exit);
    }
    CompletableFuture.runAsync(() -> SchemaManager.of(session).dropKeyspace(keyspace)).join();
    return out;
  }
}
