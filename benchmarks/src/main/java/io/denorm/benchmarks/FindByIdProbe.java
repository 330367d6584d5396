package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.benchmarks.RatioBenchmark.User;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * Where the sequential {@code findById} of {@link RatioBenchmark} spends its time, next to the
 * driver's mapper and hand-written code: each call's time in the caller, and the time the driver
 * measured for its request ({@link DriverLatencies}: from the request's start in the driver to its
 * response), so that the client's own cost (binding, mapping, waking the caller) is told apart from
 * the request's. A fourth variant runs the hand-written select on Denorm's table, to tell the
 * table's part from the code's. Calls are interleaved one by one in rotating order, on tables
 * flushed and compacted alike.
 *
 * <p>Run: {@code mvn -B -q -Pprobe -DskipTests package} in {@code benchmarks/} after an install at
 * the root (about 6 minutes here). Sizes, as system properties of its JVM: {@code probe.rows},
 * {@code probe.calls} (per variant and round), {@code probe.rounds}, {@code probe.warmup}.
 */
public final class FindByIdProbe {

  static final int ROWS = Integer.getInteger("probe.rows", 20_000);
  static final int CALLS = Integer.getInteger("probe.calls", 4_000);
  static final int ROUNDS = Integer.getInteger("probe.rounds", 5);
  static final int WARMUP = Integer.getInteger("probe.warmup", 100_000);

  public static void main(String[] args) throws Exception {
    DriverLatencies.TRACKER.phase("probe");
    BenchStores.onCassandra(RatioBenchmark.KS, b -> b.addRequestTracker(DriverLatencies.TRACKER), true, FindByIdProbe::run);
  }

  /** A variant, and how to tell its select from the others' ({@code query}: a test on the query's text). */
  record Variant(String name, java.util.function.Predicate<String> query, Consumer<User> call) {}

  static void run(CqlSession session) throws Exception {
    HandCoded.schema(session);
    HandCoded hand = new HandCoded(session);
    CassandraBenchPlainUserDao denorm = new CassandraBenchPlainUserDao(session, RatioBenchmark.KS);
    MapperUserDao mapper = new BenchMapperBuilder(session).build().userDao(RatioBenchmark.KS);
    PreparedStatement onDenormTable = session.prepare("SELECT id, name, email, state, city FROM " + RatioBenchmark.KS + ".bench_plain_users WHERE id=?");
    List<User> users = new ArrayList<>(ROWS);
    Random r = new Random(7);
    for (int i = 0; i < ROWS; i++) {
      users.add(new User(new UUID(r.nextLong(), r.nextLong()), "name" + i, "u" + i + "@x.org", "s" + r.nextInt(10), "c" + r.nextInt(50)));
    }
    Semaphore inFlight = new Semaphore(64);
    for (User u : users) {
      for (int k = 0; k < 3; k++) {
        inFlight.acquire();
        (k == 0 ? denorm.saveAsync(u.plain()) : k == 1 ? mapper.saveAsync(u.mapped()) : hand.plainInsert(u))
            .whenComplete((v, e) -> inFlight.release());
      }
    }
    inFlight.acquire(64);
    inFlight.release(64);
    List<Variant> variants = List.of(
        new Variant("denorm", q -> q.contains("bench_plain_users") && !q.endsWith("id=?"), u -> require(denorm.findById(u.id()).isPresent())),
        new Variant("mapper", q -> q.contains("mapper_plain_users"), u -> require(mapper.findById(u.id()) != null)),
        new Variant("hand", q -> q.contains("hand_plain_users"), u -> require(mapped(session.execute(hand.plainSelect(u)).one()) != null)),
        new Variant("hand-on-denorm-table", q -> q.contains("bench_plain_users") && q.endsWith("id=?"), u -> require(mapped(session.execute(
            onDenormTable.boundStatementBuilder(u.id()).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM).build()).one()) != null)));
    for (int i = 0; i < WARMUP / variants.size(); i++) {
      User u = users.get(i % ROWS);
      for (Variant v : variants) {
        v.call().accept(u);
      }
    }
    System.out.printf("warmed up: %,d calls; selects seen: %s%n", WARMUP, DriverLatencies.TRACKER.drainMedians().keySet());
    System.out.println("flushed and compacted: " + BenchStores.compactCassandra(RatioBenchmark.KS));
    System.out.printf("%-22s %5s %10s %10s %10s %12s%n", "variant", "round", "call p50", "driver p50", "call-drv", "call mean");
    Map<String, List<Double>> p50s = new java.util.LinkedHashMap<>();
    for (int round = 0; round < ROUNDS; round++) {
      DriverLatencies.TRACKER.clear();
      long[][] times = new long[variants.size()][CALLS];
      Random pick = new Random(round);
      for (int i = 0; i < CALLS; i++) {
        User u = users.get(pick.nextInt(ROWS));
        for (int j = 0; j < variants.size(); j++) {
          int v = (i + j + round) % variants.size();
          long t0 = System.nanoTime();
          variants.get(v).call().accept(u);
          times[v][i] = System.nanoTime() - t0;
        }
      }
      for (int v = 0; v < variants.size(); v++) {
        Variant variant = variants.get(v);
        long[] t = times[v].clone();
        Arrays.sort(t);
        double callP50 = t[t.length / 2] / 1000.0;
        double driverP50 = DriverLatencies.TRACKER.medianNanos(variant.query()) / 1000.0;
        double mean = Arrays.stream(t).average().orElse(0) / 1000.0;
        p50s.computeIfAbsent(variant.name(), k -> new ArrayList<>()).add(callP50);
        System.out.printf("%-22s %5d %8.1f µs %8.1f µs %8.1f µs %10.1f µs%n", variant.name(), round + 1, callP50, driverP50, callP50 - driverP50, mean);
      }
    }
    System.out.println();
    for (String other : List.of("mapper", "hand", "hand-on-denorm-table")) {
      List<Double> ratios = new ArrayList<>();
      for (int round = 0; round < ROUNDS; round++) {
        ratios.add(p50s.get("denorm").get(round) / p50s.get(other).get(round));
      }
      List<Double> sorted = new ArrayList<>(ratios);
      sorted.sort(null);
      System.out.printf("denorm / %-22s p50 ratio, median %.3f, rounds %s%n", other, sorted.get(sorted.size() / 2), ratios.stream().map(x -> String.format("%.3f", x)).toList());
    }
  }

  private static Object mapped(Row row) {
    return row == null ? null : new User(row.getUuid(0), row.getString(1), row.getString(2), row.getString(3), row.getString(4));
  }

  private static void require(boolean found) {
    if (!found) {
      throw new IllegalStateException("a row written before the rounds was not found");
    }
  }
}
