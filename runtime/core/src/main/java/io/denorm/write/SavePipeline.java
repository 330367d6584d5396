package io.denorm.write;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The steps of one save, the same for every entity on every store. A generated DAO builds one
 * pipeline in its constructor, each feature of the entity hooking into its step, and each of its
 * save methods is one call of {@link #save}. The steps, in order:
 *
 * <ol>
 *   <li><b>check</b>: the key is checked before anything is read or sent; the timestamp of the
 *       call is taken, below which the store does not stamp the write (Cassandra stamps at it, so
 *       saves issued one after the other are stamped in that order; HBase stamps when the row is
 *       sent, after the reads of the steps before);
 *   <li><b>assign</b>: a {@code @Sequence} id of 0 is replaced by the next id of the sequence;
 *       every later step sees the entity as assigned;
 *   <li><b>list</b>: a {@code @Bucket} row's bucket is listed, so a walk of the buckets never misses
 *       one that holds rows;
 *   <li><b>copy</b>: each snippet field is copied again from the rows it references;
 *   <li><b>write</b>: the store's write of the row (plain, through the index protocol, or as a
 *       compare-and-set), then the holder's copies are settled against sources that changed
 *       meanwhile; for a snippet source this step runs inside its fan-out (which reads the stored
 *       state first and rewrites the holders of the fields that changed after the write);
 *   <li><b>after</b>: the {@code @Recent} lists and {@code @CountDistinct} pairs the row is part of.
 * </ol>
 *
 * <p>A step fails the save: the steps after it do not run, and the returned stage completes with
 * the failure. Instances are immutable and safe for concurrent saves.
 *
 * @param <E> the entity
 */
public final class SavePipeline<E> {

  /**
   * One save as the store's write gets it: the entity as written, the state the caller says the
   * row had ({@code previous}, null: no row; only when {@code previousGiven}, else the write reads
   * it) and the timestamp taken when the save was called.
   */
  public record Call<E>(E entity, boolean previousGiven, E previous, long timestamp) {}

  /** The store's write of the row. */
  @FunctionalInterface
  public interface Write<E> {
    CompletionStage<Void> write(Call<E> call);
  }

  /** A fan-out around the write: {@code before} is the row's stored state, {@code write} the write step. */
  @FunctionalInterface
  public interface FanOut<E> {
    CompletionStage<Void> save(E entity, CompletionStage<Optional<E>> before, Supplier<CompletionStage<Void>> write);
  }

  private final LongSupplier clock;
  private final Write<E> write;
  private final Consumer<E> check;
  private final Function<E, CompletionStage<E>> assign;
  private final List<Function<E, CompletionStage<?>>> listings;
  private final List<Function<E, CompletionStage<E>>> copies;
  private final List<Function<E, CompletionStage<?>>> settles;
  private final FanOut<E> fanOut;
  private final Function<E, CompletionStage<Optional<E>>> stored;
  private final List<Function<E, CompletionStage<?>>> after;
  /** Whether a save is the store's write alone (no hook in any other step). */
  private final boolean writeOnly;

  private SavePipeline(Builder<E> b) {
    this.clock = b.clock;
    this.write = b.write;
    this.check = b.check;
    this.assign = b.assign;
    this.listings = List.copyOf(b.listings);
    this.copies = List.copyOf(b.copies);
    this.settles = List.copyOf(b.settles);
    this.fanOut = b.fanOut;
    this.stored = b.stored;
    this.after = List.copyOf(b.after);
    this.writeOnly = assign == null && listings.isEmpty() && copies.isEmpty() && settles.isEmpty() && fanOut == null && after.isEmpty();
  }

  /** A pipeline whose saves are stamped by {@code clock} and written by {@code write}. */
  public static <E> Builder<E> writing(LongSupplier clock, Write<E> write) {
    return new Builder<>(clock, write);
  }

  /** Saves {@code entity}, reading its previous state where a step needs it. */
  public CompletionStage<Void> save(E entity) {
    return saveChecked(checked(entity));
  }

  /** Saves {@code entity} whose previous state is {@code previous} (null: a new row), without reading it. */
  public CompletionStage<Void> save(E entity, E previous) {
    checked(entity);
    return writeOnly ? writeAlone(entity, true, previous) : run(entity, true, previous).thenApply(saved -> null);
  }

  /** {@link #save(Object)} of an entity the check step has passed already. */
  private CompletionStage<Void> saveChecked(E entity) {
    return writeOnly ? writeAlone(entity, false, null) : run(entity, false, null).thenApply(saved -> null);
  }

  /** The check step: {@code entity}, once the key check passed (it throws before anything is read or sent). */
  private E checked(E entity) {
    if (check != null) {
      check.accept(entity);
    }
    return entity;
  }

  /** A save that is the store's write alone: stamped, written. */
  private CompletionStage<Void> writeAlone(E entity, boolean previousGiven, E previous) {
    return write.write(new Call<>(entity, previousGiven, previous, clock.getAsLong()));
  }

  /**
   * Saves {@code entity} as a new row: nothing is read first, as {@link #save(Object, Object)} with
   * no previous state. When a row with its key exists after all, the row is replaced and the index
   * entries only that row needed stay behind as stale entries (reads leave them out and repair them;
   * {@code verify} reports them and {@code rebuild} removes them).
   */
  public CompletionStage<Void> insert(E entity) {
    return save(entity, null);
  }

  /** {@link #insert(Object)}, completing with the entity as saved (with its assigned id). */
  public CompletionStage<E> insertReturning(E entity) {
    return saveReturning(entity, null);
  }

  /** {@link #save(Object)}, completing with the entity as saved (with its assigned id). */
  public CompletionStage<E> saveReturning(E entity) {
    return run(checked(entity), false, null);
  }

