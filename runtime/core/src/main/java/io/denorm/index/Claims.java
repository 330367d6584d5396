package io.denorm.index;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The first step of the write protocol: every claimed row (unique rows, memberships) the new state
 * needs is claimed or asserted again, and a unique row held by another master that no longer needs
 * it is taken over (docs/consistency.md, "Failed, abandoned and lost saves").
 */
final class Claims {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Claims.class);

  private final IndexProtocol<?> p;

  Claims(IndexProtocol<?> protocol) {
    this.p = protocol;
  }

  /**
   * Claims or re-asserts every unique row the new state needs; completes with the rows this
   * operation created. A row held by another entity that still needs it (or asserted it within the
   * repair grace) fails the save: the rows this save created are released again, and nothing else
   * has been written.
   */
  CompletionStage<List<IndexEntry>> claimAll(WritePlan plan, long ts) {
    List<IndexEntry> rows = plan.uniqueRows();
    if (rows.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    int fresh = plan.claims().size();
    List<CompletableFuture<IndexStore.Claim>> results = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      IndexEntry row = rows.get(i);
      boolean owned = i >= fresh;
      results.add(p.observed(WriteStep.CLAIMS, row, () -> claim(row, ts, owned, 3)).toCompletableFuture());
    }
    return CompletableFuture.allOf(results.toArray(new CompletableFuture<?>[0])).handle((v, ignored) -> {
      List<IndexEntry> created = new ArrayList<>();
      Throwable failure = null;
      for (int i = 0; i < rows.size(); i++) {
        CompletableFuture<IndexStore.Claim> r = results.get(i);
        IndexEntry e = rows.get(i);
        if (r.isCompletedExceptionally()) {
          failure = failure != null ? failure : r.handle((x, error) -> IndexProtocol.unwrap(error)).join();
        } else if (r.join().created()) {
          created.add(e);
        } else if (r.join().other() != null && failure == null) {
          failure = new UniqueConstraintViolationException(e.index().entity(), e.index().name(), e.indexKey(), r.join().other().owner());
        }
      }
      if (failure == null) {
        return CompletableFuture.completedFuture((List<IndexEntry>) created);
      }
      Throwable cause = failure;
      // The rows it asserted again carry its stamp now: a delete racing it may have been refused their
      // release. So does a row it meant to claim and found its own already (an insert of a key that
      // exists, a previous state given that lacked the row): it was asserted too.
      List<IndexEntry> asserted = new ArrayList<>();
      for (int i = 0; i < rows.size(); i++) {
        if (!created.contains(rows.get(i)) && !results.get(i).isCompletedExceptionally() && results.get(i).join().other() == null) {
          asserted.add(rows.get(i));
        }
      }
      p.checkLater(asserted);
      return IndexProtocol.all(created, e -> p.release(e, ts + 1)).handle((x, error) -> (List<IndexEntry>) null)
          .thenCompose(x -> CompletableFuture.<List<IndexEntry>>failedFuture(cause));
    }).thenCompose(java.util.function.Function.identity());
  }

  /** One claim; a row held by another master that no longer needs it is taken over. */
  CompletionStage<IndexStore.Claim> claim(IndexEntry e, long ts, boolean owned, int attempts) {
    return p.store.claim(e, ts, owned).thenCompose(c -> {
      if (c.other() == null) {
        return CompletableFuture.completedFuture(c);
      }
      return abandoned(e, c.other()).thenCompose(free -> {
        if (!free) {
          LOG.debug("{}: value {} of unique index {} is held by {}; the save of {} fails", e.index().entity(), e.values().subList(0, e.index().keyCount()),
              e.index().name(), c.other().owner(), e.masterKey());
          return CompletableFuture.completedFuture(c);
        }
        return p.store.takeOver(e, ts, c.other()).thenCompose(taken -> {
          if (taken) {
            p.stats.takenOver.incrementAndGet();
            LOG.info("{}: value {} of unique index {} taken over by {} from {}, whose row no longer holds it", e.index().entity(),
                e.values().subList(0, e.index().keyCount()), e.index().name(), e.masterKey(), c.other().owner());
            return CompletableFuture.completedFuture(IndexStore.Claim.CREATED);
          }
          return attempts > 1 ? claim(e, ts, owned, attempts - 1) : CompletableFuture.completedFuture(c);
        });
      });
    });
  }

  /**
   * Whether another master's unique row can be taken: asserted longer ago than the repair grace (a
   * save still on its way to its master write would be younger), and its master row, read now, does
   * not need it.
   */
  CompletionStage<Boolean> abandoned(IndexEntry e, IndexStore.Holder holder) {
    Function<List<Object>, CompletionStage<List<IndexEntry>>> lookup = p.neededBy;
    if (lookup == null || p.isYoung(holder.op(), p.repairGraceMicros)) {
      return CompletableFuture.completedFuture(false);
    }
    return lookup.apply(holder.owner()).thenApply(needed -> {
      for (IndexEntry n : needed) {
        if (n.sameRow(e) && n.masterKey().equals(holder.owner())) {
          return false;
        }
      }
      return true;
    });
  }

}
