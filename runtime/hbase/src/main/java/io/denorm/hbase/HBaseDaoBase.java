package io.denorm.hbase;

import io.denorm.WriteClock;
import io.denorm.write.DeletePipeline;
import io.denorm.write.BulkWrites;
import io.denorm.write.SavePipeline;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexedDao;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexProtocol;
import io.denorm.index.IndexReadStats;
import io.denorm.index.Stamped;
import io.denorm.index.WriteObserver;
import io.denorm.key.RowKeyCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;

/**
 * The base of every generated HBase DAO. One HBase table per entity, column family {@value
 * #FAMILY_NAME}: the row key is the entity's key tuple in {@link RowKeyCodec}'s order-preserving
 * encoding, each other column one qualifier (its column name) holding an {@link HBaseValues} cell,
 * plus an empty marker cell so that a row whose columns are all null still exists.
 *
 * <p>Every cell of one save or delete carries the operation's timestamp (the shared {@link
 * WriteClock}, microseconds), so that racing writes resolve cell by cell as on Cassandra. Index
 * tables follow {@link IndexProtocol}. Generated subclasses convert between entities and stored
 * values; the writes, the index protocol's wiring, the settings and the stores of derived data
 * (counts, inverse sides, sequences, recent lists) are here, the finders and master scans in {@link HBaseReadBase}
 * and the table access under them in {@link HBaseTableAccess}.
 *
 * @param <E> the entity
 */
public abstract class HBaseDaoBase<E> extends HBaseReadBase<E> implements IndexedDao<E> {

  private final Function<E, List<Object>> keyOf;
  private final Function<E, List<Object>> cellsOf;
  /** The {@code @Version} cell's position in {@code qualifiers}, or -1. */
  private int versionCell = -1;
  private java.util.function.ToLongFunction<E> versionOf;
  private java.util.function.ObjLongConsumer<E> setVersion;

  /**
   * @param table the master table's name (without namespace)
   * @param columns the qualifiers of the non-key columns, in the order of {@code cellsOf} and of the cells {@code fromRow} reads
   * @param keyOf the key values of an entity, stored form, in key order
   * @param cellsOf the non-key values of an entity, stored form, in {@code columns} order
   * @param fromRow an entity from its row key's bytes and its non-key values (absent cells null)
   * @param entries every index entry an entity needs (empty for an entity without indexes)
   */
  protected HBaseDaoBase(AsyncConnection connection, String namespace, String entity, String table, RowKeyCodec key,
      List<String> columns, Function<E, List<Object>> keyOf, Function<E, List<Object>> cellsOf,
      RowReader<E> fromRow, Function<E, List<IndexEntry>> entries) {
    this(connection, namespace, entity, table, key, KeySalt.NONE, columns, keyOf, cellsOf, fromRow, entries);
  }

  /** As above, for an entity whose row keys are salted by {@code salt}. */
  protected HBaseDaoBase(AsyncConnection connection, String namespace, String entity, String table, RowKeyCodec key,
      KeySalt salt, List<String> columns, Function<E, List<Object>> keyOf, Function<E, List<Object>> cellsOf,
      RowReader<E> fromRow, Function<E, List<IndexEntry>> entries) {
    super(connection, namespace, entity, table, key, salt, columns, fromRow, entries);
    this.keyOf = keyOf;
    this.cellsOf = cellsOf;
  }

  /**
   * Makes every save and delete a compare-and-set ({@code checkAndMutate}) on the {@code @Version}
   * column {@code column}; called once by the generated constructor.
   */
  protected final void versioned(String column, java.util.function.ToLongFunction<E> versionOf, java.util.function.ObjLongConsumer<E> setVersion) {
    for (int i = 0; i < qualifiers.length; i++) {
      if (new String(qualifiers[i], StandardCharsets.UTF_8).equals(column)) {
        versionCell = i;
      }
    }
    if (versionCell < 0) {
      throw new IllegalArgumentException(entity + " has no column " + column);
    }
    this.versionOf = Objects.requireNonNull(versionOf);
    this.setVersion = Objects.requireNonNull(setVersion);
  }

