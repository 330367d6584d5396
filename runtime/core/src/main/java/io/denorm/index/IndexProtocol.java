package io.denorm.index;

import io.denorm.WriteClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The dual-write protocol (docs/consistency.md), the same on every backend: claim or assert again
 * the claimed rows (unique rows, memberships: compare-and-set, fenced by operation stamps), write
 * every index entry the new state needs, write the master row, then remove the entries only the old
 * state had; on read, drop and repair index rows whose master no longer needs them. The calls of one step run in parallel; a step starts when the one
 * before it has completed. Every plain write carries the operation's timestamp.
 *
 * <p>This class is the entry point and runs the steps of each save and delete in order; the steps
 * themselves are kept with their concern: {@link Claims} (the first step), {@link WriteOutcomes}
 * (what the outcome of the master write calls for: removals, take-back, settling, undo), {@link
 * DeferredRepairs} (rows checked again once the repair grace has passed) and {@link IndexReads} (the
 * read side: hits resolved against their master rows, stale rows repaired).
 *
 * @param <M> the backend's master write
 */
public final class IndexProtocol<M> {

  final IndexStore<M> store;
  final IndexReadStats stats = new IndexReadStats();
  private volatile WriteObserver observer = WriteObserver.NONE;
  private volatile boolean together;
  /** Stale rows younger than this may belong to a save still in flight: filtered, not deleted. */
  volatile long repairGraceMicros = 60_000_000L;
  private volatile WriteClock clock = WriteClock.shared();
  /** The index entries the master row of a key needs now (read again), to judge another owner's unique row; null: unknown. */
  volatile Function<List<Object>, CompletionStage<List<IndexEntry>>> neededBy;
  /**
   * The write time of the master row of a key, read now, when that row needs exactly the given
   * entry (all values equal), else {@link Stamped#UNKNOWN}: what a trusted row is verified at. Null:
   * this DAO verifies no row.
   */
  volatile java.util.function.BiFunction<List<Object>, IndexEntry, CompletionStage<Long>> settledAt;
  private final Claims claims = new Claims(this);
  final DeferredRepairs later = new DeferredRepairs(this);
  private final WriteOutcomes outcomes = new WriteOutcomes(this);
  final IndexReads readSide = new IndexReads(this);

  public IndexProtocol(IndexStore<M> store) {
    this.store = store;
  }

  public IndexStore<M> store() {
    return store;
  }

  public IndexReadStats stats() {
    return stats;
  }

  public void repairGrace(Duration grace) {
    this.repairGraceMicros = grace.toNanos() / 1_000;
  }

  public Duration repairGrace() {
    return Duration.ofNanos(repairGraceMicros * 1_000);
  }

  public WriteObserver observer() {
    return observer;
  }

  /** The clock of this DAO instance: operation stamps, and the age of rows judged for repair. */
  public void clock(WriteClock clock) {
    this.clock = java.util.Objects.requireNonNull(clock, "clock");
  }

  public WriteClock clock() {
    return clock;
  }

  /**
   * How to read the master row of a key and the entries it needs, so that a unique row held by
   * another master can be judged: when that master no longer needs it and it was asserted longer
   * ago than the repair grace, a claim takes it over instead of failing.
   */
  public <E> void masters(Function<List<Object>, CompletionStage<Optional<E>>> lookup, Function<E, List<IndexEntry>> entries) {
    this.neededBy = key -> lookup.apply(key).thenApply(master -> master.map(entries).orElse(List.of()));
  }

  /**
   * How to read the master row of a key with its newest write time ({@code stamped}), so that a row
   * of a trusted covering index can be verified at that time (see {@link IndexReads}).
   */
  public <E> void stampedMasters(Function<List<Object>, CompletionStage<Stamped<E>>> stamped, Function<E, List<IndexEntry>> entries) {
    this.settledAt = (key, entry) -> stamped.apply(key).thenApply(read -> read.state().isPresent() && entries.apply(read.state().get()).contains(entry)
        ? read.writeTime() : Stamped.UNKNOWN);
  }

