package io.denorm.snippet;

import java.util.concurrent.CompletionStage;

/**
 * A DAO whose entity is copied into snippets elsewhere. Its saves fan out on their own; these
 * methods run a fan-out again (to finish one interrupted by a crash or a failure) and show totals.
 *
 * @param <S> the source entity
 */
public interface SnippetSource<S> {

  /**
   * Rewrites, in every holder found through the reverse indexes, the snippets that copy {@code
   * source} and differ from it. Holders already up to date are not written, so running it again
   * after a partial run finishes the work.
   */
  CompletionStage<FanOutReport> fanOut(S source);

  FanOutStats fanOutStats();

  /**
   * Reads every source row and, through the reverse indexes, every holder of its snippets, and
   * counts the copies that differ from the source as stored; writes nothing. One source row at a
   * time, its holders at most {@link SnippetFanOut#IN_FLIGHT} at once.
   */
  SnippetReport verifySnippets();

  /** As {@link #verifySnippets}, rewriting each copy that differs (as a fan-out does). */
  SnippetReport repairSnippets();
}