  /**
   * The reader of another entity's table ({@code table}, in this DAO's namespace) for the
   * application-side joins of a {@code @Reference} field; built once by the generated constructor.
   */
  protected final <T> HBaseReferences<T> references(String table, String entity, RowKeyCodec key, KeySalt salt, List<String> columns,
      RowReader<T> fromRow) {
    TableName name = TableName.valueOf(namespace, table);
    return new HBaseReferences<>(() -> table(name), entity, key, salt, columns, fromRow);
  }

  // ---- index tables ---------------------------------------------------------------------------

  /** Registers the index table {@code table} of {@code definition}; {@code identity} encodes its row keys. */
  protected final HBaseIndexTable indexTable(IndexDefinition definition, String table, RowKeyCodec identity) {
    HBaseIndexTable t = new HBaseIndexTable(definition, table, TableName.valueOf(namespace, table), identity);
    indexTables.put(definition.name(), t);
    return t;
  }

  /**
   * Registers an index table whose rows are memberships (of a {@code @Count}, of a {@code
   * @References} side, given by {@link #countInto} and {@link #inverseInto}): written and deleted
   * by compare-and-set, so that only the write that changes one has effects.
   */
  protected final HBaseIndexTable membershipIndexTable(IndexDefinition definition, String table, RowKeyCodec identity) {
    HBaseIndexTable t = new HBaseIndexTable(definition, table, TableName.valueOf(namespace, table), identity, true);
    indexTables.put(definition.name(), t);
    return t;
  }

  /**
   * Makes the memberships of {@code t} move the {@code @Count} cell {@code counterQualifier}
   * (starting with {@code #}) of table {@code counterTable}, in the row keyed ({@code counterKey},
   * salted by {@code counterSalt}) by the index key.
   */
  protected final HBaseIndexTable countInto(HBaseIndexTable t, String counterTable, String counterEntity, RowKeyCodec counterKey,
      KeySalt counterSalt, String counterQualifier) {
    t.counter = new HBaseCounter(this, TableName.valueOf(namespace, counterTable), counterKey, counterSalt, counterEntity, counterQualifier);
    return t;
  }

  /**
   * Makes the memberships of {@code t} add their master id to, or remove it from, the {@code
   * @References} column {@code qualifier} (starting with {@code @}) of table {@code table}.
   */
  protected final HBaseIndexTable inverseInto(HBaseIndexTable t, String table, String entity, RowKeyCodec key, KeySalt salt, String qualifier) {
    t.inverse = new HBaseInverse(this, TableName.valueOf(namespace, table), key, salt, entity, qualifier);
    return t;
  }

  /** The {@code @CountDistinct} {@code name}: pairs keyed by {@code pairKey} (group, value) counted per group (key {@code groupKey}). */
  protected final HBaseDistinctCount distinctCount(String name, io.denorm.key.RowKeyCodec pairKey, io.denorm.key.RowKeyCodec groupKey) {
    return new HBaseDistinctCount(this, name, pairKey, groupKey);
  }

  /** The tables of the {@code @NestedSet} named {@code name}. */
  protected final io.denorm.tree.NestedSets.Tables nestedSet(String name) {
    return new HBaseNestedSet(this, name);
  }

  /** The {@code @Sequence} named {@code name}, reserving {@code block} ids at a time in table {@code denorm_sequences}. */
  protected final io.denorm.sequence.BlockSequence sequence(String name, int block) {
    return new HBaseSequence(this, name, block);
  }

  /**
   * A {@code @Recent} list of this DAO's entity kept in cell {@code qualifier} (starting with
   * {@code ~}) of table {@code table}, rows keyed by {@code key} (salted by {@code salt}); {@code
   * newest} reads a parent's newest children.
   */
  protected final <C> io.denorm.snippet.RecentList.Store<C> recentStore(String table, String entity, RowKeyCodec key, KeySalt salt,
      String qualifier, Function<byte[], List<C>> decode, Function<List<C>, byte[]> encode,
      BiFunction<Object, Integer, CompletionStage<List<C>>> newest) {
    return new HBaseRecentStore<>(this, TableName.valueOf(namespace, table), key, salt, entity, qualifier, decode, encode, newest);
  }

