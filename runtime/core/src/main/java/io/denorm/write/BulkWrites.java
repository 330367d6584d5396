package io.denorm.write;

import io.denorm.BulkWriteException;
import io.denorm.Futures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs the single writes of a bulk call with a bounded number in flight. Entities with the same key
 * are written one after the other in the order given, so the last one given is the one stored;
 * others run concurrently. A failed write does not stop the others: the call completes once every
 * write has, failing with {@link BulkWriteException} listing the failed ones.
 */
public final class BulkWrites<E> {

  /** How many single writes a bulk call keeps in flight by default. */
  public static final int DEFAULT_IN_FLIGHT = 64;

  private final String entity;
  private final String operation;
  private final List<E> items;
  private final Function<? super E, List<Object>> keyOf;
  private final Function<? super E, ? extends CompletionStage<?>> write;
  /** Chains of positions in {@code items}: the positions of one key, in call order. */
  private final List<int[]> chains = new ArrayList<>();
  private final AtomicInteger nextChain = new AtomicInteger();
  private final AtomicInteger doneChains = new AtomicInteger();
  private final List<BulkWriteException.Failure> failures = new ArrayList<>();
  private final CompletableFuture<Void> done = new CompletableFuture<>();

  /** Whether entities with equal keys are written one after the other (else every entity is a chain of its own). */
  private final boolean chained;

  private BulkWrites(String entity, String operation, List<E> items, Function<? super E, List<Object>> keyOf,
      Function<? super E, ? extends CompletionStage<?>> write, boolean chained) {
    this.entity = entity;
    this.operation = operation;
    this.items = items;
    this.keyOf = keyOf;
    this.write = write;
    this.chained = chained;
  }

  /**
   * Writes every one of {@code items} by {@code write}, at most {@code inFlight} at a time.
   *
   * @param keyOf the key values of an entity: equal keys are written in call order
   */
  public static <E> CompletionStage<Void> each(String entity, String operation, List<E> items, Function<? super E, List<Object>> keyOf,
      Function<? super E, ? extends CompletionStage<?>> write, int inFlight) {
    return each(entity, operation, items, keyOf, write, inFlight, true);
  }

  /**
   * As above; {@code chained} false: every entity is written on its own, whatever its key (for
   * entities whose key is not known before the write, as a {@code @Sequence} id of 0).
   */
  public static <E> CompletionStage<Void> each(String entity, String operation, List<E> items, Function<? super E, List<Object>> keyOf,
      Function<? super E, ? extends CompletionStage<?>> write, int inFlight, boolean chained) {
    if (inFlight < 1) {
      throw new IllegalArgumentException("inFlight must be at least 1, not " + inFlight);
    }
    if (items.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    BulkWrites<E> run = new BulkWrites<>(entity, operation, items, keyOf, write, chained);
    run.chain();
    for (int i = 0; i < Math.min(inFlight, run.chains.size()); i++) {
      run.pump();
    }
    return run.done;
  }

  /**
   * The entities of {@code entities} as a list, each checked by {@code check} before anything is
   * written: a null entity or one {@code check} refuses fails the whole call, with nothing sent.
   */
  public static <E> List<E> checked(String entity, Iterable<? extends E> entities, java.util.function.Consumer<? super E> check) {
    Objects.requireNonNull(entities, entity + "s to write");
    List<E> list = new ArrayList<>();
    int position = 0;
    for (E e : entities) {
      if (e == null) {
        throw new NullPointerException(entity + " at position " + position + " is null; nothing was written");
      }
      if (check != null) {
        check.accept(e);
      }
      list.add(e);
      position++;
    }
    return list;
  }

  private void chain() {
    if (!chained) {
      for (int i = 0; i < items.size(); i++) {
        chains.add(new int[] {i});
      }
      return;
    }
    Map<List<Object>, Integer> chainOfKey = new HashMap<>();
    List<List<Integer>> grouped = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      List<Object> key = comparable(keyOf.apply(items.get(i)));
      Integer c = chainOfKey.putIfAbsent(key, grouped.size());
      if (c == null) {
        grouped.add(new ArrayList<>(1));
        c = grouped.size() - 1;
      }
      grouped.get(c).add(i);
    }
    for (List<Integer> g : grouped) {
      chains.add(g.stream().mapToInt(Integer::intValue).toArray());
    }
  }

  /** {@code key} with each byte array as a ByteBuffer, which compares by content. */
  private static List<Object> comparable(List<Object> key) {
    List<Object> out = new ArrayList<>(key.size());
    for (Object v : key) {
      out.add(v instanceof byte[] bytes ? java.nio.ByteBuffer.wrap(bytes) : v);
    }
    return out;
  }

  /** Takes chains one after the other until none is left; a chain that completes at once does not recurse. */
  private void pump() {
    while (true) {
      int c = nextChain.getAndIncrement();
      if (c >= chains.size()) {
        return;
      }
      CompletableFuture<Void> f = run(chains.get(c), 0);
      if (!f.isDone()) {
        f.whenComplete((v, e) -> {
          finished();
          pump();
        });
        return;
      }
      finished();
    }
  }

  /** Writes the positions of {@code chain} from {@code from} on, one after the other, each failure recorded. */
  private CompletableFuture<Void> run(int[] chain, int from) {
    CompletableFuture<Void> f = CompletableFuture.completedFuture(null);
    for (int i = from; i < chain.length; i++) {
      int position = chain[i];
      f = f.thenCompose(v -> one(position));
    }
    return f;
  }

  /** The write of one position; it always completes normally, a failure recorded (thrown or returned, errors included). */
  private CompletableFuture<Void> one(int position) {
    E item = items.get(position);
    CompletableFuture<?> stage;
    try {
      stage = Objects.requireNonNull(write.apply(item), "the write returned no stage").toCompletableFuture();
    } catch (Throwable e) {
      fail(position, item, e);
      return CompletableFuture.completedFuture(null);
    }
    return stage.handle((v, e) -> {
      if (e != null) {
        fail(position, item, Futures.unwrap(e));
      }
      return null;
    });
  }

  private void fail(int position, E item, Throwable cause) {
    synchronized (failures) {
      failures.add(new BulkWriteException.Failure(position, keyOf.apply(item), cause));
    }
  }

  private void finished() {
    if (doneChains.incrementAndGet() < chains.size()) {
      return;
    }
    List<BulkWriteException.Failure> failed;
    synchronized (failures) {
      failed = new ArrayList<>(failures);
    }
    if (failed.isEmpty()) {
      done.complete(null);
    } else {
      failed.sort(java.util.Comparator.comparingInt(BulkWriteException.Failure::position));
      done.completeExceptionally(new BulkWriteException(entity, operation, items.size(), failed));
    }
  }
}
