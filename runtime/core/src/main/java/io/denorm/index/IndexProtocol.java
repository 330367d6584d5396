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
  private final Claims claims = new Claims(this);
  private final DeferredRepairs later = new DeferredRepairs(this);

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
        observer.afterStep(WriteStep.CLAIMS, entity);
        return orTakeBack(all(plan.inserts(), e -> observed(WriteStep.INDEX_INSERTS, e, () -> store.insert(e, ts))), plan, created, ts, false)
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_INSERTS, entity))
            .thenCompose(v -> masterThen(() -> masterWrite.apply(ts).thenCompose(master -> store.writeMaster(master, ts)), plan, created, ts, entity))
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, entity));
      });
    });
  }

  /**
   * The master write, then, when it applied, the removals. When it failed: refused, the claimed rows
   * this operation created are released again; of unknown outcome (a timeout), the master row is
   * read to settle it: the removals run if the stored state is ours, else what only this operation
   * needed is taken back. The failure is passed on either way.
   */
  private CompletionStage<Void> masterThen(Supplier<CompletionStage<Void>> masterWrite, WritePlan plan, List<IndexEntry> created, long ts,
      Object entity) {
    return masterThen(masterWrite, plan, created, ts, ts, entity);
  }

  /** As above; the removals' releases are fenced by {@code releaseBefore} (a delete's: one above its stamp). */
  private CompletionStage<Void> masterThen(Supplier<CompletionStage<Void>> masterWrite, WritePlan plan, List<IndexEntry> created, long ts,
      long releaseBefore, Object entity) {
    return observed(WriteStep.MASTER, null, masterWrite).handle((v, error) -> error).thenCompose(error -> {
      if (error == null) {
        observer.afterStep(WriteStep.MASTER, entity);
        // A master write that applied may still lose to a later-stamped write of another save, which
        // does not know the claimed rows this one created or asserted again: they are checked again
        // after the grace.
        later.repairLater(asserted(plan, created));
        return removeAllOrRetry(plan, ts, releaseBefore);
      }
      CompletionStage<Void> cleanup = store.refused(unwrap(error)) ? takeBack(plan, created, ts) : settle(plan, created, ts);
      return cleanup.handle((x, ignored) -> (Void) null).thenCompose(x -> CompletableFuture.<Void>failedFuture(error));
    });
  }

  /**
   * After a master write of unknown outcome: the master row is read again; when the stored state
   * needs every row this operation wrote, it stands and the removals run; otherwise the rows this
   * operation created or wrote that the stored state does not need are checked again after the
   * grace (a read can miss a write that lands later: releasing them now could take a unique value
   * from a master that ends up holding it).
   */
  private CompletionStage<Void> settle(WritePlan plan, List<IndexEntry> created, long ts) {
    List<Object> key = masterKeyOf(plan);
    Function<List<Object>, CompletionStage<List<IndexEntry>>> lookup = neededBy;
    if (key == null || lookup == null) {
      return done();
    }
    return lookup.apply(key).handle((current, readError) -> {
      if (readError != null) {
        // Not settled: everything this operation wrote, asserted again or meant to remove is checked after the grace.
        later.repairLater(everything(plan, created));
        return done();
      }
      if (plan.needed().stream().allMatch(e -> needs(current, e)) && (!plan.needed().isEmpty() || current.isEmpty())) {
        later.repairLater(asserted(plan, created));
        // The state read may be another save's that needs some of what this one would remove.
        WritePlan removals = new WritePlan(List.of(), List.of(), List.of(),
            plan.deletes().stream().filter(e -> !needs(current, e)).toList(), plan.releases().stream().filter(e -> !needs(current, e)).toList());
        return removeAllOrRetry(removals, ts, ts);
      }
      // Not seen: the write may still land (a replica that took it and was not read), so nothing is
      // released now; what the state read does not need is checked again after the grace.
      List<IndexEntry> check = new ArrayList<>();
      everything(plan, created).stream().filter(e -> !needs(current, e)).forEach(check::add);
      later.repairLater(check);
      return done();
    }).thenCompose(Function.identity());
  }

  /**
   * Every row an operation of unknown outcome touched: those it created or wrote, those it asserted
   * again, and those it meant to remove (stale if its write lands later).
   */
  private static List<IndexEntry> everything(WritePlan plan, List<IndexEntry> created) {
    java.util.LinkedHashSet<IndexEntry> rows = new java.util.LinkedHashSet<>(created);
    rows.addAll(plan.inserts());
    rows.addAll(plan.reasserts());
    rows.addAll(plan.deletes());
    rows.addAll(plan.releases());
    return new ArrayList<>(rows);
  }

  /** Rows to check once the repair grace has passed (see {@link DeferredRepairs#repairLater}). */
  void checkLater(List<IndexEntry> rows) {
    later.repairLater(rows);
  }

  /** The claimed rows a save created, and those it asserted again (its kept unique values and memberships). */
  private static List<IndexEntry> asserted(WritePlan plan, List<IndexEntry> created) {
    if (plan.reasserts().isEmpty()) {
      return created;
    }
    List<IndexEntry> rows = new ArrayList<>(created);
    rows.addAll(plan.reasserts());
    return rows;
  }

  private static List<Object> masterKeyOf(WritePlan plan) {
    for (List<IndexEntry> part : List.of(plan.claims(), plan.reasserts(), plan.inserts(), plan.deletes(), plan.releases())) {
      if (!part.isEmpty()) {
        return part.get(0).masterKey();
      }
    }
    return null;
  }

  /** {@code call}, with the observer's hooks around it (faults injected by tests). */
  <T> CompletionStage<T> observed(WriteStep step, IndexEntry entry, Supplier<CompletionStage<T>> call) {
    WriteObserver o = observer;
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
      observer.afterStep(WriteStep.CLAIMS, entity);
      return orTakeBack(masterWrite.get().thenCompose(master -> store.writeTogether(plan.inserts(), master, plan.deletes(), ts)), plan, created, ts, true)
          .thenRun(() -> {
            observer.afterStep(WriteStep.MASTER, entity);
            later.repairLater(asserted(plan, created));
          })
          .thenCompose(v -> all(plan.releases(), e -> release(e, ts)))
          .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, entity));
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
        Supplier<CompletionStage<Void>> master = together
            ? () -> masterDelete.apply(ts).thenCompose(m -> store.writeTogether(List.of(), m, plan.deletes(), ts))
            : () -> masterDelete.apply(ts).thenCompose(m -> store.writeMaster(m, ts));
        WritePlan removals = together ? new WritePlan(List.of(), List.of(), List.of(), List.of(), plan.releases()) : plan;
        // A tombstone hides the cells stamped at its own stamp too: a claimed row asserted at ts
        // belongs to a save it hides, so the releases pass below ts + 1.
        return masterThen(master, removals, List.of(), ts, ts + 1, entity)
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, entity))
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
        return orTakeBack(all(plan.inserts(), e -> observed(WriteStep.INDEX_INSERTS, e, () -> store.insert(e, ts))), plan, created, ts, false)
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_INSERTS, entity))
            .thenCompose(v -> casMasterSettled(observed(WriteStep.MASTER, null, () -> casMaster.apply(ts)), plan, created, ts))
            .thenCompose(applied -> {
              if (!applied) {
                return undo(plan, created, ts, current, entries, versionOf)
                    .thenCompose(now -> CompletableFuture.<Long>failedFuture(conflict.apply(now)));
              }
              observer.afterStep(WriteStep.MASTER, entity);
              return removeAllOrRetry(plan, ts, ts)
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

  /**
   * Takes back what a save that lost its compare-and-set wrote. The claimed rows it created that the
   * stored state (read again) does not need are released at once: a release passes only while the
   * row still carries this save's stamp, so a later save that asserted the row keeps it. Its plain
   * entries are not deleted now: a delete at this save's stamp would hide the same entry written by
   * the next winner if that winner's clock is behind this one's. They are checked again once the
   * repair grace has passed and repaired then, like a stale row a read finds. Completes with the
   * stored version.
   */
  private <E> CompletionStage<Long> undo(WritePlan plan, List<IndexEntry> created, long ts, Supplier<CompletionStage<Optional<E>>> current,
      Function<E, List<IndexEntry>> entries, ToLongFunction<E> versionOf) {
    return current.get().thenCompose(now -> {
      List<IndexEntry> needed = now.map(entries).orElse(List.of());
      List<CompletableFuture<?>> steps = new ArrayList<>();
      List<IndexEntry> leftovers = new ArrayList<>();
      for (IndexEntry e : plan.inserts()) {
        if (!needs(needed, e)) {
          leftovers.add(e);
        }
      }
      for (IndexEntry e : created) {
        if (!needs(needed, e)) {
          steps.add(release(e, ts + 1).toCompletableFuture());
        }
      }
      stats.undone.addAndGet(steps.size());
      later.repairLater(leftovers);
      long version = now.map(versionOf::applyAsLong).orElse(0L);
      return CompletableFuture.allOf(steps.toArray(new CompletableFuture<?>[0])).thenApply(v -> version);
    });
  }

  /** A compare-and-set master write; a failure is cleaned up as {@link #masterThen} does, then passed on. */
  private CompletionStage<Boolean> casMasterSettled(CompletionStage<Boolean> cas, WritePlan plan, List<IndexEntry> created, long ts) {
    return cas.handle((applied, error) -> error).thenCompose(error -> {
      if (error == null) {
        return cas;
      }
      CompletionStage<Void> cleanup = store.refused(unwrap(error)) ? takeBack(plan, created, ts) : settle(plan, created, ts);
      return cleanup.handle((x, ignored) -> (Void) null).thenCompose(x -> CompletableFuture.<Boolean>failedFuture(error));
    });
  }

  /**
   * {@code step}, and when it fails, the unique rows this operation {@code created} released again
   * before the failure is passed on, so that a save that wrote nothing else blocks no one. When
   * {@code onlyIfRefused}, only a failure the store reports as refused (not applied) releases them: a
   * write whose outcome is unknown may have landed and need them.
   */
  private <T> CompletionStage<T> orTakeBack(CompletionStage<T> step, WritePlan plan, List<IndexEntry> created, long ts, boolean onlyIfRefused) {
    return step.exceptionallyCompose(error -> {
      if (onlyIfRefused && !store.refused(unwrap(error))) {
        return CompletableFuture.failedFuture(error);
      }
      return takeBack(plan, created, ts).handle((v, ignored) -> (T) null)
          .thenCompose(v -> CompletableFuture.<T>failedFuture(error));
    });
  }

  /**
   * What an operation that failed before its master write applied leaves: the claimed rows it
   * created are released (fenced by its stamp), and its plain entries and the claimed rows it
   * asserted again are checked again after the grace (a plain row is deleted at once by no one: another save may be writing the same row).
   */
  private CompletionStage<Void> takeBack(WritePlan plan, List<IndexEntry> created, long ts) {
    // The claimed rows it asserted again carry its stamp now: a delete that raced it may have been
    // refused their release, so they are checked too.
    List<IndexEntry> check = new ArrayList<>(plan.inserts());
    check.addAll(plan.reasserts());
    later.repairLater(check);
    return releaseAll(created, ts + 1);
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
    for (IndexEntry e : plan.deletes()) {
      steps.add(observed(WriteStep.INDEX_DELETES, e, () -> store.delete(e, ts)).toCompletableFuture());
    }
    for (IndexEntry e : plan.releases()) {
      steps.add(observed(WriteStep.INDEX_DELETES, e, () -> release(e, releaseBefore)).toCompletableFuture());
    }
    return CompletableFuture.allOf(steps.toArray(new CompletableFuture<?>[0]));
  }

  /**
   * The removals after a master write that applied. When some fail, all are sent again a little
   * later (each is safe to repeat: deletes carry this operation's stamp, releases are fenced by it),
   * and the failure is passed on: the master row stands, and what remains of the old state is at
   * worst a stale row that reads filter out.
   */
  private CompletionStage<Void> removeAllOrRetry(WritePlan plan, long ts, long releaseBefore) {
    return removeAll(plan, ts, releaseBefore).exceptionallyCompose(error -> {
      later.retryRemovals(plan, ts, releaseBefore, 5);
      return CompletableFuture.failedFuture(error);
    });
  }

  private CompletionStage<Void> releaseAll(List<IndexEntry> rows, long before) {
    if (!rows.isEmpty()) {
      stats.takenBack.addAndGet(rows.size());
    }
    return all(rows, e -> release(e, before));
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
    return resolve(hits, masterByKey, entries, (hit, master) -> master);
  }

  /**
   * The hits whose master row still needs them, in the order of the index, each master read once
   * (in parallel, bounded); the others are dropped and repaired as {@link #resolve} does. For reads
   * that return only the ids of the index rows ({@code findIdsBy…}).
   */
  public <E> CompletionStage<List<IndexHit>> checked(List<IndexHit> hits, Function<List<Object>, CompletionStage<Optional<E>>> masterByKey,
      Function<E, List<IndexEntry>> entries) {
    return resolve(hits, masterByKey, entries, (hit, master) -> hit);
  }

  /** Each hit whose master still needs it, as {@code result} of the hit and its master; the others dropped and repaired. */
  private <E, R> CompletionStage<List<R>> resolve(List<IndexHit> hits, Function<List<Object>, CompletionStage<Optional<E>>> masterByKey,
      Function<E, List<IndexEntry>> entries, java.util.function.BiFunction<IndexHit, E, R> result) {
    stats.indexRows.addAndGet(hits.size());
    return io.denorm.Bounded.map(hits, MASTER_READS_IN_FLIGHT, hit -> masterByKey.apply(hit.entry().masterKey()).thenApply(master -> {
      if (master.isPresent() && needs(entries.apply(master.get()), hit.entry())) {
        return Optional.of(result.apply(hit, master.get()));
      }
      stats.stale.incrementAndGet();
      repair(hit);
      return Optional.<R>empty();
    })).thenApply(found -> {
      List<R> out = new ArrayList<>(found.size());
      found.forEach(f -> f.ifPresent(out::add));
      return out;
    });
  }

  /** Whether a master that needs {@code needed} still needs a row with this identity (included values may differ). */
  public static boolean needs(List<IndexEntry> needed, IndexEntry hit) {
    for (IndexEntry e : needed) {
      if (e.sameRow(hit) && e.masterKey().equals(hit.masterKey())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Deletes a stale row at its own write time, so that a newer write of the same row survives. A row
   * written within the grace period is left alone: it may come from a save whose master write is
   * still on its way, and deleting it would leave that save's entry missing.
   */
  private void repair(IndexHit stale) {
    if (isYoung(stale.writeTime(), repairGraceMicros)) {
      return;
    }
    stats.repairs.incrementAndGet();
    CompletionStage<?> sent = remove(stale);
    sent.whenComplete((v, error) -> {
      if (error != null) {
        stats.repairFailures.incrementAndGet();
      }
    });
  }

  /** Removes a stale row: released if unique, else deleted at its own write time. */
  CompletionStage<Void> remove(IndexHit stale) {
    return remove(stale, repairGraceMicros);
  }

  /**
   * Removes a stale row: deleted at its own write time, or for a unique row released only while no
   * operation has asserted it within {@code graceMicros} (the store checks the stamp).
   */
  CompletionStage<Void> remove(IndexHit stale, long graceMicros) {
    IndexEntry e = stale.entry();
    if (!store.claimed(e.index())) {
      return store.delete(e, stale.writeTime());
    }
    long fence = clock.next() - graceMicros;
    if (graceMicros <= 0 && stale.writeTime() != Stamped.UNKNOWN) {
      // no grace: the row as it was read goes, even when a contended save stamped it ahead of this
      // clock; an operation that asserted it again since then stamped it higher and keeps it
      fence = Math.max(fence, stale.writeTime() + 1);
    }
    return release(e, fence);
  }

  /**
   * Whether a row written at {@code writeTime} is within {@code graceMicros} of this DAO's clock (a
   * row of unknown write time, or one stamped ahead of the clock by a contended save, always is).
   */
  boolean isYoung(long writeTime, long graceMicros) {
    return writeTime == Stamped.UNKNOWN || writeTime > clock.next() - graceMicros;
  }

  static <T> CompletionStage<Void> all(List<T> items, Function<T, CompletionStage<Void>> action) {
    if (items.isEmpty()) {
      return done();
    }
    CompletableFuture<?>[] futures = new CompletableFuture<?>[items.size()];
    for (int i = 0; i < items.size(); i++) {
      futures[i] = action.apply(items.get(i)).toCompletableFuture();
    }
    return CompletableFuture.allOf(futures);
  }

  public static CompletionStage<Void> done() {
    return CompletableFuture.completedFuture(null);
  }
}