  /** Verify, rebuild and back-fill of this DAO's indexes, region by region. */
  @Override
  public final IndexMaintenance<E> indexMaintenance() {
    Map<String, IndexDefinition> definitions = new LinkedHashMap<>();
    indexTables.forEach((name, t) -> definitions.put(name, t.definition()));
    return new IndexMaintenance<>(definitions, protocol, new HBaseScans<>(this, indexTables), entries,
        k -> getAsync(rowKey(k)));
  }

  /** This DAO takes {@code from}'s clock, repair grace, write observer and list limit. */
  protected final void copySettingsFrom(HBaseDaoBase<?> from) {
    protocol.clock(from.protocol.clock());
    protocol.repairGrace(from.protocol.repairGrace());
    protocol.observer(from.protocol.observer());
    listLimit.set(from.listLimit.max());
  }

  /** A test hook called after each step of an indexed save or delete; throwing stops the write there. */
  @Override
  public final void setWriteObserver(WriteObserver observer) {
    protocol.observer(observer);
  }

  /** How old a stale index row must be before a read deletes it (default 60 s). */
  @Override
  public final void setIndexRepairGrace(Duration grace) {
    protocol.repairGrace(grace);
  }

  /** Counts of what reads through this DAO's index tables found and repaired. */
  @Override
  public final IndexReadStats indexReadStats() {
    return protocol.stats();
  }

  // ---- writes ---------------------------------------------------------------------------------

  /** Saves {@code e}, reading its previous state first when it has index entries to keep in step. */
  protected final CompletionStage<Void> writeAsync(E e) {
    return writeAsync(new SavePipeline.Call<>(e, false, null, NO_STAMP));
  }

  /** Saves {@code e} whose previous state is {@code previous} (null: a new row), without reading it. */
  protected final CompletionStage<Void> writeAsync(E e, E previous) {
    return writeAsync(new SavePipeline.Call<>(e, true, previous, NO_STAMP));
  }

  /**
   * The write step of a {@link SavePipeline}: {@code call}'s entity saved as {@link #writeAsync(Object)}
   * or, with a given previous state, {@link #writeAsync(Object, Object)} does: stamped at this DAO's
   * clock when the row is sent (above the state read, when there are index tables; a compare-and-set
   * above the state it reads).
   */
  protected final CompletionStage<Void> writeAsync(SavePipeline.Call<E> call) {
    E e = call.entity();
    byte[] row = rowOf(e);
    List<IndexEntry> next = checkedEntries(e);
    CompletionStage<Stamped<E>> previous = call.previousGiven()
        ? CompletableFuture.completedFuture(Stamped.unknown(Optional.ofNullable(call.previous())))
        : versionCell < 0 && indexTables.isEmpty() ? none() : getStampedAsync(row);
    // Stamped when the write is sent, after the reads of the steps before it (never below the
    // call's stamp): a save whose reads were slow is not stamped below a delete that ran meanwhile.
    return versionCell >= 0 ? writeVersioned(e, row, next, previous)
        : writeRow(e, row, next, previous, Math.max(call.timestamp(), clock().next()));
  }

  /**
   * Saves every one of {@code entities}; each is checked first, so a null entity or a key that
   * cannot be encoded fails the call with nothing sent. An entity without index tables or a
   * {@code @Version} is one row mutation: they are sent as multi-row batches of 1,000
   * (the client groups each by region server, one RPC per server), each row stamped at this DAO's
   * clock in call order, so of two entities with one key the later one given is stored. Otherwise
   * each entity goes through the index protocol as {@link #writeAsync(Object)} does, up to {@link
   * BulkWrites#DEFAULT_IN_FLIGHT} at a time, those with one key one after the other. A failed row
   * does not stop the others; the call then fails with a {@link io.denorm.BulkWriteException}.
   */
  protected final CompletionStage<Void> writeAllAsync(Iterable<? extends E> entities) {
    boolean batched = versionCell < 0 && indexTables.isEmpty();
    // Batched rows are checked as their keys are encoded below, before any batch is sent.
    List<E> list = BulkWrites.checked(entity, entities, batched ? null : this::checkKey);
    if (!batched) {
      return BulkWrites.each(entity, "saveAll", list, keyOf, this::writeAsync, BulkWrites.DEFAULT_IN_FLIGHT);
    }
    List<org.apache.hadoop.hbase.client.Row> rows = new ArrayList<>(list.size());
    for (E e : list) {
      RowMutations m = masterWrite(rowOf(e), cellsOf.apply(e), clock().next());
      // a row without null columns is one Put, the common case, which a batch carries as it is
      rows.add(m.getMutations().size() == 1 ? m.getMutations().get(0) : m);
    }
    return HBaseBatches.send(table(master), entity, "saveAll", list, rows, keyOf);
  }

