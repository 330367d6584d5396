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

  private final IndexProtocol<?> p;

  DeferredRepairs(IndexProtocol<?> protocol) {
    this.p = protocol;
  }

  /**
   * Checks {@code rows} again once the repair grace has passed (plus a second, for clocks that
   * disagree a little): each one still present, older than the grace and not needed by its master
   * row read then is removed (a plain row deleted at its own write time, a claimed row released only
   * if no operation asserted it within the grace). Nothing is held for it but a timer.
   */
  void repairLater(List<IndexEntry> rows) {
    if (rows.isEmpty()) {
      return;
    }
    p.stats.deferred.addAndGet(rows.size());
    java.util.concurrent.Executor later = CompletableFuture.delayedExecutor(p.repairGraceMicros + 1_000_000L, java.util.concurrent.TimeUnit.MICROSECONDS);
    later.execute(() -> {
      for (IndexEntry e : rows) {
        p.store.read(e).thenCompose(hit -> hit.isPresent() ? repairIfStale(hit.get()) : IndexProtocol.done())
            .whenComplete((v, error) -> {
              if (error != null) {
                p.stats.repairFailures.incrementAndGet();
              }
              p.stats.deferredDone.incrementAndGet();
            });
      }
    });
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
      if (IndexProtocol.needs(needed, hit.entry())) {
        return IndexProtocol.done();
      }
      p.stats.repairs.incrementAndGet();
      return p.remove(hit);
    });
  }

  /** Sends the removals of {@code plan} again, 200 ms later, up to {@code attempts} times until they all pass. */
  void retryRemovals(WritePlan plan, long ts, int attempts) {
    p.stats.removalRetries.incrementAndGet();
    attempt(plan, ts, attempts);
  }

  private void attempt(WritePlan plan, long ts, int attempts) {
    CompletableFuture.delayedExecutor(200, java.util.concurrent.TimeUnit.MILLISECONDS).execute(() -> p.removeAll(plan, ts).whenComplete((v, error) -> {
      if (error != null && attempts > 1) {
        attempt(plan, ts, attempts - 1);
      } else {
        p.stats.removalRetriesDone.incrementAndGet();
      }
    }));
  }
}
