package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.benchmarks.RatioBenchmark.User;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * What an insert of a new user with two indexes costs the client and the server, per variant: the
 * CPU time of this JVM (the client: driver, generated code, runtime, its garbage collection) and of
 * the embedded server's JVM (read through its JMX) over a slice of inserts at 64 in flight, divided
 * by the inserts, next to the rate; beside them, from the server's metrics, the time its tables
 * took to apply the variant's writes (summed over its tables, per insert) and the coordinator's
 * time per write request. On this 2-core machine client and server share the cores, so a
 * microsecond of client CPU per insert is a microsecond the server does not get. Variants run slice
 * by slice in the orders of {@link Orders} (each right after each other one equally often over the
 * rounds of a full design), inserts on fresh users.
 *
 * <p>Run: {@code mvn -B -q -Pinsert-probe -DskipTests package} in {@code benchmarks/} after an install
 * at the root. Sizes, as system properties of its JVM: {@code probe.inserts} (per variant and
 * round), {@code probe.rounds}, {@code probe.warmup} (inserts per variant before the rounds),
 * {@code probe.plain} (the plain entity's inserts instead), {@code probe.plainReads} (the plain
 * entity's {@code findById} at 64 in flight instead: the warm-up inserts the rows each variant then
 * reads at random, and the server's figures are those of reads), {@code probe.moves} (moves of the
 * covering-indexed user instead: the warm-up inserts the users each variant then moves; a slice
 * moves each of them at most once, so it holds at most {@code probe.warmup} moves, to cities drawn
 * from {@link RatioBenchmark}'s grid of states and cities as its moves are), {@code probe.only} (the variants whose name contains
 * one of its comma-separated parts, for a profile of some), {@code probe.profile} (after the
 * rounds, a slice of {@code probe.profileOps} operations of each variant alone while the server
 * records a Java Flight Recording and its threads' CPU times are read, in {@code
 * probe.profilePasses} passes: {@link ServerProfile}).
 */
public final class InsertCostProbe {

  static final int INSERTS = Integer.getInteger("probe.inserts", 20_000);
  static final int ROUNDS = Integer.getInteger("probe.rounds", 10);
  static final int WARMUP = Integer.getInteger("probe.warmup", 60_000);
  /** {@code -Dprobe.plain=true}: the plain entity's inserts (no index) against the driver's mapper and hand-written code instead. */
  static final boolean PLAIN = Boolean.getBoolean("probe.plain");
  /** {@code -Dprobe.plainReads=true}: the plain entity's {@code findById} against the mapper's and hand-written code's instead. */
  static final boolean PLAIN_READS = Boolean.getBoolean("probe.plainReads");
  /** {@code -Dprobe.moves=true}: moves of the covering-indexed user (Denorm's {@code save}, the same protocol by hand, 2 MVs) instead. */
  static final boolean MOVES = Boolean.getBoolean("probe.moves");
  /** {@code -Dprobe.profile=true}: after the rounds, per pass one slice of each variant alone under a flight recording of the server. */
  static final boolean PROFILE = Boolean.getBoolean("probe.profile");
  static final int PROFILE_OPS = Integer.getInteger("probe.profileOps", 100_000);
  /** Passes of the profile, every other one in the reverse order. */
  static final int PROFILE_PASSES = Integer.getInteger("probe.profilePasses", 2);

  public static void main(String[] args) throws Exception {
    BenchStores.onCassandra(RatioBenchmark.KS, b -> b.addRequestTracker(REQUESTS), true, InsertCostProbe::run);
  }

  /**
   * A variant: the operation measured ({@code insert}, or a read in {@link #PLAIN_READS}, a move in
   * {@link #MOVES}), the tables it touches (for the server's own latencies of them) and, for reads
   * and moves, the insert that writes the rows they read or move (else null).
   */
  record Variant(String name, List<String> tables, Function<User, CompletionStage<?>> insert, Function<User, CompletionStage<?>> load) {
    Variant(String name, List<String> tables, Function<User, CompletionStage<?>> insert) {
      this(name, tables, insert, null);
    }

    Variant(String name, String tables, Function<User, CompletionStage<?>> insert) {
      this(name, List.of(tables, tables + "_by_email", tables + (tables.startsWith("mv_") ? "_by_loc" : "_by_location")), insert);
    }
  }

  /** Requests the driver completed (a batch counts once). */
  static final java.util.concurrent.atomic.LongAdder REQUEST_COUNT = new java.util.concurrent.atomic.LongAdder();

