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
   * needed), saves that state; completes with whether it wrote. Generated for holders without
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

  /** The stored state of {@code holder}'s row, read again (after a version conflict). */
  CompletionStage<Optional<H>> reload(H holder);

  /** The row whose one-column key is {@code id}. */
  CompletionStage<Optional<H>> byId(Object id);
}
