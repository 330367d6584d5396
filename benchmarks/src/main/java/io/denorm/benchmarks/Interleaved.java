package io.denorm.benchmarks;

import io.denorm.benchmarks.RatioBenchmark.User;
import io.denorm.benchmarks.Ratios.Comparison;
import io.denorm.benchmarks.Ratios.Figure;
import io.denorm.benchmarks.Ratios.Kind;
import io.denorm.benchmarks.Ratios.Rival;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * How {@link RatioBenchmark} measures a comparison within a round: rates slice by slice and
 * latencies call by call, the variants in orders in which each comes after each other one equally
 * often ({@link Orders}), so that a compaction or a pause of the server, and the work a variant
 * leaves the server, land on every variant alike.
 */
final class Interleaved {

  /** Operations in flight for a rate: 64 unless {@code -Dbench.inFlight} says otherwise (the goals are measured at 64). */
  static final int IN_FLIGHT = Integer.getInteger("bench.inFlight", 64);

  private Interleaved() {}

  /** A variant measured by its rate: {@code op} applied to each user of its round's data. */
  record RateVariant(String name, IntFunction<List<User>> data, Function<User, CompletionStage<?>> op) {}

  /** A variant measured by its latency: {@code call} made once per user of its round's data, one call at a time. */
  record LatencyVariant(String name, IntFunction<List<User>> data, Call call) {}

  /** Slices per round of a rate comparison: each variant's work is cut in this many slices, run slice after slice ({@code -Dbench.slices}). */
  static final int SLICES = slices();

  private static int slices() {
    int slices = Integer.getInteger("bench.slices", 5);
    if (slices < 1) {
      throw new IllegalArgumentException("-Dbench.slices=" + slices + ": give at least 1");
    }
    return slices;
  }

  /**
   * Rates measured slice by slice: slice s of every variant, in an order that changes with the slice
   * and the round ({@link Orders}: each variant comes after each other one equally often), then
   * slice s + 1; a variant's rate is its operations over the time of its slices. So a compaction or
   * a pause of the server, and the work a variant leaves it, land on every variant alike.
   */
  static Comparison rates(String key, String title, List<RateVariant> variants, List<Rival> rivals) {
    return rates(key, title, variants, rivals, IN_FLIGHT);
  }

  /** As {@link #rates(String, String, List, List)}, with {@code inFlight} operations in flight. */
  static Comparison rates(String key, String title, List<RateVariant> variants, List<Rival> rivals, int inFlight) {
    int n = variants.size();
    return new Comparison(key, title, Kind.RATE, "/s", variants.stream().map(RateVariant::name).toList(), round -> {
      List<List<User>> data = variants.stream().map(v -> v.data().apply(round)).toList();
      long[] nanos = new long[n];
      long[] ops = new long[n];
      for (int s = 0; s < SLICES; s++) {
        for (int k = 0; k < n; k++) {
          int v = Orders.of(n, round * SLICES + s)[k];
          List<User> all = data.get(v);
          List<User> slice = all.subList(all.size() * s / SLICES, all.size() * (s + 1) / SLICES);
          nanos[v] += timed(slice, variants.get(v).op(), inFlight);
          ops[v] += slice.size();
        }
      }
      Figure[] out = new Figure[n];
      for (int v = 0; v < n; v++) {
        out[v] = Figure.of(ops[v] / (nanos[v] / 1e9));
      }
      return out;
    }, rivals);
  }

  /** Latencies measured call by call: the i-th call of every variant, in an order that changes with i ({@link Orders}), then the next; p50, and p99 as the detail. */
  static Comparison latencies(String key, String title, List<LatencyVariant> variants, List<Rival> rivals) {
    int n = variants.size();
    return new Comparison(key, title, Kind.LATENCY, "ms", variants.stream().map(LatencyVariant::name).toList(), round -> {
      List<List<User>> data = variants.stream().map(v -> v.data().apply(round)).toList();
      int calls = data.get(0).size();
      long[][] nanos = new long[n][calls];
      for (int i = 0; i < calls; i++) {
        for (int k = 0; k < n; k++) {
          int v = Orders.of(n, round * calls + i)[k];
          long t0 = System.nanoTime();
          variants.get(v).call().run(data.get(v).get(i));
          nanos[v][i] = System.nanoTime() - t0;
        }
      }
      Figure[] out = new Figure[n];
      for (int v = 0; v < n; v++) {
        out[v] = new Figure(Ratios.percentileMillis(nanos[v], 50), String.format(Locale.ROOT, "p99 %.2f", Ratios.percentileMillis(nanos[v], 99)));
      }
      return out;
    }, rivals);
  }

  /** Nanoseconds to apply {@code op} to every user, at most IN_FLIGHT at once; a failed operation fails the run. */
  static long timed(List<User> users, Function<User, CompletionStage<?>> op) throws InterruptedException {
    return timed(users, op, IN_FLIGHT);
  }

  /** Nanoseconds to apply {@code op} to every user, at most {@code inFlight} at once; a failed operation fails the run. */
  static long timed(List<User> users, Function<User, CompletionStage<?>> op, int inFlight) throws InterruptedException {
    Semaphore permits = new Semaphore(inFlight);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    long t0 = System.nanoTime();
    for (User u : users) {
      permits.acquire();
      CompletionStage<?> stage;
      try {
        stage = op.apply(u);
      } catch (RuntimeException e) {
        permits.release();
        failure.compareAndSet(null, e);
        break;
      }
      stage.whenComplete((v, e) -> {
        if (e != null) {
          failure.compareAndSet(null, e);
        }
        permits.release();
      });
    }
    permits.acquire(inFlight);
    long elapsed = System.nanoTime() - t0;
    if (failure.get() != null) {
      throw new IllegalStateException("an operation failed", failure.get());
    }
    return elapsed;
  }

  @FunctionalInterface
  interface Call {
    void run(User u) throws Exception;
  }
}
