package io.denorm.snippet;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The rows of one entity that hold snippets of another, as a fan-out reaches them. Generated for
 * every entity with a {@code @Denormalized} field, on each store.
 *
 * @param <H> the holding entity
 */
public interface SnippetHolders<H> {

  /**
   * One page of the rows whose snippet field {@code field} holds {@code sourceId}, read through the
   * field's reverse index; entries whose row no longer holds it are left out (and repaired, as any
   * index), so a page may hold fewer rows than asked while more follow.
   */
  CompletionStage<io.denorm.Page<H>> holdersOf(String field, Object sourceId, io.denorm.PageRequest page);

  /**
   * Saves {@code holder} through its entity's write protocol, without copying its snippets again.
   * {@code previous} is the state it was read in (so the save need not read it again).
   */
  CompletionStage<Void> saveHolder(H holder, H previous);

  /**
   * Reads {@code holder}'s row again and, when {@code change} gives a new state for it (null: none
   * needed), saves that state; completes with whether it wrote. {@code change} may alter only the
   * snippet fields and the owning sides of many-to-many: a rewrite writes no other column. Generated for holders without
   * {@code @Version} as a rewrite stamped just above the state read, so that a save of the row made
   * meanwhile by someone else stands whole; with {@code @Version}, the save's compare-and-set
   * decides (a conflict fails with {@link io.denorm.ConcurrentUpdateException}).
   */
  default CompletionStage<Boolean> rewrite(H holder, java.util.function.UnaryOperator<H> change) {
    return reload(holder).thenCompose(now -> {
      H fresh = now.map(change).orElse(null);
      return fresh == null ? java.util.concurrent.CompletableFuture.completedFuture(false) : saveHolder(fresh, now.get()).thenApply(v -> true);
    });
  }

  /**
   * Reads now the source rows of every fanned-out snippet in {@code holder} (the ids it names) and
   * completes with a function that brings a state of the holder up to date from them, giving null
   * when nothing in that state differs. Completes with null when the holder has no fanned-out
   * snippets (an owning side of a many-to-many only): there is nothing to settle.
   */
  CompletionStage<java.util.function.UnaryOperator<H>> copiesNow(H holder);

  /** How many times {@link #settle} reads the sources and rewrites the row before it gives up. */
  int SETTLE_PASSES = 8;

  /**
   * Brings the snippet copies in {@code holder}'s row up to date with their sources, and goes on
   * until a pass finds nothing to change: each pass reads the sources, then rewrites the row from
   * its state read after them. {@code written} is the state the caller has just written, or null: a
   * save compares its own write with the sources read after it, and reads its row only when they
   * differ. Whoever writes a copy (a holder save, a fan-out) settles after it; the last of them reads
   * the sources and the row after every write, so at rest every copy equals its source.
   */
  default CompletionStage<Void> settle(H holder, H written) {
    return copiesNow(holder).thenCompose(refresh -> refresh == null || written != null && refresh.apply(written) == null
        ? java.util.concurrent.CompletableFuture.<Void>completedFuture(null)
        : settlePass(holder, refresh, 1));
  }

  private CompletionStage<Void> settlePass(H holder, java.util.function.UnaryOperator<H> refresh, int pass) {
    return rewrite(holder, refresh).handle((wrote, error) -> {
      Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
      if (error != null && !(cause instanceof io.denorm.ConcurrentUpdateException)) {
        return java.util.concurrent.CompletableFuture.<Void>failedFuture(cause);
      }
      if (error == null && !wrote) {
        return java.util.concurrent.CompletableFuture.<Void>completedFuture(null); // nothing differed: settled
      }
      if (pass >= SETTLE_PASSES) {
        return java.util.concurrent.CompletableFuture.<Void>failedFuture(new io.denorm.DenormException(
            "the snippet copies of a " + holder.getClass().getSimpleName() + " row were still changing after " + SETTLE_PASSES
                + " passes; its sources are saved without pause (repairSnippets on their DAO brings them up to date)"));
      }
      return copiesNow(holder).thenCompose(next -> settlePass(holder, next, pass + 1));
    }).thenCompose(java.util.function.Function.identity());
  }

  /** The functions applied in turn: a state with every change made, or null when none of them changed anything. */
  @SafeVarargs
  static <H> java.util.function.UnaryOperator<H> inTurn(java.util.function.UnaryOperator<H>... steps) {
    return state -> {
      H current = state;
      boolean changed = false;
      for (java.util.function.UnaryOperator<H> step : steps) {
        H next = step.apply(current);
        if (next != null) {
          current = next;
          changed = true;
        }
      }
      return changed ? current : null;
    };
  }

  /** The stored state of {@code holder}'s row, read again (after a version conflict). */
  CompletionStage<Optional<H>> reload(H holder);

  /** The row whose one-column key is {@code id}. */
  CompletionStage<Optional<H>> byId(Object id);
}