  /** Sends entries, master and removals through {@link IndexStore#writeTogether} (a logged batch). */
  public void writeTogether(boolean enabled) {
    this.together = enabled;
  }

  public void observer(WriteObserver observer) {
    this.observer = observer == null ? WriteObserver.NONE : observer;
  }

  /**
   * Saves {@code entity} at {@code ts}. {@code previous} is the state the row had (empty: new);
   * {@code masterWrite} makes the master write once the index entries are in.
   */
  public <E> CompletionStage<Void> save(E entity, long ts, CompletionStage<Optional<E>> previous,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<M>> masterWrite) {
    return saveAbove(entity, ts, previous.thenApply(Stamped::unknown), entries, stamp -> masterWrite.get());
  }

  /**
   * As {@link #save}, stamped above the state read: the operation's timestamp is {@code clock}, or
   * just above the newest cell of {@code previous} when that is later (a client whose clock is
   * behind still writes above what it read). {@code masterWrite} is given that timestamp.
   */
  public <E> CompletionStage<Void> saveAbove(E entity, long clock, CompletionStage<Stamped<E>> previous,
      Function<E, List<IndexEntry>> entries, java.util.function.LongFunction<CompletionStage<M>> masterWrite) {
    // The DAO's clock does not move to a stamp chosen above a state read: under contention it would
    // run ahead of the wall clock without bound, and the grace judged by it would shrink.
    return saveStamped(entity, previous, read -> read.above(clock), entries, masterWrite);
  }

  /**
   * A rewrite of a row made from the state read ({@code previous}), stamped just above it ({@link
   * Stamped#justAbove}) rather than at this DAO's clock: a save of the row that this rewrite did not
   * see is stamped higher and keeps what it wrote (a snippet fan-out must not undo a concurrent edit).
   */
  public <E> CompletionStage<Void> rewriteJustAbove(E entity, Stamped<E> previous, Function<E, List<IndexEntry>> entries,
      java.util.function.LongFunction<CompletionStage<M>> masterWrite) {
    return saveStamped(entity, CompletableFuture.completedFuture(previous), read -> read.justAbove(clock.next()), entries, masterWrite);
  }

  private <E> CompletionStage<Void> saveStamped(E entity, CompletionStage<Stamped<E>> previous, ToLongFunction<Stamped<E>> stampOf,
      Function<E, List<IndexEntry>> entries, java.util.function.LongFunction<CompletionStage<M>> masterWrite) {
    return previous.thenCompose(read -> {
      Optional<E> old = read.state();
      long ts = stampOf.applyAsLong(read);
      WritePlan plan = WritePlan.forSave(old.map(entries).orElse(List.of()), entries.apply(entity), store::claimed);
      store.requireWritable(plan.needed());
      if (together) {
        return saveTogether(entity, ts, plan, () -> masterWrite.apply(ts));
      }
      return claims.claimAll(plan, ts).thenCompose(created -> {
        WriteObserver o = observer;
        o.afterStep(WriteStep.CLAIMS, entity);
        CompletionStage<Void> entered = afterStep(o, outcomes.orTakeBack(entriesStep(plan, ts), plan, created, ts, false), WriteStep.INDEX_INSERTS, entity);
        return afterStep(o, entered.thenCompose(v -> outcomes.masterThen(() -> masterWrite.apply(ts).thenCompose(master -> store.writeMaster(master, ts)),
            plan, created, ts, entity)), WriteStep.INDEX_DELETES, entity);
      });
    });
  }

  /** {@code stage}, then {@code o}'s {@link WriteObserver#afterStep}; no stage added when there is no observer. */
  private static CompletionStage<Void> afterStep(WriteObserver o, CompletionStage<Void> stage, WriteStep step, Object entity) {
    return o == WriteObserver.NONE ? stage : stage.thenRun(() -> o.afterStep(step, entity));
  }

