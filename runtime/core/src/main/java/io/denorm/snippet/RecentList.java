package io.denorm.snippet;

import io.denorm.CasRetry;
import io.denorm.DenormException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A {@code @Recent} list in a parent row, kept by the child's saves and deletes, the same on every
 * store: read the list, merge, keep the newest {@code limit}, write it back only if the stored list
 * is still the one read (compare-and-set), again on a lost race.
 *
 * @param <C> the child entity
 */
public final class RecentList<C> {

  /** What a store does for a recent list. */
  public interface Store<C> {
    /** The parent's list as stored ({@code list} null when the cell is absent) and its raw form; empty when the parent row does not exist. */
    CompletionStage<Optional<Stored<C>>> read(Object parentId);

    /** Writes {@code next} as the parent's list if the stored raw form is still {@code raw}; completes with whether it was. */
    CompletionStage<Boolean> replace(Object parentId, Object raw, List<C> next);

    /** The parent's {@code n} newest children, newest first, read from the child's table. */
    CompletionStage<List<C>> newest(Object parentId, int n);
  }

  /** A parent's list as read: decoded, and in the store's raw form for the compare-and-set. */
  public record Stored<C>(List<C> list, Object raw) {}

  private final String parent;
  private final String field;
  private final int limit;
  private final Function<C, Object> parentIdOf;
  private final Function<C, List<Object>> keyOf;
  private final Comparator<C> newestFirst;
  private final Store<C> store;

  @SuppressWarnings({"unchecked", "rawtypes"})
  public RecentList(String parent, String field, int limit, Function<C, Object> parentIdOf, Function<C, List<Object>> keyOf,
      Function<C, Comparable<?>> orderKey, Store<C> store) {
    this.parent = parent;
    this.field = field;
    this.limit = limit;
    this.parentIdOf = parentIdOf;
    // Keys and order as the stores keep them: instants at their millisecond, strings by code point,
    // UUIDs in Cassandra's order (a child given in nanoseconds is the row stored at its millisecond).
    this.keyOf = c -> stored(keyOf.apply(c));
    this.newestFirst = (a, b) -> io.denorm.search.SortedIds.KEY_ORDER.compare(stored(orderKey.apply(b)), stored(orderKey.apply(a)));
    this.store = store;
  }

  /** After a child is saved: merged into its parent's list. */
  public CompletionStage<Void> afterSave(C child) {
    Object parentId = parentIdOf.apply(child);
    List<Object> key = keyOf.apply(child);
    return change(parentId, 1, stored -> {
      List<C> next = new ArrayList<>();
      if (stored.list() != null) {
        stored.list().stream().filter(c -> c != null && !keyOf.apply(c).equals(key)).forEach(next::add);
      }
      next.add(child);
      next.sort(newestFirst);
      List<C> kept = new ArrayList<>(next.subList(0, Math.min(limit, next.size())));
      return CompletableFuture.completedFuture(Objects.equals(kept, stored.list()) ? null : kept);
    });
  }

  private static List<Object> stored(List<Object> key) {
    List<Object> out = new ArrayList<>(key.size());
    for (Object v : key) {
      out.add(stored(v));
    }
    return out;
  }

  private static Object stored(Object v) {
    return v instanceof java.time.Instant t ? t.truncatedTo(java.time.temporal.ChronoUnit.MILLIS) : v;
  }

  /** Before a child keyed {@code key} is deleted: when the list holds it, the list becomes the newest others. */
  public CompletionStage<Void> beforeDelete(Object parentId, List<Object> rawKey) {
    List<Object> key = stored(rawKey);
    return change(parentId, 1, stored -> {
      if (stored.list() == null || stored.list().stream().noneMatch(c -> c != null && keyOf.apply(c).equals(key))) {
        return CompletableFuture.completedFuture(null);
      }
      return store.newest(parentId, limit + 1).thenApply(rows -> {
        List<C> kept = new ArrayList<>();
        for (C c : rows) {
          if (!keyOf.apply(c).equals(key) && kept.size() < limit) {
            kept.add(c);
          }
        }
        return kept;
      });
    });
  }

  /** Reads the list, asks {@code next} for its new value (null: leave it), writes it by compare-and-set, again when another change won. */
  private CompletionStage<Void> change(Object parentId, int attempt, Function<Stored<C>, CompletionStage<List<C>>> next) {
    return store.read(parentId).thenCompose(found -> {
      if (found.isEmpty()) {
        return CompletableFuture.completedFuture(null); // no parent row: none is created
      }
      Stored<C> stored = found.get();
      return next.apply(stored).thenCompose(list -> {
        if (list == null) {
          return CompletableFuture.completedFuture(null);
        }
        return store.replace(parentId, stored.raw(), list).thenCompose(applied -> {
          if (applied) {
            return CompletableFuture.<Void>completedFuture(null);
          }
          if (CasRetry.exhausted(attempt)) {
            return CompletableFuture.<Void>failedFuture(CasRetry.gaveUp(new DenormException(parent + "." + field + " of " + parentId
                + " not updated: " + CasRetry.ATTEMPTS + " compare-and-sets lost to concurrent changes")));
          }
          return CasRetry.pause(attempt, () -> parent + "." + field + " of " + parentId).thenCompose(x -> change(parentId, attempt + 1, next));
        });
      });
    });
  }

  /** {@link #afterSave} of every list in {@code lists}. */
  public static <C> CompletionStage<Void> afterSaveAll(List<RecentList<C>> lists, C child) {
    CompletableFuture<?>[] all = lists.stream().map(l -> l.afterSave(child).toCompletableFuture()).toArray(CompletableFuture<?>[]::new);
    return CompletableFuture.allOf(all);
  }

  /** {@link #beforeDelete} of every list in {@code lists}. */
  public static <C> CompletionStage<Void> beforeDeleteAll(List<RecentList<C>> lists, Object parentId, List<Object> key) {
    CompletableFuture<?>[] all = lists.stream().map(l -> l.beforeDelete(parentId, key).toCompletableFuture()).toArray(CompletableFuture<?>[]::new);
    return CompletableFuture.allOf(all);
  }
}
