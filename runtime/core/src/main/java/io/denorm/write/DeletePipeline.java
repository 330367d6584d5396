package io.denorm.write;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The steps of one delete, the same for every entity on every store. A generated DAO builds one
 * pipeline in its constructor when a feature hooks into a delete, and each of its delete methods is
 * one call of it. The steps, in order:
 *
 * <ol>
 *   <li><b>before</b>: the work other rows need before this one goes: a many-to-many row is read and
 *       its id removed from every owning row its inverse sides name; the {@code @Recent} lists
 *       holding it drop it for the next newest;
 *   <li><b>delete</b>: the store's delete (plain, through the index protocol, or as a
 *       compare-and-set), stamped with a timestamp taken once the steps before have completed.
 * </ol>
 *
 * <p>The key of an entity is checked (the check hook) before anything is read or sent; a key given
 * as values is checked by the caller. A failing step fails the delete: the row stays. Instances are immutable and safe for concurrent deletes.
 *
 * @param <E> the entity
 */
public final class DeletePipeline<E> {

  /**
   * One delete as the store's delete gets it: the key values in key order, the entity when the
   * caller gave one ({@code null}: a delete by key; a {@code @Version} entity's version is then the
   * one expected), the timestamp, and whether the caller wants to know if the row existed.
   */
  public record Call<E>(List<Object> key, E entity, long timestamp, boolean reportExisted) {}

  /** The store's delete of the row; completes with whether it existed (false when not {@code reportExisted} and not read). */
  @FunctionalInterface
  public interface Delete<E> {
    CompletionStage<Boolean> delete(Call<E> call);
  }

  private final LongSupplier clock;
  private final Function<E, List<Object>> keyOf;
  private final Delete<E> delete;
  private final Consumer<E> check;
  private final List<Function<List<Object>, CompletionStage<?>>> before;

  private DeletePipeline(Builder<E> b) {
    this.clock = Objects.requireNonNull(b.clock, "clock");
    this.keyOf = Objects.requireNonNull(b.keyOf, "keyOf");
    this.delete = Objects.requireNonNull(b.delete, "delete");
    this.check = b.check;
    this.before = List.copyOf(b.before);
  }

  /** A pipeline stamped by {@code clock} whose deletes {@code delete} runs; {@code keyOf} gives an entity's key values. */
  public static <E> Builder<E> deleting(LongSupplier clock, Function<E, List<Object>> keyOf, Delete<E> delete) {
    return new Builder<>(clock, keyOf, delete);
  }

  /** Deletes the row of {@code entity}; completes with whether it existed when {@code reportExisted}. */
  public CompletionStage<Boolean> delete(E entity, boolean reportExisted) {
    Objects.requireNonNull(entity, "entity to delete");
    if (check != null) {
      check.accept(entity);
    }
    return run(keyOf.apply(entity), entity, reportExisted);
  }

  /**
   * Deletes every one of {@code entities} as {@link #delete} does: all are checked before anything
   * is sent (a null one or a bad key fails the call with nothing deleted), then at most {@code
   * inFlight} run at a time, those with one key one after the other. A failed delete does not stop
   * the others; the call then fails with {@link io.denorm.BulkWriteException}.
   */
  public CompletionStage<Void> deleteAll(String entityName, Iterable<? extends E> entities, int inFlight) {
    List<E> list = BulkWrites.checked(entityName, entities, check);
    return BulkWrites.each(entityName, "deleteAll", list, keyOf, e -> run(keyOf.apply(e), e, false), inFlight);
  }

  /** How many rows of a range a delete by a key prefix holds at once ({@link #deleteEach}). */
  public static final int RANGE_CHUNK = 1000;

  /**
   * Deletes every row {@code rows} streams (the rows of a key range, read page by page) as {@link
   * #delete} does, each with its index rows: {@value #RANGE_CHUNK} rows at a time, at most {@code
   * inFlight} deletes in flight, each chunk finished before the next is read, so memory stays bounded
   * whatever the range holds. Returns how many rows were read and deleted (one another client
   * deleted meanwhile is counted too). A failed delete stops the call at
   * the end of its chunk with {@link io.denorm.BulkWriteException} (the rows of later chunks are
   * not deleted; calling again deletes what is left). {@code await} waits for a chunk as the DAO's
   * blocking methods wait (rethrowing its failure).
   */
  public long deleteEach(String entityName, java.util.stream.Stream<? extends E> rows, int inFlight,
      java.util.function.Consumer<CompletionStage<Void>> await) {
    long deleted = 0;
    List<E> chunk = new java.util.ArrayList<>(RANGE_CHUNK);
    java.util.Iterator<? extends E> it = rows.iterator();
    while (it.hasNext()) {
      chunk.add(it.next());
      if (chunk.size() == RANGE_CHUNK || !it.hasNext()) {
        List<E> sent = List.copyOf(chunk);
        chunk.clear();
        await.accept(BulkWrites.each(entityName, "deleteBy", sent, keyOf, e -> run(keyOf.apply(e), e, false), inFlight));
        deleted += sent.size();
      }
    }
    return deleted;
  }

  /** Deletes the row of {@code key} (values in key order); completes with whether it existed when {@code reportExisted}. */
  public CompletionStage<Boolean> deleteByKey(List<Object> key, boolean reportExisted) {
    return run(key, null, reportExisted);
  }

  private CompletionStage<Boolean> run(List<Object> key, E entity, boolean reportExisted) {
    CompletionStage<?> done = CompletableFuture.completedFuture(null);
    for (Function<List<Object>, CompletionStage<?>> step : before) {
      done = done.thenCompose(v -> step.apply(key));
    }
    // stamped once the steps before are done: the delete is ordered after their writes
    return done.thenCompose(v -> delete.delete(new Call<>(key, entity, clock.getAsLong(), reportExisted)));
  }

  /** Hooks a feature into the delete; the steps before run in the order added. */
  public static final class Builder<E> {
    private final LongSupplier clock;
    private final Function<E, List<Object>> keyOf;
    private final Delete<E> delete;
    private Consumer<E> check;
    private final List<Function<List<Object>, CompletionStage<?>>> before = new ArrayList<>();

    private Builder(LongSupplier clock, Function<E, List<Object>> keyOf, Delete<E> delete) {
      this.clock = clock;
      this.keyOf = keyOf;
      this.delete = delete;
    }

    /** The check of an entity's key: throws before anything is read or sent. */
    public Builder<E> checking(Consumer<E> check) {
      this.check = Objects.requireNonNull(check, "check");
      return this;
    }

    /** A step before the delete, given the key values. */
    public Builder<E> before(Function<List<Object>, CompletionStage<?>> step) {
      before.add(Objects.requireNonNull(step, "step"));
      return this;
    }

    public DeletePipeline<E> build() {
      return new DeletePipeline<>(this);
    }
  }
}