  /**
   * The entries step: every entry the new state needs written, and the verified mark of each trusted
   * row only the old state had cleared, so that no read trusts it once the master has moved on.
   */
  private CompletionStage<Void> entriesStep(WritePlan plan, long ts) {
    List<IndexEntry> trusted = trusted(plan.deletes());
    if (store.groupsRows() && plan.inserts().size() + trusted.size() > 1) {
      return GroupedRows.write(store, observer, stats.writeTimes, WriteStep.INDEX_INSERTS, plan.inserts(), trusted, List.of(), ts);
    }
    CompletionStage<Void> inserts = all(plan.inserts(), e -> observed(WriteStep.INDEX_INSERTS, e, () -> store.insert(e, ts)));
    return trusted.isEmpty() ? inserts : inserts.thenCombine(unverifyAll(trusted, ts), (a, b) -> null);
  }

  /** The verified marks of {@code entries} cleared at {@code ts}, in parallel. */
  private CompletionStage<Void> unverifyAll(List<IndexEntry> entries, long ts) {
    return all(entries, e -> observed(WriteStep.INDEX_INSERTS, e, () -> store.unverify(e, ts)));
  }

  /** The entries of {@code entries} whose rows a read may trust once verified. */
  private List<IndexEntry> trusted(List<IndexEntry> entries) {
    List<IndexEntry> out = new ArrayList<>();
    for (IndexEntry e : entries) {
      if (store.trusts(e.index())) {
        out.add(e);
      }
    }
    return out;
  }

  /** Rows to check once the repair grace has passed (see {@link DeferredRepairs#repairLater}). */
  void checkLater(List<IndexEntry> rows) {
    later.repairLater(rows);
  }

  /** {@code call}, with the observer's hooks around it (faults injected by tests). */
  <T> CompletionStage<T> observed(WriteStep step, IndexEntry entry, Supplier<CompletionStage<T>> call) {
    WriteObserver o = observer;
    WriteTimes times = stats.writeTimes;
    if (times.enabled()) {
      long t0 = System.nanoTime();
      return observedBy(o, step, entry, call).whenComplete((r, e) -> times.record(step, System.nanoTime() - t0));
    }
    return observedBy(o, step, entry, call);
  }

  private static <T> CompletionStage<T> observedBy(WriteObserver o, WriteStep step, IndexEntry entry, Supplier<CompletionStage<T>> call) {
    if (o == WriteObserver.NONE) {
      return call.get();
    }
    try {
      o.beforeWrite(step, entry);
    } catch (RuntimeException refused) {
      return CompletableFuture.failedFuture(refused);
    }
    return call.get().thenApply(result -> {
      o.afterWrite(step, entry);
      return result;
    });
  }

  /**
   * The atomic variant: unique rows claimed or re-asserted (compare-and-set) first, then the new
   * entries, the master row and the removed entries in one atomic write at {@code ts}, then unique
   * releases.
   */
  private <E> CompletionStage<Void> saveTogether(E entity, long ts, WritePlan plan, Supplier<CompletionStage<M>> masterWrite) {
    return claims.claimAll(plan, ts).thenCompose(created -> {
      WriteObserver o = observer;
      o.afterStep(WriteStep.CLAIMS, entity);
      return afterStep(o, outcomes.orTakeBack(masterWrite.get().thenCompose(master -> store.writeTogether(plan.inserts(), master, plan.deletes(), ts)),
              plan, created, ts, true)
          .thenRun(() -> {
            o.afterStep(WriteStep.MASTER, entity);
            later.repairLater(WriteOutcomes.asserted(plan));
          })
          .thenCompose(v -> all(plan.releases(), e -> release(e, ts))), WriteStep.INDEX_DELETES, entity);
    });
  }

  /** Master row first, then every entry the old state had. Completes with whether a row existed. */
  public <E> CompletionStage<Boolean> delete(long ts, CompletionStage<Optional<E>> current,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<M>> masterDelete) {
    return deleteAbove(ts, current.thenApply(Stamped::unknown), entries, stamp -> masterDelete.get());
  }