  /**
   * {@code deleteAll} of an entity whose delete is its row alone (no index, no {@code @Version},
   * nothing kept in step): every key checked, then the rows deleted in multi-row batches, each at
   * its own clock stamp. Any other entity's deletes go one by one, 64 in flight.
   */
  protected final CompletionStage<Void> removeAllAsync(Iterable<? extends E> entities) {
    boolean batched = versionCell < 0 && indexTables.isEmpty();
    List<E> list = BulkWrites.checked(entity, entities, batched ? null : this::checkKey);
    if (!batched) {
      return BulkWrites.each(entity, "deleteAll", list, keyOf, this::removeEntityAsync, BulkWrites.DEFAULT_IN_FLIGHT);
    }
    List<org.apache.hadoop.hbase.client.Row> rows = new ArrayList<>(list.size());
    for (E e : list) {
      rows.add(durable(new Delete(rowOf(e), clock().next())));
    }
    return HBaseBatches.send(table(master), entity, "deleteAll", list, rows, keyOf);
  }

  /** The call stamp of a direct write: no lower bound, the write is stamped at the clock when sent. */
  private static final long NO_STAMP = Long.MIN_VALUE;

  /** Throws {@link io.denorm.InvalidEntityException} when {@code e}'s key cannot be encoded: the check step of the pipelines. */
  protected final void checkKey(E e) {
    rowOf(e);
  }

  /** The timestamp of the next save, from this DAO's clock. */
  protected final long nextWriteTimestamp() {
    return clock().next();
  }

  protected final void write(E e) {
    join(writeAsync(e));
  }

  /** The stored state of {@code e}'s row, read by its key. */
  protected final CompletionStage<Optional<E>> storedAsync(E e) {
    return getAsync(rowOf(e));
  }

  /**
   * A snippet holder's rewrite ({@link io.denorm.snippet.SnippetHolders#rewrite}): {@code holder}'s
   * row read again with its cells' timestamps, changed by {@code change} (null: nothing to do), and
   * saved through the index protocol stamped just above the state read. Completes with whether it wrote.
   */
  protected final CompletionStage<Boolean> rewriteAsync(E holder, java.util.function.UnaryOperator<E> change) {
    byte[] row = rowOf(holder);
    return getStampedAsync(row).thenCompose(stored -> {
      // the cells as read, taken before the change (which may edit a class instance in place)
      List<Object> before = stored.state().map(cellsOf).orElse(null);
      E fresh = stored.state().map(change).orElse(null);
      if (fresh == null) {
        return CompletableFuture.completedFuture(false);
      }
      List<Object> cells = cellsOf.apply(fresh);
      List<IndexEntry> next = checkedEntries(fresh);
      Function<E, List<IndexEntry>> entriesOf = x -> x == fresh ? next : entries.apply(x);
      return protocol.rewriteJustAbove(fresh, stored, entriesOf, ts -> CompletableFuture.completedFuture(cellWrites(row, before, cells, ts)))
          .thenApply(v -> true);
    });
  }

  protected final void write(E e, E previous) {
    join(writeAsync(e, previous));
  }

  private byte[] rowOf(E e) {
    Objects.requireNonNull(e, entity + " to write");
    byte[] typed = typedRowKey(e);
    return typed != null ? typed : rowKey(keyOf.apply(e));
  }

  /** The index entries {@code e} needs, each row key checked encodable before anything is written. */
  private List<IndexEntry> checkedEntries(E e) {
    List<IndexEntry> next = entries.apply(e);
    store.requireWritable(next);
    return next;
  }

