package io.denorm.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * What the outcome of a master write calls for in the write protocol of {@link IndexProtocol}
 * (docs/consistency.md, "Failed, abandoned and lost saves"): once it applied, the removals of what
 * only the old state needed (sent again when they fail); when it was refused, the claimed rows the
 * operation created are taken back; when its outcome is unknown, the master row is read again to
 * settle it; when a compare-and-set lost, what the losing save wrote is undone. Rows that cannot
 * be judged at once are left to {@link DeferredRepairs}.
 */
final class WriteOutcomes {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WriteOutcomes.class);

  private final IndexProtocol<?> p;

  WriteOutcomes(IndexProtocol<?> protocol) {
    this.p = protocol;
  }

  /**
   * The master write, then, when it applied, the removals. When it failed: refused, the claimed rows
   * this operation created are released again; of unknown outcome (a timeout), the master row is
   * read to settle it: the removals run if the stored state is ours, else what only this operation
   * needed is taken back. The failure is passed on either way.
   */
  CompletionStage<Void> masterThen(Supplier<CompletionStage<Void>> masterWrite, WritePlan plan, List<IndexEntry> created, long ts,
      Object entity) {
    return masterThen(masterWrite, plan, created, ts, ts, entity);
  }

  /** As above; the removals' releases are fenced by {@code releaseBefore} (a delete's: one above its stamp). */
  CompletionStage<Void> masterThen(Supplier<CompletionStage<Void>> masterWrite, WritePlan plan, List<IndexEntry> created, long ts,
      long releaseBefore, Object entity) {
    return p.observed(WriteStep.MASTER, null, masterWrite).handle((v, error) -> error).thenCompose(error -> {
      if (error == null) {
        p.observer().afterStep(WriteStep.MASTER, entity);
        // A master write that applied may still lose to a later-stamped write of another save, which
        // does not know the claimed rows this one created or asserted again: they are checked again
        // after the grace.
        p.later.repairLater(asserted(plan));
        return removeAllOrRetry(plan, ts, releaseBefore);
      }
      CompletionStage<Void> cleanup = p.store.refused(IndexProtocol.unwrap(error)) ? takeBack(plan, created, ts) : settle(plan, created, ts);
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
    Function<List<Object>, CompletionStage<List<IndexEntry>>> lookup = p.neededBy;
    if (key == null || lookup == null) {
      return IndexProtocol.done();
    }
    return lookup.apply(key).handle((current, readError) -> {
      if (readError != null) {
        // Not settled: everything this operation wrote, asserted again or meant to remove is checked after the grace.
        p.later.repairLater(everything(plan));
        return IndexProtocol.done();
      }
      // Compared with the included values too: a state that needs the same rows with other values is another save's.
      if (plan.needed().stream().allMatch(e -> NeededRows.needsAsIs(current, e)) && (!plan.needed().isEmpty() || current.isEmpty())) {
        p.later.repairLater(asserted(plan));
        // The state read may be another save's that needs some of what this one would remove.
        WritePlan removals = new WritePlan(List.of(), List.of(), List.of(),
            plan.deletes().stream().filter(e -> !NeededRows.needs(current, e)).toList(),
            plan.releases().stream().filter(e -> !NeededRows.needs(current, e)).toList());
        return removeAllOrRetry(removals, ts, ts);
      }
      // Not seen: the write may still land (a replica that took it and was not read), so nothing is
      // released now; what the state read does not need as written (a row it needs with other
      // included values among them) is checked again after the grace.
      List<IndexEntry> check = new ArrayList<>();
      everything(plan).stream().filter(e -> !NeededRows.needsAsIs(current, e)).forEach(check::add);
      p.later.repairLater(check);
      return IndexProtocol.done();
    }).thenCompose(Function.identity());
  }

  /**
   * Every row an operation of unknown outcome touched: those it claimed, created or wrote, those it
   * asserted again, and those it meant to remove (stale if its write lands later).
   */
  private static List<IndexEntry> everything(WritePlan plan) {
    java.util.LinkedHashSet<IndexEntry> rows = new java.util.LinkedHashSet<>(plan.uniqueRows());
    rows.addAll(plan.inserts());
    rows.addAll(plan.deletes());
    rows.addAll(plan.releases());
    return new ArrayList<>(rows);
  }

  /**
   * The claimed rows a save created or asserted at its stamp: once its claims have passed, every
   * unique row of its plan (its kept unique values and memberships, the rows it claimed, and those
   * it meant to claim and found its own already: an insert of a key that exists, or a previous state
   * given that lacked them).
   */
  static List<IndexEntry> asserted(WritePlan plan) {
    return plan.uniqueRows();
  }

  private static List<Object> masterKeyOf(WritePlan plan) {
    for (List<IndexEntry> part : List.of(plan.claims(), plan.reasserts(), plan.inserts(), plan.deletes(), plan.releases())) {
      if (!part.isEmpty()) {
        return part.get(0).masterKey();
      }
    }
    return null;
  }

  /**
   * Takes back what a save that lost its compare-and-set wrote. The claimed rows it created that the
   * stored state (read again) does not need are released at once: a release passes only while the
   * row still carries this save's stamp, so a later save that asserted the row keeps it. Its plain
   * entries are not deleted now: a delete at this save's stamp would hide the same entry written by
   * the next winner if that winner's clock is behind this one's. They are checked again once the
   * repair grace has passed and repaired then, like a stale row a read finds, and so are the claimed
   * rows it asserted without creating them. Completes with the stored version.
   */
  <E> CompletionStage<Long> undo(WritePlan plan, List<IndexEntry> created, long ts, Supplier<CompletionStage<Optional<E>>> current,
      Function<E, List<IndexEntry>> entries, ToLongFunction<E> versionOf) {
    return current.get().thenCompose(now -> {
      List<IndexEntry> needed = now.map(entries).orElse(List.of());
      List<CompletableFuture<?>> steps = new ArrayList<>();
      List<IndexEntry> leftovers = new ArrayList<>();
      for (IndexEntry e : plan.inserts()) {
        if (!NeededRows.needsAsIs(needed, e)) {
          leftovers.add(e);
        }
      }
      for (IndexEntry e : created) {
        if (!NeededRows.needs(needed, e)) {
          steps.add(p.release(e, ts + 1).toCompletableFuture());
        }
      }
      // The claimed rows it asserted without creating them carry its stamp: a release racing it may
      // have been refused, so those the stored state does not need are checked after the grace too.
      for (IndexEntry e : plan.uniqueRows()) {
        if (!created.contains(e) && !NeededRows.needs(needed, e)) {
          leftovers.add(e);
        }
      }
      p.stats.undone.addAndGet(steps.size());
      if (!steps.isEmpty() || !leftovers.isEmpty()) {
        IndexEntry any = !leftovers.isEmpty() ? leftovers.get(0) : created.get(0);
        LOG.debug("{}: a save of {} lost its compare-and-set: {} claimed rows released, {} entries left for a repair after the grace",
            any.index().entity(), any.masterKey(), steps.size(), leftovers.size());
      }
      p.later.repairLater(leftovers);
      long version = now.map(versionOf::applyAsLong).orElse(0L);
      return CompletableFuture.allOf(steps.toArray(new CompletableFuture<?>[0])).thenApply(v -> version);
    });
  }

  /** A compare-and-set master write; a failure is cleaned up as {@link #masterThen} does, then passed on. */
  CompletionStage<Boolean> casMasterSettled(CompletionStage<Boolean> cas, WritePlan plan, List<IndexEntry> created, long ts) {
    return cas.handle((applied, error) -> error).thenCompose(error -> {
      if (error == null) {
        return cas;
      }
      CompletionStage<Void> cleanup = p.store.refused(IndexProtocol.unwrap(error)) ? takeBack(plan, created, ts) : settle(plan, created, ts);
      return cleanup.handle((x, ignored) -> (Void) null).thenCompose(x -> CompletableFuture.<Boolean>failedFuture(error));
    });
  }

  /**
   * {@code step}, and when it fails, the unique rows this operation {@code created} released again
   * before the failure is passed on, so that a save that wrote nothing else blocks no one. When
   * {@code onlyIfRefused}, only a failure the store reports as refused (not applied) releases them: a
   * write whose outcome is unknown may have landed and need them.
   */
  <T> CompletionStage<T> orTakeBack(CompletionStage<T> step, WritePlan plan, List<IndexEntry> created, long ts, boolean onlyIfRefused) {
    return step.exceptionallyCompose(error -> {
      if (onlyIfRefused && !p.store.refused(IndexProtocol.unwrap(error))) {
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
    // and so do the rows it meant to claim and found its own already
    plan.claims().stream().filter(e -> !created.contains(e)).forEach(check::add);
    if (!check.isEmpty() || !created.isEmpty()) {
      IndexEntry any = !check.isEmpty() ? check.get(0) : created.get(0);
      LOG.debug("{}: a write of {} failed before its master write: {} claimed rows released, {} rows checked again after the grace",
          any.index().entity(), any.masterKey(), created.size(), check.size());
    }
    p.later.repairLater(check);
    return releaseAll(created, ts + 1);
  }

  /**
   * The removals after a master write that applied. When some fail, all are sent again a little
   * later (each is safe to repeat: deletes carry this operation's stamp, releases are fenced by it),
   * and the failure is passed on: the master row stands, and what remains of the old state is at
   * worst a stale row that reads filter out.
   */
  CompletionStage<Void> removeAllOrRetry(WritePlan plan, long ts, long releaseBefore) {
    return p.removeAll(plan, ts, releaseBefore).exceptionallyCompose(error -> {
      IndexEntry any = !plan.deletes().isEmpty() ? plan.deletes().get(0) : plan.releases().get(0);
      LOG.warn("{}: removing the old index rows of {} failed after its master write applied; retried in the background (until then reads filter them): {}",
          any.index().entity(), any.masterKey(), String.valueOf(IndexProtocol.unwrapped(error)));
      p.later.retryRemovals(plan, ts, releaseBefore, 5);
      return CompletableFuture.failedFuture(error);
    });
  }

  private CompletionStage<Void> releaseAll(List<IndexEntry> rows, long before) {
    if (!rows.isEmpty()) {
      p.stats.takenBack.addAndGet(rows.size());
    }
    return IndexProtocol.all(rows, e -> p.release(e, before));
  }

}