  static final com.datastax.oss.driver.api.core.tracker.RequestTracker REQUESTS = new com.datastax.oss.driver.api.core.tracker.RequestTracker() {
    @Override
    public void onSuccess(com.datastax.oss.driver.api.core.session.Request request, long latencyNanos,
        com.datastax.oss.driver.api.core.config.DriverExecutionProfile profile, com.datastax.oss.driver.api.core.metadata.Node node, String logPrefix) {
      REQUEST_COUNT.increment();
    }

    @Override
    public void close() {}
  };

  static void run(CqlSession session) throws Exception {
    HandCoded.schema(session);
    HandCoded hand = new HandCoded(session);
    CassandraBenchLeanUserDao dao = new CassandraBenchLeanUserDao(session, RatioBenchmark.KS);
    CassandraBenchLoggedUserDao logged = new CassandraBenchLoggedUserDao(session, RatioBenchmark.KS);
    CassandraBenchPlainUserDao plain = new CassandraBenchPlainUserDao(session, RatioBenchmark.KS);
    MapperUserDao mapper = new BenchMapperBuilder(session).build().userDao(RatioBenchmark.KS);
    CassandraBenchUserDao userDao = new CassandraBenchUserDao(session, RatioBenchmark.KS);
    List<Variant> variants;
    variants = MOVES
        ? List.of(
            new Variant("denorm save(u)", List.of("bench_users", "bench_users_by_email", "bench_users_by_location"),
                u -> userDao.saveAsync(u.entity()), u -> userDao.insertAsync(u.entity())),
            new Variant("hand, same protocol", List.of("hand_users", "hand_users_by_email", "hand_users_by_location"), hand::move, hand::insert),
            new Variant("2 MVs", List.of("mv_users", "mv_users_by_email", "mv_users_by_loc"), hand::mvInsert, hand::mvInsert))
        : PLAIN_READS
        ? List.of(
            new Variant("denorm findByIdAsync", List.of("bench_plain_users"),
                u -> plain.findByIdAsync(u.id()).thenAccept(found -> RatioBenchmark.require(found.isPresent(), u)), u -> plain.saveAsync(u.plain())),
            new Variant("mapper findByIdAsync", List.of("mapper_plain_users"),
                u -> mapper.findByIdAsync(u.id()).thenAccept(found -> RatioBenchmark.require(found != null, u)), u -> mapper.saveAsync(u.mapped())),
            new Variant("hand select", List.of("hand_plain_users"),
                u -> hand.plainRead(u).thenAccept(found -> RatioBenchmark.require(found != null, u)), hand::plainInsert))
        : PLAIN
        ? List.of(
            new Variant("denorm saveAsync", List.of("bench_plain_users"), u -> plain.saveAsync(u.plain())),
            new Variant("mapper saveAsync", List.of("mapper_plain_users"), u -> mapper.saveAsync(u.mapped())),
            new Variant("hand insert", List.of("hand_plain_users"), hand::plainInsert))
        : List.of(
            new Variant("denorm insert(u)", "bench_lean_users", u -> dao.insertAsync(u.lean())),
            new Variant("denorm logged insert(u)", "bench_logged_users", u -> logged.insertAsync(u.logged())),
            new Variant("hand, batch then master", "hand_lean_users", hand::leanInsertBatched),
            new Variant("hand, 2 then master", "hand_lean_users", hand::leanInsertInOrder),
            new Variant("hand, 3 in parallel", "hand_lean_users", hand::leanInsert),
            new Variant("hand, logged batch of 3", "hand_lean_users", hand::leanInsertLogged),
            new Variant("hand, grouped across inserts", "hand_lean_users",
                new GroupedInserts(session, Integer.getInteger("probe.groupRows", 10), Integer.getInteger("probe.groupInFlight", 8), true)::insert),
            new Variant("hand, index rows grouped across inserts", "hand_lean_users",
                new GroupedInserts(session, Integer.getInteger("probe.groupRows", 10), Integer.getInteger("probe.groupInFlight", 8), false)::insert),
            new Variant("2 MVs", "mv_lean_users", hand::mvLeanInsert));
    String only = System.getProperty("probe.only");
    if (only != null) {
      List<String> parts = Ratios.only(only);
      variants = variants.stream().filter(v -> parts.stream().anyMatch(v.name()::contains)).toList();
      if (variants.isEmpty()) {
        throw new IllegalArgumentException("-Dprobe.only=" + only + " names no variant");
      }
    }
    Random random = new Random(11);
    // In PLAIN_READS the warm-up writes each variant's rows, then reads them once; the rounds read them at random.
    // In MOVES it inserts each variant's users, then moves each once; the rounds move them on, each at most once per slice.
    List<User> stored = users(random, WARMUP);
    for (Variant v : variants) {
      if (v.load() != null) {
        Interleaved.timed(stored, v.load());
        Interleaved.timed(MOVES ? moved(random, stored, stored.size()) : stored, v.insert());
      } else {
        Interleaved.timed(users(random, WARMUP), v.insert());
      }
    }
    String op = PLAIN_READS ? "reads" : MOVES ? "moves" : "inserts";
    System.out.printf("warmed up: %,d %s per variant; %d %s in flight%n", WARMUP, op, Interleaved.IN_FLIGHT, op);
    System.out.printf("%-26s %5s %12s %14s %14s %14s %9s %14s %14s %14s %12s%n", "variant", "round", op + "/s", "client µs/op", "server µs/op", "total µs/op",
        "req/op", "table µs/op", "coord µs/req", "client B/op", "client GC ms");
    double[][] client = new double[variants.size()][ROUNDS];
    double[][] clientBytes = new double[variants.size()][ROUNDS];
    double[][] clientGc = new double[variants.size()][ROUNDS];
    double[][] tableWrites = new double[variants.size()][ROUNDS];
    double[][] coordinator = new double[variants.size()][ROUNDS];
    double[][] server = new double[variants.size()][ROUNDS];
    double[][] rate = new double[variants.size()][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      for (int k = 0; k < variants.size(); k++) {
        int i = Orders.of(variants.size(), round)[k];
        Variant v = variants.get(i);
        List<User> users = usersOfSlice(random, stored, INSERTS);
        int ops = users.size();
        List<String> metrics = metrics(v);
        long[] m0 = BenchStores.cassandraMetricCounts(metrics);
        long requests0 = REQUEST_COUNT.sum();
        long bytes0 = clientAllocatedBytes();
        long gc0 = clientGcMillis();
        long cpu0 = clientCpu();
        long srv0 = BenchStores.cassandraCpuNanos();
        long wall = Interleaved.timed(users, v.insert());
        long srv = BenchStores.cassandraCpuNanos() - srv0;
        long cpu = clientCpu() - cpu0;
        long gc = clientGcMillis() - gc0;
        clientBytes[i][round] = (clientAllocatedBytes() - bytes0) / (double) ops;
        clientGc[i][round] = gc;
        long[] m1 = BenchStores.cassandraMetricCounts(metrics);
        if (m0 != null) {
          for (int k2 = 0; k2 < m0.length; k2++) {
            if (m0[k2] < 0) {
              throw new IllegalStateException("the server has no metric " + metrics.get(k2));
            }
          }
        }
        client[i][round] = cpu / 1e3 / ops;
        server[i][round] = srv / 1e3 / ops;
        rate[i][round] = ops / (wall / 1e9);
        // The tables' own write latencies (µs, summed over the variant's tables), then the coordinator's per write request.
        // (NaN when the server is not the embedded one: its metrics are not read.)
        long tableMicros = 0;
        for (int t = 0; m0 != null && t < v.tables().size(); t++) {
          tableMicros += m1[t] - m0[t];
        }
        int c = v.tables().size();
        tableWrites[i][round] = m0 == null ? Double.NaN : tableMicros / (double) ops;
        coordinator[i][round] = m0 == null ? Double.NaN : (m1[c] - m0[c]) / (double) Math.max(1, m1[c + 1] - m0[c + 1]);
        System.out.printf("%-26s %5d %,12.0f %14.1f %14.1f %14.1f %9.2f %14.1f %14.1f %,14.0f %12d%n", v.name(), round + 1, rate[i][round], client[i][round],
            server[i][round], client[i][round] + server[i][round], (REQUEST_COUNT.sum() - requests0) / (double) ops, tableWrites[i][round],
            coordinator[i][round], clientBytes[i][round], gc);
      }
    }
    System.out.printf("%nmedians over %d rounds of %,d %s%n", ROUNDS, MOVES ? Math.min(INSERTS, WARMUP) : INSERTS, op);
    System.out.printf("%-26s %12s %14s %14s %14s %14s %14s %14s %12s%n", "variant", op + "/s", "client µs/op", "server µs/op", "total µs/op", "table µs/op",
        "coord µs/req", "client B/op", "client GC ms");
    for (int i = 0; i < variants.size(); i++) {
      System.out.printf("%-26s %,12.0f %14.1f %14.1f %14.1f %14.1f %14.1f %,14.0f %12.0f%n", variants.get(i).name(), Ratios.median(rate[i]), Ratios.median(client[i]),
          Ratios.median(server[i]), Ratios.median(client[i]) + Ratios.median(server[i]), Ratios.median(tableWrites[i]), Ratios.median(coordinator[i]),
          Ratios.median(clientBytes[i]), Ratios.median(clientGc[i]));
    }
    if (PROFILE) {
      profile(variants, stored, random);
    }
  }