  /**
   * As {@link #delete}, stamped above the state read (see {@link #saveAbove}) and above the stamps
   * its claimed rows carry; {@code masterDelete} is given the timestamp.
   */
  public <E> CompletionStage<Boolean> deleteAbove(long clock, CompletionStage<Stamped<E>> current,
      Function<E, List<IndexEntry>> entries, java.util.function.LongFunction<CompletionStage<M>> masterDelete) {
    return current.thenCompose(read -> {
      Optional<E> old = read.state();
      WritePlan plan = WritePlan.forDelete(old.isPresent() ? entries.apply(old.get()) : List.of(), store::claimed);
      return assertedStamp(plan.releases()).thenCompose(asserted -> {
        // Just above the state read and above the stamps its claimed rows carry (a save that kept a
        // row asserts it at its stamp, or just above a later one), not at this client's clock: a
        // tombstone cannot be read, so a delete stamped ahead would hide a save made after it by a
        // client whose clock is behind. Its releases are fenced by the same stamp: every save
        // stamped below it is hidden by it, and one stamped above it stands and keeps what it asserted.
        // Above the band kept for snippet rewrites of the state read, so that none of them brings the row back.
        long ts = read.writeTime() == Stamped.UNKNOWN ? Math.max(clock, asserted + 1)
            : Math.max(read.writeTime() + Stamped.REWRITE_BAND, asserted) + 1;
        E entity = old.orElse(null);
        // A trusted row's mark is cleared before the master goes: a read never returns a deleted row as verified.
        List<IndexEntry> trusted = together ? List.of() : trusted(plan.deletes());
        Supplier<CompletionStage<Void>> master = together
            ? () -> masterDelete.apply(ts).thenCompose(m -> store.writeTogether(List.of(), m, plan.deletes(), ts))
            : () -> unverifyAll(trusted, ts).thenCompose(v -> masterDelete.apply(ts)).thenCompose(m -> store.writeMaster(m, ts));
        WritePlan removals = together ? new WritePlan(List.of(), List.of(), List.of(), List.of(), plan.releases()) : plan;
        // A tombstone hides the cells stamped at its own stamp too: a claimed row asserted at ts
        // belongs to a save it hides, so the releases pass below ts + 1.
        return afterStep(observer, outcomes.masterThen(master, removals, List.of(), ts, ts + 1, entity), WriteStep.INDEX_DELETES, entity)
            .thenApply(v -> old.isPresent());
      });
    });
  }

