package io.denorm.tree;

import io.denorm.InvalidEntityException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Materialized paths ({@code @MaterializedPath}): a node's path is the ids from the root down to it,
 * each followed by {@code /}. The descendants of a node are the paths that start with its path,
 * which sort between it and the same text with its last {@code /} raised to {@code 0}.
 */
public final class MaterializedPaths {

  public static final char SEPARATOR = '/';

  private MaterializedPaths() {}

  /** The root's id of a path: its first segment. */
  public static String root(String path) {
    int slash = path.indexOf(SEPARATOR);
    return slash < 0 ? path : path.substring(0, slash);
  }

  /** The end (exclusive) of the range of paths under {@code path}: the last '/' raised to '0'. */
  public static String end(String path) {
    return path.substring(0, path.length() - 1) + (char) (SEPARATOR + 1);
  }

  /** How a save of a node reaches the store, for {@link #save}. */
  public record Store<E>(
      String entity,
      String idField,
      String parentField,
      Function<E, String> idOf,
      Function<E, String> parentOf,
      Function<E, String> pathOf,
      BiFunction<E, String, E> withPath,
      Function<String, CompletionStage<Optional<E>>> byId,
      Function<String, CompletionStage<List<E>>> under,
      BiFunction<E, E, CompletionStage<Void>> write) {}

  /**
   * Saves {@code node} with its path (its parent's path and its id), then, when the path changed,
   * every node under its old path with the new prefix, parents first. Completes with the node as
   * written.
   */
  public static <E> CompletionStage<E> save(E node, Store<E> store) {
    String id = store.idOf().apply(node);
    if (id == null || id.isEmpty() || id.indexOf(SEPARATOR) >= 0) {
      throw new InvalidEntityException(store.entity(), store.idField(), "is " + (id == null ? "null" : "'" + id + "'")
          + "; a node of a materialized path needs an id without '" + SEPARATOR + "'; nothing was written");
    }
    String parentId = store.parentOf().apply(node);
    CompletionStage<String> parentPath = parentId == null ? CompletableFuture.completedFuture("")
        : store.byId().apply(parentId).thenApply(parent -> {
          if (parent.isEmpty()) {
            throw new InvalidEntityException(store.entity(), store.parentField(), "names " + parentId + ", which does not exist; save the parent first (nothing was written)");
          }
          String p = store.pathOf().apply(parent.get());
          if (p == null) {
            throw new InvalidEntityException(store.entity(), store.parentField(), "names " + parentId + ", which has no path yet; save it again first (nothing was written)");
          }
          return p;
        });
    return parentPath.thenCompose(prefix -> store.byId().apply(id).thenCompose(previous -> {
      String path = prefix + id + SEPARATOR;
      String old = previous.map(store.pathOf()).orElse(null);
      if (old != null && !old.equals(path) && path.startsWith(old)) {
        throw new InvalidEntityException(store.entity(), store.parentField(), "names " + parentId + ", which is under " + id
            + " (" + prefix + "): a node cannot move into its own subtree; nothing was written");
      }
      E written = store.withPath().apply(node, path);
      CompletionStage<Void> self = store.write().apply(written, previous.orElse(null));
      if (old == null || old.equals(path)) {
        return self.thenApply(done -> written);
      }
      // A move: every node under the old path gets the new prefix, parents before children.
      return self.thenCompose(done -> store.under().apply(old)).thenCompose(descendants -> {
        List<E> ordered = descendants.stream().sorted(Comparator.comparingInt(d -> store.pathOf().apply(d).length())).toList();
        CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
        for (E d : ordered) {
          chain = chain.thenCompose(x -> store.write().apply(store.withPath().apply(d, path + store.pathOf().apply(d).substring(old.length())), d));
        }
        return chain.thenApply(x -> written);
      });
    }));
  }
}