  /** {@link #save(Object, Object)}, completing with the entity as saved (with its assigned id). */
  public CompletionStage<E> saveReturning(E entity, E previous) {
    return run(checked(entity), true, previous);
  }

  /**
   * Saves every one of {@code entities} as {@link #save(Object)} does, up to {@code inFlight} at a
   * time, those with equal keys ({@code keyOf}) one after the other in the order given (unless a
   * sequence assigns the ids: then each is saved on its own). Every
   * entity is checked before any is saved: a null one or one whose key the check refuses fails the
   * call with nothing written. A failed save does not stop the others; the call then fails with a
   * {@link io.denorm.BulkWriteException} naming the failed ones.
   */
  public CompletionStage<Void> saveAll(String entityName, Iterable<? extends E> entities, Function<? super E, List<Object>> keyOf,
      int inFlight) {
    List<E> list = BulkWrites.checked(entityName, entities, check);
    // an entity whose id a sequence assigns has no key before its save: each is saved on its own
    return BulkWrites.each(entityName, "saveAll", list, keyOf, this::saveChecked, inFlight, assign == null);
  }

  /** A save of a checked entity through every step. */
  private CompletionStage<E> run(E entity, boolean previousGiven, E previous) {
    long timestamp = clock.getAsLong();
    if (writeOnly) { // the common case: no stage around the store's write
      return write.write(new Call<>(entity, previousGiven, previous, timestamp)).thenApply(v -> entity);
    }
    CompletionStage<E> assigned = assign == null ? CompletableFuture.completedFuture(entity) : assign.apply(entity);
    return assigned.thenCompose(target -> all(listings, target)
        .thenCompose(listed -> {
          Supplier<CompletionStage<Void>> written = () -> written(target, previousGiven, previous, timestamp);
          if (fanOut == null) {
            return written.get();
          }
          CompletionStage<Optional<E>> before = previousGiven
              ? CompletableFuture.completedFuture(Optional.ofNullable(previous)) : stored.apply(target);
          return fanOut.save(target, before, written);
        })
        .thenCompose(v -> all(after, target))
        .thenApply(v -> target));
  }

  /** The copy and write steps: the snippets copied again, the row written, the copies settled. */
  private CompletionStage<Void> written(E target, boolean previousGiven, E previous, long timestamp) {
    CompletionStage<E> copied = CompletableFuture.completedFuture(target);
    for (Function<E, CompletionStage<E>> copy : copies) {
      copied = copied.thenCompose(copy);
    }
    return copied.thenCompose(row -> write.write(new Call<>(row, previousGiven, previous, timestamp))
        .thenCompose(v -> all(settles, row)));
  }

  /** Runs {@code steps} on {@code entity} one after the other. */
  private static <E> CompletionStage<Void> all(List<Function<E, CompletionStage<?>>> steps, E entity) {
    CompletionStage<?> done = CompletableFuture.completedFuture(null);
    for (Function<E, CompletionStage<?>> step : steps) {
      done = done.thenCompose(v -> step.apply(entity));
    }
    return done.thenApply(v -> null);
  }

  /** Hooks a feature into a step; each method adds one hook, run in the order added within its step. */
  public static final class Builder<E> {
    private final LongSupplier clock;
    private final Write<E> write;
    private Consumer<E> check;
    private Function<E, CompletionStage<E>> assign;
    private final List<Function<E, CompletionStage<?>>> listings = new ArrayList<>();
    private final List<Function<E, CompletionStage<E>>> copies = new ArrayList<>();
    private final List<Function<E, CompletionStage<?>>> settles = new ArrayList<>();
    private FanOut<E> fanOut;
    private Function<E, CompletionStage<Optional<E>>> stored;
    private final List<Function<E, CompletionStage<?>>> after = new ArrayList<>();

    private Builder(LongSupplier clock, Write<E> write) {
      this.clock = Objects.requireNonNull(clock, "clock");
      this.write = Objects.requireNonNull(write, "write");
    }

    /** The check step: throws before anything is read or sent. */
    public Builder<E> checking(Consumer<E> check) {
      this.check = Objects.requireNonNull(check, "check");
      return this;
    }

    /** The assign step: the entity as saved (a {@code @Sequence} id given). */
    public Builder<E> assigning(Function<E, CompletionStage<E>> assign) {
      this.assign = Objects.requireNonNull(assign, "assign");
      return this;
    }

    /** A list step, before the write. */
    public Builder<E> listing(Function<E, CompletionStage<?>> listing) {
      listings.add(Objects.requireNonNull(listing, "listing"));
      return this;
    }

    /** A copy step: the entity with a snippet field copied again. */
    public Builder<E> copying(Function<E, CompletionStage<E>> copy) {
      copies.add(Objects.requireNonNull(copy, "copy"));
      return this;
    }

    /** A step right after the write, on the row as written. */
    public Builder<E> settling(Function<E, CompletionStage<?>> settle) {
      settles.add(Objects.requireNonNull(settle, "settle"));
      return this;
    }

    /** The fan-out around the copy and write steps; {@code stored} reads the row's stored state. */
    public Builder<E> fanningOut(FanOut<E> fanOut, Function<E, CompletionStage<Optional<E>>> stored) {
      this.fanOut = Objects.requireNonNull(fanOut, "fanOut");
      this.stored = Objects.requireNonNull(stored, "stored");
      return this;
    }

    /** A step after the write (and the fan-out). */
    public Builder<E> then(Function<E, CompletionStage<?>> step) {
      after.add(Objects.requireNonNull(step, "step"));
      return this;
    }

    public SavePipeline<E> build() {
      return new SavePipeline<>(this);
    }
  }
}