  /**
   * The highest stamp that the claimed rows in {@code rows} carry while this master holds them
   * ({@link Long#MIN_VALUE} when none, or when a read fails: the delete is then stamped above the
   * state alone, and a release that does not pass leaves its row to the saves that asserted it).
   */
  private CompletionStage<Long> assertedStamp(List<IndexEntry> rows) {
    if (rows.isEmpty()) {
      return CompletableFuture.completedFuture(Long.MIN_VALUE);
    }
    List<CompletableFuture<Long>> reads = new ArrayList<>(rows.size());
    for (IndexEntry e : rows) {
      reads.add(store.read(e).thenApply(hit -> hit.filter(h -> h.entry().masterKey().equals(e.masterKey()))
          .map(IndexHit::writeTime).orElse(Long.MIN_VALUE)).exceptionally(error -> {
            stats.repairFailures.incrementAndGet(); // counted: the delete then stamps above its state alone
            return Long.MIN_VALUE;
          }).toCompletableFuture());
    }
    return CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0]))
        .thenApply(v -> reads.stream().mapToLong(CompletableFuture::join).max().orElse(Long.MIN_VALUE));
  }

  /**
   * The compare-and-set save of a {@code @Version} entity. {@code previous} is the stored state, read
   * just before: a version other than {@code expected} fails at once, before anything is written
   * (null: not read, for an entity without index entries; the compare-and-set alone decides).
   * Otherwise the operation's timestamp is taken from {@code clock}, unique rows are claimed, the new
   * entries written, and {@code casMaster} writes the master row at that timestamp only if the stored
   * version is still {@code expected}. When it is not, the write is undone: the stored state is read
   * again and every entry and claim this save made that the stored state does not need is removed,
   * then {@code conflict} (given the stored version) fails the save. Completes with the new version.
   */
  public <E> CompletionStage<Long> saveVersioned(E entity, long expected, CompletionStage<Optional<E>> previous,
      ToLongFunction<E> versionOf, Function<E, List<IndexEntry>> entries, LongSupplier clock,
      LongFunction<CompletionStage<Boolean>> casMaster, Supplier<CompletionStage<Optional<E>>> current,
      LongFunction<RuntimeException> conflict) {
    boolean known = previous != null;
    CompletionStage<Optional<E>> before = known ? previous : CompletableFuture.completedFuture(Optional.empty());
    return before.thenCompose(old -> {
      long stored = old.map(versionOf::applyAsLong).orElse(0L);
      if (known && stored != expected) {
        return CompletableFuture.<Long>failedFuture(conflict.apply(stored));
      }
      long ts = clock.getAsLong();
      WritePlan plan = WritePlan.forSave(old.map(entries).orElse(List.of()), entries.apply(entity), store::claimed);
      store.requireWritable(plan.needed());
      return claims.claimAll(plan, ts).thenCompose(created -> {
        observer.afterStep(WriteStep.CLAIMS, entity);
        return outcomes.orTakeBack(entriesStep(plan, ts), plan, created, ts, false)
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_INSERTS, entity))
            .thenCompose(v -> outcomes.casMasterSettled(observed(WriteStep.MASTER, null, () -> casMaster.apply(ts)), plan, created, ts))
            .thenCompose(applied -> {
              if (!applied) {
                return outcomes.undo(plan, created, ts, current, entries, versionOf)
                    .thenCompose(now -> CompletableFuture.<Long>failedFuture(conflict.apply(now)));
              }
              observer.afterStep(WriteStep.MASTER, entity);
              return outcomes.removeAllOrRetry(plan, ts, ts)
                  .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, entity))
                  .thenApply(v -> expected + 1);
            });
      });
    });
  }

  /**
   * The compare-and-set delete of a {@code @Version} entity: the master row is deleted only if its
   * version is still the one read ({@code expected} when it is not negative: the caller's), then the
   * entries of the deleted state are removed. A lost compare-and-set writes nothing and fails with
   * {@code conflict} (given the expected and the stored version). Completes with whether a row was deleted.
   */
  public <E> CompletionStage<Boolean> deleteVersioned(long expected, CompletionStage<Optional<E>> stored, ToLongFunction<E> versionOf,
      Function<E, List<IndexEntry>> entries, LongSupplier clock, java.util.function.BiFunction<Long, Long, CompletionStage<Boolean>> casDelete,
      Supplier<CompletionStage<Optional<E>>> current, java.util.function.BiFunction<Long, Long, RuntimeException> conflict) {
    return stored.thenCompose(old -> {
      long version = old.map(versionOf::applyAsLong).orElse(0L);
      if (expected >= 0 && version != expected) {
        return CompletableFuture.<Boolean>failedFuture(conflict.apply(expected, version));
      }
      if (old.isEmpty()) {
        return CompletableFuture.completedFuture(false);
      }
      long ts = clock.getAsLong();
      WritePlan plan = WritePlan.forDelete(entries.apply(old.get()), store::claimed);
      return casDelete.apply(version, ts).thenCompose(applied -> {
        if (!applied) {
          return current.get().thenCompose(now ->
              CompletableFuture.<Boolean>failedFuture(conflict.apply(version, now.map(versionOf::applyAsLong).orElse(0L))));
        }
        observer.afterStep(WriteStep.MASTER, old.get());
        return removeAll(plan, ts)
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, old.get()))
            .thenApply(v -> true);
      });
    });
  }

  /** {@code error} without the completion and execution wrappers of futures: the failure itself. */
  public static Throwable unwrapped(Throwable error) {
    return unwrap(error);
  }

  static Throwable unwrap(Throwable error) {
    while ((error instanceof java.util.concurrent.CompletionException || error instanceof java.util.concurrent.ExecutionException)
        && error.getCause() != null) {
      error = error.getCause();
    }
    return error;
  }

  CompletionStage<Void> removeAll(WritePlan plan, long ts) {
    return removeAll(plan, ts, ts);
  }

  /** The plain rows of the old state deleted at {@code ts}, its claimed rows released if asserted before {@code releaseBefore}. */
  CompletionStage<Void> removeAll(WritePlan plan, long ts, long releaseBefore) {
    List<CompletableFuture<?>> steps = new ArrayList<>();
    if (store.groupsRows() && plan.deletes().size() > 1) {
      steps.add(GroupedRows.write(store, observer, stats.writeTimes, WriteStep.INDEX_DELETES, List.of(), List.of(), plan.deletes(), ts)
          .toCompletableFuture());
    } else {
      for (IndexEntry e : plan.deletes()) {
        steps.add(observed(WriteStep.INDEX_DELETES, e, () -> store.delete(e, ts)).toCompletableFuture());
      }
    }
    for (IndexEntry e : plan.releases()) {
      steps.add(observed(WriteStep.INDEX_DELETES, e, () -> release(e, releaseBefore)).toCompletableFuture());
    }
    return CompletableFuture.allOf(steps.toArray(new CompletableFuture<?>[0]));
  }

  /** A unique row released if still asserted only by operations stamped before {@code before}. */
  CompletionStage<Void> release(IndexEntry e, long before) {
    return store.release(e, before).thenApply(released -> null);
  }

  // ---- reads ----------------------------------------------------------------------------------

  /** How many master reads one index read has in flight at once. */
  public static final int MASTER_READS_IN_FLIGHT = 64;

  /**
   * Resolves index rows to the master rows they point at, in parallel, keeping the order of the
   * index. A hit whose master is gone or no longer needs it is dropped and repaired.
   */
  public <E> CompletionStage<List<E>> resolve(List<IndexHit> hits, Function<List<Object>, CompletionStage<Optional<E>>> masterByKey,
      Function<E, List<IndexEntry>> entries) {
    return readSide.resolve(hits, masterByKey, entries, (hit, master) -> master);
  }

  /**
   * Counts {@code rows} index rows that a read returned as they were, every one of them a verified
   * row of a trusted covering index (the backend resolved them without a hit per row).
   */
  public void countTrusted(int rows) {
    stats.indexRows.addAndGet(rows);
    stats.trusted.addAndGet(rows);
  }

  /**
   * The hits whose master row still needs them, in the order of the index, each master read once
   * (in parallel, bounded); the others are dropped and repaired as {@link #resolve} does. For reads
   * that return only the ids of the index rows ({@code findIdsBy…}).
   */
  public <E> CompletionStage<List<IndexHit>> checked(List<IndexHit> hits, Function<List<Object>, CompletionStage<Optional<E>>> masterByKey,
      Function<E, List<IndexEntry>> entries) {
    return readSide.resolve(hits, masterByKey, entries, (hit, master) -> hit);
  }



  /** Removes a stale row: released if unique, else deleted at its own write time (see {@link IndexReads#remove(IndexHit)}). */
  CompletionStage<Void> remove(IndexHit stale) {
    return readSide.remove(stale);
  }

  /** Removes a stale row; a unique row only while no operation asserted it within {@code graceMicros} (see {@link IndexReads}). */
  CompletionStage<Void> remove(IndexHit stale, long graceMicros) {
    return readSide.remove(stale, graceMicros);
  }

  /** Whether a row written at {@code writeTime} is within {@code graceMicros} of this DAO's clock (see {@link IndexReads#isYoung}). */
  boolean isYoung(long writeTime, long graceMicros) {
    return readSide.isYoung(writeTime, graceMicros);
  }

  static <T> CompletionStage<Void> all(List<T> items, Function<T, CompletionStage<Void>> action) {
    if (items.isEmpty()) {
      return done();
    }
    CompletableFuture<?>[] futures = new CompletableFuture<?>[items.size()];
    for (int i = 0; i < items.size(); i++) {
      try {
        futures[i] = action.apply(items.get(i)).toCompletableFuture();
      } catch (RuntimeException refusedUnsent) {
        // a write the client refuses before sending it (HBase checks a cell's size as the Put is
        // sent) fails its step like any failed write, so the step's outcome (a take-back) still runs
        futures[i] = CompletableFuture.failedFuture(refusedUnsent);
      }
    }
    return CompletableFuture.allOf(futures);
  }

  public static CompletionStage<Void> done() {
    return CompletableFuture.completedFuture(null);
  }
}
