package io.denorm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Application-side joins: the rows a list of ids references, fetched in batches of {@link #BATCH}
 * ids (one request each), at most {@link #IN_FLIGHT} batches at a time, never one blocking read per
 * id. Used by generated {@code load…} methods on both stores.
 */
public final class References {

  /** Ids per request. */
  public static final int BATCH = 100;
  /** Requests in flight at once, per join. */
  public static final int IN_FLIGHT = 4;

  private References() {}

  /** The rows of {@code found} in the order of {@code ids}, each once; ids without a row are left out. */
  public static <T> List<T> inOrder(Collection<?> ids, Map<Object, T> found) {
    List<T> out = new ArrayList<>(found.size());
    for (Object id : new LinkedHashSet<>(ids)) {
      T row = id == null ? null : found.get(id);
      if (row != null) {
        out.add(row);
      }
    }
    return out;
  }

  /**
   * The rows of {@code ids}, by id, in the order the ids are first listed; ids without a row are
   * absent, null ids skipped, repeated ids fetched once. {@code batch} reads the rows of up to
   * {@link #BATCH} distinct ids in one request and returns them by id.
   */
  public static <T> CompletionStage<Map<Object, T>> fetch(Collection<?> ids, Function<List<Object>, CompletionStage<Map<Object, T>>> batch) {
    List<Object> distinct = new ArrayList<>(new LinkedHashSet<>(ids));
    distinct.removeIf(java.util.Objects::isNull);
    if (distinct.isEmpty()) {
      return CompletableFuture.completedFuture(Map.of());
    }
    List<List<Object>> batches = new ArrayList<>();
    for (int i = 0; i < distinct.size(); i += BATCH) {
      batches.add(distinct.subList(i, Math.min(distinct.size(), i + BATCH)));
    }
    Map<Object, T> found = new java.util.concurrent.ConcurrentHashMap<>();
    AtomicInteger next = new AtomicInteger();
    List<CompletableFuture<Void>> lanes = new ArrayList<>();
    for (int lane = 0; lane < Math.min(IN_FLIGHT, batches.size()); lane++) {
      lanes.add(lane(batches, next, batch, found).toCompletableFuture());
    }
    return CompletableFuture.allOf(lanes.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      Map<Object, T> ordered = new LinkedHashMap<>();
      for (Object id : distinct) {
        T row = found.get(id);
        if (row != null) {
          ordered.put(id, row);
        }
      }
      return ordered;
    });
  }

  /** One lane: takes the next batch not yet taken, fetches it, and goes on until none is left. */
  private static <T> CompletionStage<Void> lane(List<List<Object>> batches, AtomicInteger next,
      Function<List<Object>, CompletionStage<Map<Object, T>>> batch, Map<Object, T> found) {
    int i = next.getAndIncrement();
    if (i >= batches.size()) {
      return CompletableFuture.completedFuture(null);
    }
    return batch.apply(batches.get(i)).thenCompose(rows -> {
      found.putAll(rows);
      return lane(batches, next, batch, found);
    });
  }
}
