package io.denorm.tree;

import io.denorm.Bounded;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** Walks of trees stored as adjacency lists ({@code @ParentId}). */
public final class Trees {

  /** How many children reads one level of a walk has in flight at once. */
  public static final int IN_FLIGHT = 16;

  private Trees() {}

  /**
   * The nodes under {@code root}, breadth first, down to {@code maxDepth} levels: each level's
   * children read together ({@code children} of every node of the level, {@link #IN_FLIGHT} at a
   * time), in the order of their parents. A node already returned (or the root) is not returned
   * again, so a cycle ends the walk instead of looping.
   */
  public static <K, E> CompletionStage<List<E>> breadthFirst(K root, int maxDepth, Function<K, CompletionStage<List<E>>> children, Function<E, K> idOf) {
    if (maxDepth < 0) {
      throw new IllegalArgumentException("maxDepth must be 0 or more, not " + maxDepth);
    }
    Set<K> seen = new HashSet<>();
    seen.add(root);
    return level(List.of(root), maxDepth, children, idOf, seen, new ArrayList<>());
  }

  private static <K, E> CompletionStage<List<E>> level(List<K> frontier, int depthLeft, Function<K, CompletionStage<List<E>>> children,
      Function<E, K> idOf, Set<K> seen, List<E> out) {
    if (frontier.isEmpty() || depthLeft == 0) {
      return CompletableFuture.completedFuture(out);
    }
    return Bounded.map(frontier, IN_FLIGHT, children).thenCompose(levels -> {
      List<K> next = new ArrayList<>();
      for (List<E> kids : levels) {
        for (E kid : kids) {
          K id = idOf.apply(kid);
          if (seen.add(id)) {
            out.add(kid);
            next.add(id);
          }
        }
      }
      return level(next, depthLeft - 1, children, idOf, seen, out);
    });
  }
}
