package io.denorm.index;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * What the write protocol checks or sends again later: rows that failed, losing or abandoned saves
 * may have left (checked once the repair grace has passed, removed if their master does not need
 * them), and removals that failed after a master write applied (sent again). Nothing is held for
 * them but timers ({@link CompletableFuture#delayedExecutor}).
 */
final class DeferredRepairs {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(DeferredRepairs.class);

  private final IndexProtocol<?> p;

  DeferredRepairs(IndexProtocol<?> protocol) {
    this.p = protocol;
  }

  /** The most rows waiting for a deferred check at once, per DAO instance; more are left to reads and {@code verify}. */
  static final int MAX_PENDING = 100_000;

  private final java.util.concurrent.atomic.AtomicInteger pending = new java.util.concurrent.atomic.AtomicInteger();

  /** How many times a row found younger than the grace is checked again before it is left to reads. */
  static final int ROUNDS = 4;

  /**
   * Checks {@code rows} again once the repair grace has passed (plus a second, for clocks that
   * disagree a little): the master rows they point at are read once; a plain row that master needs
   * with other included values than the operation wrote is rewritten when it still holds them (see
   * {@link #rewriteIfOther}); each row that master does not need is read and removed when present
   * and older than the grace (a plain row deleted at its
   * own write time, a claimed row released only if no operation asserted it within the grace). A row
   * still younger than the grace (asserted again since, perhaps by a save that will lose too) is
   * checked again a grace later, up to {@value #ROUNDS} times, and so is a row whose check failed
   * (a read or write that timed out). Nothing is held for it but a timer.
   */
  void repairLater(List<IndexEntry> rows) {
    if (rows.isEmpty()) {
      return;
    }
    if (pending.addAndGet(rows.size()) > MAX_PENDING) {
      pending.addAndGet(-rows.size());
      p.stats.deferredDropped.addAndGet(rows.size());
      LOG.warn("{}: {} index rows left unchecked: more than {} are already waiting for their repair grace (reads repair them later)",
          rows.get(0).index().entity(), rows.size(), MAX_PENDING);
      return;
    }
    p.stats.deferred.addAndGet(rows.size());
    schedule(List.copyOf(rows), ROUNDS);
  }

  private void schedule(List<IndexEntry> rows, int rounds) {
    java.util.concurrent.Executor later = CompletableFuture.delayedExecutor(p.repairGraceMicros + 1_000_000L, java.util.concurrent.TimeUnit.MICROSECONDS);
    later.execute(() -> check(rows, rounds));
  }

  /**
   * Each row ends exactly once: finished (checked, repaired, or failed), or scheduled for another
   * round. Everything that can throw runs inside a future, so a failure finishes its rows.
   */
  private void check(List<IndexEntry> rows, int rounds) {
    Function<List<Object>, CompletionStage<List<IndexEntry>>> lookup = p.neededBy;
    java.util.Map<List<Object>, List<IndexEntry>> byMaster = new java.util.LinkedHashMap<>();
    rows.forEach(e -> byMaster.computeIfAbsent(e.masterKey(), k -> new java.util.ArrayList<>()).add(e));
    byMaster.forEach((master, own) -> {
      CompletableFuture<List<IndexEntry>> needed = CompletableFuture.completedFuture(master)
          .thenCompose(key -> lookup == null ? CompletableFuture.completedFuture(null) : lookup.apply(key));
      for (IndexEntry e : own) {
        needed.thenCompose(now -> {
          if (now == null) {
            return CompletableFuture.completedFuture(true); // no way to judge
          }
          IndexEntry want = NeededRows.neededRow(now, e);
          if (want != null) {
            return NeededRows.sameValues(want.values(), e.values()) || p.store.claimed(e.index()) ? CompletableFuture.completedFuture(true) : rewriteIfOther(want);
          }
          return p.store.read(e).thenCompose(hit -> {
            if (hit.isEmpty() || !hit.get().entry().masterKey().equals(e.masterKey())) {
              return CompletableFuture.completedFuture(true); // gone, or a unique row another master holds now: not ours to judge
            }
            if (p.isYoung(hit.get().writeTime(), p.repairGraceMicros)) {
              return CompletableFuture.completedFuture(false);
            }
            p.stats.repairs.incrementAndGet();
            return p.remove(hit.get()).thenApply(v -> true);
          });
        }).whenComplete((settled, error) -> {
          if ((error != null || !settled) && rounds > 1) {
            // young still, or the check failed (a read or a write timed out while a replica was
            // down): checked again a grace later
            if (error != null) {
              p.stats.deferredRetried.incrementAndGet();
              LOG.debug("{}: deferred check of row {} of index {} failed, tried again later: {}", e.index().entity(), e.identity(),
                  e.index().name(), error.toString());
            }
            schedule(List.of(e), rounds - 1);
          } else {
            finish(error);
          }
        });
      }
    });
  }

  /**
   * A plain row its master needs, which this operation wrote with other included values (a save
   * that failed or lost after its index writes, over the row of the state that stands): rewritten
   * with the master's values when it still holds others (see {@link IndexReads#rewrite}).
   */
  private CompletionStage<Boolean> rewriteIfOther(IndexEntry want) {
    return p.store.read(want).thenCompose(hit -> hit.isEmpty() || !hit.get().entry().masterKey().equals(want.masterKey())
        ? CompletableFuture.completedFuture(true)
        : p.readSide.rewrite(hit.get(), want));
  }

  private void finish(Throwable error) {
    if (error != null) {
      p.stats.repairFailures.incrementAndGet();
    }
    p.stats.deferredDone.incrementAndGet();
    pending.decrementAndGet();
  }

  /** Deletes a row its master does not need, unless it was written within the repair grace. */
  CompletionStage<Void> repairIfStale(IndexHit hit) {
    if (p.isYoung(hit.writeTime(), p.repairGraceMicros)) {
      return IndexProtocol.done();
    }
    Function<List<Object>, CompletionStage<List<IndexEntry>>> lookup = p.neededBy;
    if (lookup == null) {
      return IndexProtocol.done();
    }
    return lookup.apply(hit.entry().masterKey()).thenCompose(needed -> {
      if (NeededRows.needs(needed, hit.entry())) {
        return IndexProtocol.done();
      }
      p.stats.repairs.incrementAndGet();
      return p.remove(hit);
    });
  }

  /** Sends the removals of {@code plan} again, 200 ms later, up to {@code attempts} times until they all pass. */
  void retryRemovals(WritePlan plan, long ts, long releaseBefore, int attempts) {
    if (retrying.incrementAndGet() > MAX_PENDING_RETRIES) {
      retrying.decrementAndGet();
      // Left to reads and verify, which find the old state's rows stale.
      p.stats.deferredDropped.addAndGet(plan.deletes().size() + plan.releases().size());
      return;
    }
    p.stats.removalRetries.incrementAndGet();
    attempt(plan, ts, releaseBefore, attempts);
  }

  /** The most removal retries waiting at once, per DAO instance. */
  static final int MAX_PENDING_RETRIES = 10_000;

  private final java.util.concurrent.atomic.AtomicInteger retrying = new java.util.concurrent.atomic.AtomicInteger();

  private void attempt(WritePlan plan, long ts, long releaseBefore, int attempts) {
    CompletableFuture.delayedExecutor(200, java.util.concurrent.TimeUnit.MILLISECONDS).execute(() -> CompletableFuture.completedFuture(plan)
        .thenCompose(x -> p.removeAll(plan, ts, releaseBefore)).whenComplete((v, error) -> {
          if (error != null && attempts > 1) {
            attempt(plan, ts, releaseBefore, attempts - 1);
          } else {
            retrying.decrementAndGet();
            p.stats.removalRetriesDone.incrementAndGet();
          }
        }));
  }
}
