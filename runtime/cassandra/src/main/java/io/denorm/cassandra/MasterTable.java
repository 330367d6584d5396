package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import io.denorm.index.IndexEntry;
import io.denorm.index.Stamped;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The master table of one entity, as {@link CassandraDaoBase} writes and deletes its rows: the
 * statements of a row and the generated mapper's functions that bind and read them. A generated DAO
 * describes its table once, in its constructor; the base then runs the write step of every save and
 * the delete step of every delete.
 *
 * @param <E> the entity
 */
public final class MasterTable<E> {

  /** Binds an entity's values to a statement (the mapper's {@code bindAll}). */
  @FunctionalInterface
  public interface EntityBinder<E> {
    BoundStatementBuilder bind(BoundStatementBuilder statement, E entity);
  }

  /** Binds key values, in key order, to a statement (the mapper's {@code bindKeyValues}). */
  @FunctionalInterface
  public interface KeyBinder {
    BoundStatementBuilder bind(BoundStatementBuilder statement, List<Object> key);
  }

  /** Binds the compare-and-set update of an entity expected at a version (the mapper's {@code bindUpdate}). */
  @FunctionalInterface
  public interface UpdateBinder<E> {
    BoundStatementBuilder bind(BoundStatementBuilder statement, E entity, long expected);
  }

  final String entity;
  final Function<Row, E> fromRow;
  final Function<E, List<Object>> keyOf;
  final KeyBinder bindKey;
  final PreparedCql selectRow;
  PreparedCql insert;
  EntityBinder<E> bindAll;
  PreparedCql delete;
  PreparedCql selectKey;
  Function<E, List<IndexEntry>> entries;
  Versioned<E> versioned;

  /** The compare-and-set statements of a {@code @Version} entity. */
  record Versioned<E>(PreparedCql insertIfAbsent, int versionIndex, PreparedCql updateIfVersion, UpdateBinder<E> bindUpdate,
      PreparedCql deleteIfVersion, ToLongFunction<E> versionOf, ObjLongConsumer<E> setVersion) {}

  private MasterTable(String entity, PreparedCql selectRow, Function<Row, E> fromRow, Function<E, List<Object>> keyOf, KeyBinder bindKey) {
    this.entity = Objects.requireNonNull(entity, "entity");
    this.selectRow = Objects.requireNonNull(selectRow, "selectRow");
    this.fromRow = Objects.requireNonNull(fromRow, "fromRow");
    this.keyOf = Objects.requireNonNull(keyOf, "keyOf");
    this.bindKey = Objects.requireNonNull(bindKey, "bindKey");
  }

  /**
   * The table of {@code entity}: {@code selectRow} reads a whole row (with its write times) by its
   * key, which {@code bindKey} binds; {@code fromRow} maps it and {@code keyOf} gives an entity's key.
   */
  public static <E> MasterTable<E> of(String entity, PreparedCql selectRow, Function<Row, E> fromRow, Function<E, List<Object>> keyOf,
      KeyBinder bindKey) {
    return new MasterTable<>(entity, selectRow, fromRow, keyOf, bindKey);
  }

  /** Saves write every column with {@code insert}, bound by {@code bindAll}. */
  public MasterTable<E> inserting(PreparedCql insert, EntityBinder<E> bindAll) {
    this.insert = Objects.requireNonNull(insert, "insert");
    this.bindAll = Objects.requireNonNull(bindAll, "bindAll");
    return this;
  }

  /**
   * Deletes remove the row with {@code delete}; {@code selectKey} tells whether it existed (null for
   * an indexed or versioned table, whose delete reads the row anyway).
   */
  public MasterTable<E> deleting(PreparedCql delete, PreparedCql selectKey) {
    this.delete = Objects.requireNonNull(delete, "delete");
    this.selectKey = selectKey;
    return this;
  }

  /** The row's index entries: saves and deletes go through the index protocol. */
  public MasterTable<E> indexed(Function<E, List<IndexEntry>> entries) {
    this.entries = Objects.requireNonNull(entries, "entries");
    return this;
  }

  /**
   * A {@code @Version} entity: saves are compare-and-sets ({@code insertIfAbsent} at version 1, the
   * version column at {@code versionIndex} of {@code bindAll}; {@code updateIfVersion} after), and
   * so are deletes ({@code deleteIfVersion}: the key, then the expected version).
   */
  public MasterTable<E> versioned(PreparedCql insertIfAbsent, int versionIndex, PreparedCql updateIfVersion, UpdateBinder<E> bindUpdate,
      PreparedCql deleteIfVersion, ToLongFunction<E> versionOf, ObjLongConsumer<E> setVersion) {
    this.versioned = new Versioned<>(insertIfAbsent, versionIndex, updateIfVersion, bindUpdate, deleteIfVersion, versionOf, setVersion);
    return this;
  }