  /**
   * One slice of each variant alone, in turn, under a flight recording of the server, in {@link
   * #PROFILE_PASSES} passes (every other one in the reverse order, so that no variant always follows
   * the same one); prints where the server spent its CPU in each pass. A first, shorter recording of
   * the first variant, not printed, is meant to take the cost of starting the recorder (pass 1 still
   * cost the server more per operation than pass 2 in the runs of 2026-11-29).
   */
  private static void profile(List<Variant> variants, List<User> stored, Random random) throws Exception {
    io.denorm.testkit.EmbeddedCassandra server = BenchStores.embeddedCassandra();
    if (server == null) {
      System.out.println("no profile: the server is not the embedded one");
      return;
    }
    java.nio.file.Path dir = java.nio.file.Path.of("target", "server-profiles").toAbsolutePath();
    ServerProfile recorder = ServerProfile.of(server, dir);
    Variant first = variants.get(0);
    List<User> start = usersOfSlice(random, stored, PROFILE_OPS / 5);
    recorder.record("start", start.size(), () -> Interleaved.timed(start, first.insert()));
    for (int pass = 1; pass <= PROFILE_PASSES; pass++) {
      List<Variant> order = new ArrayList<>(variants);
      if (pass % 2 == 0) {
        java.util.Collections.reverse(order);
      }
      List<ServerProfile.Profile> profiles = new ArrayList<>();
      for (Variant v : order) {
        List<User> slice = usersOfSlice(random, stored, PROFILE_OPS);
        profiles.add(recorder.record(v.name() + " " + pass, slice.size(), () -> Interleaved.timed(slice, v.insert())));
      }
      System.out.printf("%n== server profile, pass %d of %d (%s), %d in flight%n", pass, PROFILE_PASSES, pass % 2 == 1 ? "the variants' order" : "the reverse order",
          Interleaved.IN_FLIGHT);
      ServerProfile.print(profiles, System.out);
    }
    System.out.println("recordings in " + dir);
  }