  /** Saves {@code e}, whose index entries {@code next} are already computed: the protocol does not compute them again. */
  private CompletionStage<Void> writeRow(E e, byte[] row, List<IndexEntry> next, CompletionStage<Stamped<E>> previous, long clock) {
    List<Object> cells = cellsOf.apply(e);
    Function<E, List<IndexEntry>> entriesOf = x -> x == e ? next : entries.apply(x);
    return protocol.saveAbove(e, clock, previous, entriesOf, ts -> CompletableFuture.completedFuture(masterWrite(row, cells, ts)));
  }

  /**
   * The compare-and-set save of a {@code @Version} entity (see {@link IndexProtocol#saveVersioned}):
   * the master row carries version + 1 and is written by {@code checkAndMutate} only if the stored
   * version cell still holds the entity's version (is absent, for version 0).
   */
  private CompletionStage<Void> writeVersioned(E e, byte[] row, List<IndexEntry> next, CompletionStage<Stamped<E>> stamped) {
    // The row is read first even without index entries: the cells are written above the newest read,
    // so that a client whose clock is behind does not write below them (and unseen) when its compare-and-set passes.
    CompletableFuture<Stamped<E>> read = stamped.toCompletableFuture();
    CompletionStage<Optional<E>> previous = read.thenApply(Stamped::state);
    long expected = versionOf.applyAsLong(e);
    List<Object> cells = new ArrayList<>(cellsOf.apply(e));
    cells.set(versionCell, expected + 1);
    Function<E, List<IndexEntry>> entriesOf = x -> x == e ? next : entries.apply(x);
    List<Object> keyValues = keyOf.apply(e);
    return protocol.saveVersioned(e, expected, previous, versionOf, entriesOf, () -> stampAbove(read.join()),
            ts -> checkAndMutate(row, expected, masterWrite(row, cells, ts)),
            () -> getAsync(row), stored -> new io.denorm.ConcurrentUpdateException(entity, keyValues, expected, stored))
        .thenAccept(version -> setVersion.accept(e, version));
  }

  /** Applies {@code mutations} only if the version cell holds {@code expected} (0: has no version cell). */
  private CompletionStage<Boolean> checkAndMutate(byte[] row, long expected, RowMutations mutations) {
    org.apache.hadoop.hbase.client.CheckAndMutate.Builder condition = org.apache.hadoop.hbase.client.CheckAndMutate.newBuilder(row);
    org.apache.hadoop.hbase.client.CheckAndMutate cas = expected == 0
        ? condition.ifNotExists(FAMILY, qualifiers[versionCell]).build(mutations)
        : condition.ifEquals(FAMILY, qualifiers[versionCell], HBaseValues.encode(expected)).build(mutations);
    return table(master).checkAndMutate(cas).thenApply(org.apache.hadoop.hbase.client.CheckAndMutateResult::isSuccess);
  }

  /** The master row at {@code ts}: every non-null column written, every null one deleted. */
  private RowMutations masterWrite(byte[] row, List<Object> cells, long ts) {
    return cellWrites(row, null, cells, ts);
  }

  /**
   * The cells of {@code after} at {@code ts}, with the marker: every non-null column written, every
   * null one deleted; with {@code before} (a rewrite), only the columns that differ from it, so a
   * save of the row that the rewrite did not read keeps every column the rewrite had no reason to
   * touch, whatever their stamps.
   */
  private RowMutations cellWrites(byte[] row, List<Object> before, List<Object> after, long ts) {
    Put put = new Put(row).addColumn(FAMILY, MARKER, ts, MARKER);
    Delete nulls = new Delete(row);
    for (int i = 0; i < qualifiers.length; i++) {
      Object v = after.get(i);
      if (HBaseCounter.isCount(qualifiers[i]) || HBaseInverse.isInverse(qualifiers[i]) || HBaseRecentStore.isRecent(qualifiers[i])) {
        continue; // a @Count, a @References side or a @Recent list: kept by the other entity's saves, never written by this one
      }
      if (before != null && Objects.equals(before.get(i), v)) {
        continue;
      }
      if (v == null || v instanceof Collection<?> c && c.isEmpty() || v instanceof Map<?, ?> m && m.isEmpty()) {
        nulls.addColumns(FAMILY, qualifiers[i], ts);
      } else {
        put.addColumn(FAMILY, qualifiers[i], ts, HBaseValues.encode(v));
      }
    }
    if (ttlMillis() > 0) {
      expiring(put, ts);
      nulls.addFamily(FAMILY, ts - 1); // the older versions, which would be read again once this write expired
    }
    return nulls.isEmpty() ? mutations(row, put) : mutations(row, put, nulls);
  }