  /**
   * The write step of a save through {@code dao}: {@code call}'s entity inserted at the call's
   * timestamp; through the index protocol when the table is indexed (above the previous state, the
   * one the call gives or else the one read; always the one read when an index of the table is a
   * trusted covering index: a save that replaced a state it did not read would leave that state's
   * verified rows marked); as a compare-and-set of a {@code @Version} entity.
   */
  CompletionStage<Void> write(CassandraDaoBase<E> dao, SavePipeline.Call<E> call) {
    E e = call.entity();
    if (versioned != null) {
      Versioned<E> v = versioned;
      CompletionStage<Optional<E>> previous = call.previousGiven() ? CompletableFuture.completedFuture(Optional.ofNullable(call.previous()))
          : entries != null ? stored(dao, keyOf.apply(e)) : null;
      return dao.saveVersionedAsync(entity, e, previous, v.versionOf(), v.setVersion(), keyOf, entriesOrNone(),
          () -> v.insertIfAbsent().async().thenApply(p -> bindAll.bind(p.boundStatementBuilder(), e).setLong(v.versionIndex(), 1L).build()),
          expected -> v.updateIfVersion().async().thenApply(p -> v.bindUpdate().bind(p.boundStatementBuilder(), e, expected).build()),
          () -> stored(dao, keyOf.apply(e)));
    }
    if (entries != null) {
      CompletionStage<Stamped<E>> previous = call.previousGiven() && !dao.trustsCoveringRows()
          ? CassandraDaoBase.given(call.previous()) : stamped(dao, keyOf.apply(e));
      // built once with its stamp and the DAO's options: the master write sends it as it is
      return dao.saveIndexedAsync(e, call.timestamp(), previous, entries,
          stamp -> insert.then(p -> CompletableFuture.completedFuture(WriteStatements.asWrite(dao, bindAll.bind(p.boundStatementBuilder(), e), stamp))));
    }
    // bound and sent at once when the insert is prepared already (no stage in between)
    return insert.then(p -> dao.writeAsync(bindAll.bind(p.boundStatementBuilder(), e), call.timestamp()));
  }

  /**
   * The delete step of a delete through {@code dao}: the row of {@code call}'s key deleted at the
   * call's timestamp (its existence read first when the call reports it); through the index protocol
   * when the table is indexed; as a compare-and-set of a {@code @Version} row (of the version the
   * call's entity carries, else of the one read). Completes with whether the row existed.
   */
  CompletionStage<Boolean> delete(CassandraDaoBase<E> dao, DeletePipeline.Call<E> call) {
    List<Object> key = call.key();
    if (versioned != null) {
      Versioned<E> v = versioned;
      return dao.deleteVersionedAsync(entity, key, call.entity() == null ? -1L : v.versionOf().applyAsLong(call.entity()),
          () -> stored(dao, key), v.versionOf(), entriesOrNone(),
          version -> v.deleteIfVersion().async().thenApply(p -> bindKey.bind(p.boundStatementBuilder(), key).setLong(key.size(), version).build()));
    }
    Supplier<CompletionStage<BoundStatement>> remove = () -> delete.async().thenApply(p -> bindKey.bind(p.boundStatementBuilder(), key).build());
    if (entries != null) {
      return dao.deleteIndexedAsync(call.timestamp(), stamped(dao, key), entries, remove);
    }
    CompletionStage<Boolean> existed = call.reportExisted()
        ? selectKey.async().thenCompose(p -> dao.existsAsync(bindKey.bind(p.boundStatementBuilder(), key).build()))
        : CompletableFuture.completedFuture(false);
    return existed.thenCompose(found -> remove.get().thenCompose(statement -> dao.writeAsync(statement, call.timestamp())).thenApply(done -> found));
  }

  /** The stored row of the key values {@code key}. */
  CompletionStage<Optional<E>> stored(CassandraDaoBase<E> dao, List<Object> key) {
    return selectRow.async().thenCompose(p -> dao.oneAsync(bindKey.bind(p.boundStatementBuilder(), key).build(), fromRow));
  }

  /** The stored row of the key values {@code key} with its newest write time. */
  CompletionStage<Stamped<E>> stamped(CassandraDaoBase<E> dao, List<Object> key) {
    return selectRow.async().thenCompose(p -> dao.stampedAsync(bindKey.bind(p.boundStatementBuilder(), key).build(), fromRow));
  }

  /**
   * As {@link #stamped}, for key values in stored form (as index rows hold them: a converted key's
   * stored value, an enum's name), bound by the CQL type of each marker.
   */
  CompletionStage<Stamped<E>> stampedStored(CassandraDaoBase<E> dao, List<Object> storedKey) {
    return selectRow.async().thenCompose(p -> dao.stampedAsync(dao.bindValues(p, storedKey), fromRow));
  }

  private Function<E, List<IndexEntry>> entriesOrNone() {
    return entries != null ? entries : e -> List.of();
  }
}