  /**
   * The users of a slice of {@code n} operations, in a round or a profile: {@code n} of {@code stored}
   * drawn at random in {@link #PLAIN_READS}, up to {@code n} of them moved in {@link #MOVES}, else
   * {@code n} new users.
   */
  private static List<User> usersOfSlice(Random random, List<User> stored, int n) {
    return PLAIN_READS ? sample(random, stored, n) : MOVES ? moved(random, stored, n) : users(random, n);
  }

  /** Up to {@code n} users of {@code from}, each at most once, each moved to a city drawn at random. */
  private static List<User> moved(Random random, List<User> from, int n) {
    List<User> shuffled = new ArrayList<>(from);
    java.util.Collections.shuffle(shuffled, random);
    return shuffled.subList(0, Math.min(n, shuffled.size())).stream()
        .map(u -> u.movedTo("state-" + random.nextInt(RatioBenchmark.STATES), "city-" + random.nextInt(RatioBenchmark.CITIES))).toList();
  }

  /**
   * The server's metrics read around a slice of {@code v}: per table its {@code WriteTotalLatency}
   * (µs of local writes; {@code ReadTotalLatency} in {@link #PLAIN_READS}), then the coordinator's
   * total write (read) latency (µs) and its count of write (read) requests.
   */
  private static List<String> metrics(Variant v) {
    String kind = PLAIN_READS ? "Read" : "Write";
    List<String> out = new ArrayList<>();
    for (String table : v.tables()) {
      out.add("org.apache.cassandra.metrics:type=Table,keyspace=" + RatioBenchmark.KS + ",scope=" + table + ",name=" + kind + "TotalLatency");
    }
    out.add("org.apache.cassandra.metrics:type=ClientRequest,scope=" + kind + ",name=TotalLatency");
    out.add("org.apache.cassandra.metrics:type=ClientRequest,scope=" + kind + ",name=Latency");
    return out;
  }

  /** {@code n} users of {@code from}, drawn at random (with repeats). */
  private static List<User> sample(Random random, List<User> from, int n) {
    List<User> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(from.get(random.nextInt(from.size())));
    }
    return out;
  }

  private static List<User> users(Random random, int n) {
    List<User> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new User(new UUID(random.nextLong(), random.nextLong()), "user " + i, "p" + random.nextLong() + "@example.org",
          "state-" + random.nextInt(50), "city-" + random.nextInt(40)));
    }
    return out;
  }

  /** The bytes of heap this JVM's threads have allocated so far, those that ended included. */
  private static long clientAllocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getTotalThreadAllocatedBytes();
  }

  /** The time this JVM's garbage collectors have spent so far, in ms, over all of them. */
  private static long clientGcMillis() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
  }

  private static long clientCpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }
}
