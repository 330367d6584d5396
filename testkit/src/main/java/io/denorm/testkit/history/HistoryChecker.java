package io.denorm.testkit.history;

import io.denorm.ConcurrentUpdateException;
import io.denorm.InvalidEntityException;
import io.denorm.index.UniqueConstraintViolationException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs a random history of operations from several clients at once and checks it: each client is
 * one thread with DAOs of its own (its own session or connection, its own clock, its own {@link
 * Faults}); every operation is recorded with its outcome and the time it ran; when all have ended,
 * the workload checks its invariants against the stores and the sampled reads against the history.
 *
 * <pre>{@code
 * HistoryChecker.Report report = HistoryChecker.run(HistoryChecker.Settings.fromSystemProperties(8, 10_000),
 *     client -> new AccountWorkload.Client(daoWithItsOwnSessionAndClock(client)), workload);
 * report.assertClean();
 * }</pre>
 *
 * <p>The seed is drawn afresh for each run unless {@code -Ddenorm.history.seed=…} gives one, and is
 * printed; a seed replays the same operations per client (their interleaving is the machine's).
 */
public final class HistoryChecker {

  private HistoryChecker() {}

  /** How an operation ended, as its caller saw it. */
  public enum Outcome {
    /** Returned normally. */
    OK,
    /** Refused by a conflict (a unique value held by another entity, a lost version check): nothing of it stands. */
    CONFLICT,
    /** Refused before any write (invalid input). */
    FAILED,
    /** Failed otherwise: it may or may not have applied. */
    UNKNOWN
  }

  /**
   * One operation as it ran: which client, what ({@code kind}, the entity {@code key}, the {@code
   * value} it wrote or asked for), how it ended, what it read ({@code result}), and when ({@link
   * #now()}: the machine's clock, so that histories of clients in several JVMs on one machine merge;
   * the skew the tests inject is in the DAOs' write clocks, not here).
   */
  public record Operation(int client, String kind, Object key, Object value, Outcome outcome, Object result, long start, long end,
      String error) implements java.io.Serializable {

    /**
     * Whether this operation ended before {@code other} began. The clock counts microseconds, so an
     * operation that ended in the microsecond another began (the next call of the same client, often)
     * is not before it: the two are concurrent as far as the history can tell (see {@link #overlaps}).
     */
    public boolean before(Operation other) {
      return end < other.start;
    }

    /**
     * Whether this operation and {@code other} may have run at the same time: neither ended before
     * the other began. Sharing a microsecond at their edges counts, the complement of {@link #before}.
     */
    public boolean overlaps(Operation other) {
      return !before(other) && !other.before(this);
    }

    public boolean isRead() {
      return kind.startsWith("read");
    }
  }

  /** One operation to run: what it is, and the call that runs it (returning what it read, or null). */
  public record Action(String kind, Object key, Object value, java.util.concurrent.Callable<Object> call) {}

  /** What a client of the run holds: its DAOs and its faults. */
  public interface Client {
    Faults faults();
  }

  /** The operations and invariants of one model. */
  public interface Workload<C extends Client> {

    /** The next random operation of {@code client}. */
    Action next(C client, Random random);

    /** Waits until nothing the run started is still on its way (deferred repairs, retried removals). */
    default void awaitQuiet(List<C> clients) throws InterruptedException {}

    /**
     * Every violation of the invariants, read from the stores once the run is quiet, and every
     * sampled read the history does not allow; each labelled by the invariant it breaks.
     */
    List<Violation> check(List<Operation> history, List<C> clients);
  }

  /** One broken invariant: which ({@code "unique"}, {@code "complete"}, {@code "exact"}, {@code "durable"}, {@code "read"}) and how. */
  public record Violation(String invariant, String detail) {
    @Override
    public String toString() {
      return "[" + invariant + "] " + detail;
    }
  }

  /** The run's size: clients, operations in all, the fault rate, and the seed. */
  public record Settings(int clients, int operations, double faultRate, long seed) {

    /** {@code clients} clients, {@code operations} operations, faults in 5 % of them, a fresh seed unless {@code denorm.history.seed} gives one. */
    public static Settings fromSystemProperties(int clients, int operations) {
      String given = System.getProperty("denorm.history.seed");
      long seed = given != null ? Long.parseLong(given) : new SecureRandom().nextLong();
      return new Settings(clients, Integer.getInteger("denorm.history.operations", operations), 0.05, seed);
    }

    public Settings withFaultRate(double rate) {
      return new Settings(clients, operations, rate, seed);
    }
  }

  /** What a run did and found. */
  public record Report(Settings settings, List<Operation> history, Map<Outcome, Long> outcomes, long faults, List<Violation> violations,
      Duration elapsed) {

    public long count(String invariant) {
      return violations.stream().filter(v -> v.invariant().equals(invariant)).count();
    }

    /** Fails with every violation (at most 20 shown) and the seed that replays the run. */
    public void assertClean() {
      if (!violations.isEmpty()) {
        throw new AssertionError(violations.size() + " violations, seed " + settings.seed() + " (-Ddenorm.history.seed=" + settings.seed()
            + " replays it):\n" + String.join("\n", violations.stream().limit(20).map(Violation::toString).toList()));
      }
    }

    @Override
    public String toString() {
      return settings.clients() + " clients, " + history.size() + " operations " + outcomes + ", " + faults + " faults injected, "
          + violations.size() + " violations, " + elapsed.toMillis() + " ms, seed " + settings.seed();
    }
  }

  /**
   * Runs {@code settings.operations()} operations of {@code workload} from {@code settings.clients()}
   * clients made by {@code clients}, then checks them.
   */
  public static <C extends Client> Report run(Settings settings, IntFunction<C> clients, Workload<C> workload) throws Exception {
    System.out.println("[denorm-history] seed " + settings.seed() + " (-Ddenorm.history.seed=" + settings.seed() + " replays it)");
    List<C> all = new ArrayList<>();
    for (int i = 0; i < settings.clients(); i++) {
      all.add(clients.apply(i));
    }
    List<Operation> history = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger remaining = new AtomicInteger(settings.operations());
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(settings.clients());
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < settings.clients(); i++) {
        int client = i;
        done.add(pool.submit(() -> {
          Random random = new Random(settings.seed() * 31 + client);
          C c = all.get(client);
          while (remaining.getAndDecrement() > 0) {
            Action action = workload.next(c, random);
            c.faults().arm(random);
            history.add(perform(client, action));
            c.faults().disarm();
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    workload.awaitQuiet(all);
    Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
    List<Operation> ops = List.copyOf(history);
    List<Violation> violations = workload.check(ops, all);
    Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
    ops.forEach(o -> outcomes.merge(o.outcome(), 1L, Long::sum));
    long faults = all.stream().mapToLong(c -> c.faults().injected()).sum();
    Report report = new Report(settings, ops, outcomes, faults, violations, elapsed);
    System.out.println("[denorm-history] " + report);
    return report;
  }

  /** Microseconds of the machine's clock: comparable across the JVMs of one machine. */
  public static long now() {
    java.time.Instant t = java.time.Instant.now();
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
  }

  /** Runs one action and records it: how it ended (its failure classified), what it read, when. */
  public static Operation perform(int client, Action action) {
    long start = now();
    try {
      Object result = action.call().call();
      return new Operation(client, action.kind(), action.key(), action.value(), Outcome.OK, result, start, now(), null);
    } catch (Exception e) {
      Throwable cause = e;
      while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
        cause = cause.getCause();
      }
      Outcome outcome = cause instanceof UniqueConstraintViolationException || cause instanceof ConcurrentUpdateException ? Outcome.CONFLICT
          : cause instanceof InvalidEntityException ? Outcome.FAILED : Outcome.UNKNOWN;
      return new Operation(client, action.kind(), action.key(), action.value(), outcome, null, start, now(),
          cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }
  }

  // ---- helpers for workloads ------------------------------------------------------------------

  /**
   * The states a key may hold after {@code at} ({@link #now()}) by the history: the values of the writes
   * of {@code key} that ended before {@code at} and that no acknowledged write of the key followed
   * entirely (a write that ended before another acknowledged one began is overwritten by it). A
   * value of null is the key deleted; when no write of the key ended before {@code at}, the key's
   * start state ({@code initial}) remains possible too. Conflicts and refusals wrote nothing.
   */
  public static List<Object> possibleStates(List<Operation> history, Object key, long at, Object initial) {
    List<Operation> writes = new ArrayList<>();
    for (Operation o : history) {
      if (!o.isRead() && key.equals(o.key()) && o.end() < at && (o.outcome() == Outcome.OK || o.outcome() == Outcome.UNKNOWN)) {
        writes.add(o);
      }
    }
    List<Object> states = new ArrayList<>();
    boolean initialPossible = true;
    for (Operation w : writes) {
      if (w.outcome() == Outcome.OK) {
        initialPossible = false;
      }
    }
    if (initialPossible) {
      states.add(initial);
    }
    for (Operation w : writes) {
      boolean overwritten = false;
      for (Operation later : writes) {
        if (later != w && later.outcome() == Outcome.OK && w.before(later)) {
          overwritten = true;
          break;
        }
      }
      if (!overwritten) {
        states.add(w.value());
      }
    }
    return states;
  }

  /** Every value {@code key} was ever written with (any outcome but conflicts and refusals), and its start state. */
  public static List<Object> attemptedStates(List<Operation> history, Object key, Object initial) {
    List<Object> states = new ArrayList<>();
    states.add(initial);
    for (Operation o : history) {
      if (!o.isRead() && key.equals(o.key()) && o.outcome() != Outcome.FAILED) {
        states.add(o.value());
      }
    }
    return states;
  }
}