  /** This DAO's save pipeline to build: stamped by its clock, written by {@link #writeAsync(SavePipeline.Call)}. */
  protected final SavePipeline.Builder<E> savePipeline() {
    return SavePipeline.writing(this::nextWriteTimestamp, this::writeAsync);
  }

  /** This DAO's delete pipeline to build: stamped by its clock, deleted by {@link #removeAsync(DeletePipeline.Call)}. */
  protected final DeletePipeline.Builder<E> deletePipeline(Function<E, List<Object>> keyOf) {
    return DeletePipeline.deleting(this::nextWriteTimestamp, keyOf, this::removeAsync);
  }

  /** Deletes the row of {@code keyValues}; completes with whether it existed. */
  protected final CompletionStage<Boolean> removeAsync(List<Object> keyValues) {
    return removeAsync(new DeletePipeline.Call<>(keyValues, null, clock().next(), true));
  }

  /**
   * The delete step of a {@link DeletePipeline}: the row of {@code call}'s key deleted at the
   * call's timestamp, or as a compare-and-set of a {@code @Version} row (of the version the call's
   * entity carries, else of the one read). Completes with whether it existed.
   */
  protected final CompletionStage<Boolean> removeAsync(DeletePipeline.Call<E> call) {
    if (versionCell >= 0) {
      return removeVersioned(call.key(), call.entity() == null ? -1 : versionOf.applyAsLong(call.entity()));
    }
    return removeRow(call.key(), call.timestamp());
  }

  /**
   * The compare-and-set delete of a {@code @Version} row: deleted only if its version is still the
   * one read ({@code expected}, when not negative), then its index entries.
   */
  private CompletionStage<Boolean> removeVersioned(List<Object> keyValues, long expected) {
    byte[] row = rowKey(keyValues);
    CompletableFuture<Stamped<E>> read = getStampedAsync(row).toCompletableFuture();
    return protocol.deleteVersioned(expected, read.thenApply(Stamped::state), versionOf, entries, () -> stampAbove(read.join()),
        (version, ts) -> checkAndMutate(row, version, mutations(row, new Delete(row, ts))),
        () -> getAsync(row), (wanted, found) -> new io.denorm.ConcurrentUpdateException(entity, keyValues, wanted, found));
  }

  private CompletionStage<Boolean> removeRow(List<Object> keyValues, long clock) {
    byte[] row = rowKey(keyValues);
    // Without index tables a save reads nothing first and is stamped at its clock: a delete stamped
    // above the state it read (which can be ahead of the clock) would hide the next save of the
    // row. Such a delete is stamped at its clock, as on Cassandra (the state read only tells
    // whether the row existed).
    CompletionStage<Stamped<E>> read = indexTables.isEmpty() ? getAsync(row).thenApply(Stamped::unknown) : getStampedAsync(row);
    return protocol.deleteAbove(clock, read, entries, ts -> CompletableFuture.completedFuture(mutations(row, new Delete(row, ts))));
  }

  protected final boolean remove(List<Object> keyValues) {
    return join(removeAsync(keyValues));
  }

  protected final CompletionStage<Boolean> removeEntityAsync(E e) {
    Objects.requireNonNull(e, entity + " to delete");
    return removeAsync(new DeletePipeline.Call<>(keyOf.apply(e), e, clock().next(), true));
  }

  /** The stamp of an operation that read {@code state}: above it and not behind this DAO's clock. */
  private long stampAbove(Stamped<E> state) {
    return state.above(clock().next());
  }

  /** No state read (an entity without index entries: nothing to remove), so no stamp to write above. */
  private static <T> CompletionStage<Stamped<T>> none() {
    return CompletableFuture.completedFuture(Stamped.unknown(Optional.empty()));
  }
}
