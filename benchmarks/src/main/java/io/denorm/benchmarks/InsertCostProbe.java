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
 * by the inserts, next to the rate. On this 2-core machine client and server share the cores, so a
 * microsecond of client CPU per insert is a microsecond the server does not get. Variants run slice
 * by slice in the orders of {@link Orders} (each right after each other one equally often over 10
 * rounds), each on fresh users.
 *
 * <p>Run: {@code mvn -B -q -Pinsert-probe -DskipTests package} in {@code benchmarks/} after an install
 * at the root. Sizes, as system properties of its JVM: {@code probe.inserts} (per variant and
 * round), {@code probe.rounds}, {@code probe.warmup} (inserts per variant before the rounds).
 */
public final class InsertCostProbe {

  static final int INSERTS = Integer.getInteger("probe.inserts", 20_000);
  static final int ROUNDS = Integer.getInteger("probe.rounds", 10);
  static final int WARMUP = Integer.getInteger("probe.warmup", 60_000);

  public static void main(String[] args) throws Exception {
    BenchStores.onCassandra(RatioBenchmark.KS, b -> b.addRequestTracker(REQUESTS), true, InsertCostProbe::run);
  }

  record Variant(String name, Function<User, CompletionStage<?>> insert) {}

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
    List<Variant> variants = List.of(
        new Variant("denorm insert(u)", u -> dao.insertAsync(u.lean())),
        new Variant("hand, batch then master", hand::leanInsertBatched),
        new Variant("hand, 2 then master", hand::leanInsertInOrder),
        new Variant("hand, 3 in parallel", hand::leanInsert),
        new Variant("2 MVs", hand::mvLeanInsert));
    Random random = new Random(11);
    for (Variant v : variants) {
      Interleaved.timed(users(random, WARMUP), v.insert());
    }
    System.out.printf("warmed up: %,d inserts per variant%n", WARMUP);
    System.out.printf("%-26s %5s %12s %14s %14s %14s %9s%n", "variant", "round", "inserts/s", "client µs/op", "server µs/op", "total µs/op", "req/op");
    double[][] client = new double[variants.size()][ROUNDS];
    double[][] server = new double[variants.size()][ROUNDS];
    double[][] rate = new double[variants.size()][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      for (int k = 0; k < variants.size(); k++) {
        int i = Orders.of(variants.size(), round)[k];
        Variant v = variants.get(i);
        List<User> users = users(random, INSERTS);
        long requests0 = REQUEST_COUNT.sum();
        long cpu0 = clientCpu();
        long srv0 = BenchStores.cassandraCpuNanos();
        long wall = Interleaved.timed(users, v.insert());
        long srv = BenchStores.cassandraCpuNanos() - srv0;
        long cpu = clientCpu() - cpu0;
        client[i][round] = cpu / 1e3 / INSERTS;
        server[i][round] = srv / 1e3 / INSERTS;
        rate[i][round] = INSERTS / (wall / 1e9);
        System.out.printf("%-26s %5d %,12.0f %14.1f %14.1f %14.1f %9.2f%n", v.name(), round + 1, rate[i][round], client[i][round], server[i][round],
            client[i][round] + server[i][round], (REQUEST_COUNT.sum() - requests0) / (double) INSERTS);
      }
    }
    System.out.printf("%nmedians over %d rounds of %,d inserts%n", ROUNDS, INSERTS);
    System.out.printf("%-26s %12s %14s %14s %14s%n", "variant", "inserts/s", "client µs/op", "server µs/op", "total µs/op");
    for (int i = 0; i < variants.size(); i++) {
      System.out.printf("%-26s %,12.0f %14.1f %14.1f %14.1f%n", variants.get(i).name(), Ratios.median(rate[i]), Ratios.median(client[i]), Ratios.median(server[i]),
          Ratios.median(client[i]) + Ratios.median(server[i]));
    }
  }

  private static List<User> users(Random random, int n) {
    List<User> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new User(new UUID(random.nextLong(), random.nextLong()), "user " + i, "p" + random.nextLong() + "@example.org",
          "state-" + random.nextInt(50), "city-" + random.nextInt(40)));
    }
    return out;
  }

  private static long clientCpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }
}
