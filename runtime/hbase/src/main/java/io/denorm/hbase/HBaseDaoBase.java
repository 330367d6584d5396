package io.denorm.hbase;

import io.denorm.DenormException;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.WriteClock;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.ScanResultConsumer;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * The base of every generated HBase DAO. One HBase table per entity, column family {@value
 * #FAMILY_NAME}: the row key is the entity's key tuple in {@link RowKeyCodec}'s order-preserving
 * encoding, each other column one qualifier (its column name) holding an {@link HBaseValues} cell,
 * plus an empty marker cell so that a row whose columns are all null still exists.
 *
 * <p>Every cell of one save or delete carries the operation's timestamp (the shared {@link
 * WriteClock}, microseconds), so that racing writes resolve cell by cell as on Cassandra. Index
 * tables follow {@link IndexProtocol}. Generated subclasses convert between entities and stored
 * values; everything else happens here.
 *
 * @param <E> the entity
 */
public abstract class HBaseDaoBase<E> implements IndexedDao<E> {

  public static final String FAMILY_NAME = "d";
  static final byte[] FAMILY = FAMILY_NAME.getBytes(StandardCharsets.UTF_8);
  /** The qualifier of the cell every master row has. */
  static final byte[] MARKER = new byte[0];

  /**
   * Where the continuations of HBase calls run: not HBase's RPC threads (a caller's blocking
   * continuation there would stall the client), and not the common pool, which has a single thread
   * on a two-core machine and then serializes every completion. Daemon threads, shared by all DAOs,
   * that end after 30 s without work: an idle application holds none, so there is nothing to shut
   * down.
   */
  private static final java.util.concurrent.ExecutorService CALLBACKS = callbacks();

  private static java.util.concurrent.ExecutorService callbacks() {
    int threads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(threads, threads, 30, java.util.concurrent.TimeUnit.SECONDS,
        new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
          Thread t = new Thread(r, "denorm-hbase-callback");
          t.setDaemon(true);
          return t;
        });
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  private final AsyncConnection connection;
  private final String namespace;
  private final String entity;
  private final TableName master;
  private final RowKeyCodec key;
  private final KeySalt salt;
  private final byte[][] qualifiers;
  private final Function<E, List<Object>> keyOf;
  private final Function<E, List<Object>> cellsOf;
  private final BiFunction<List<Object>, List<Object>, E> fromValues;
  private final Function<E, List<IndexEntry>> entries;
  private final Map<TableName, AsyncTable<ScanResultConsumer>> tables = new ConcurrentHashMap<>();
  private final Map<String, HBaseIndexTable> indexTables = new LinkedHashMap<>();
  private final HBaseIndexStore store;
  private final IndexProtocol<RowMutations> protocol;
  /** The {@code @Version} cell's position in {@code qualifiers}, or -1. */
  private int versionCell = -1;
  private java.util.function.ToLongFunction<E> versionOf;
  private java.util.function.ObjLongConsumer<E> setVersion;

  /**
   * @param table the master table's name (without namespace)
   * @param columns the qualifiers of the non-key columns, in the order of {@code cellsOf} and {@code fromValues}
   * @param keyOf the key values of an entity, stored form, in key order
   * @param cellsOf the non-key values of an entity, stored form, in {@code columns} order
   * @param fromValues an entity from its key values and its non-key values (absent cells null)
   * @param entries every index entry an entity needs (empty for an entity without indexes)
   */
  protected HBaseDaoBase(AsyncConnection connection, String namespace, String entity, String table, RowKeyCodec key,
      List<String> columns, Function<E, List<Object>> keyOf, Function<E, List<Object>> cellsOf,
      BiFunction<List<Object>, List<Object>, E> fromValues, Function<E, List<IndexEntry>> entries) {
    this(connection, namespace, entity, table, key, KeySalt.NONE, columns, keyOf, cellsOf, fromValues, entries);
  }

  /** As above, for an entity whose row keys are salted by {@code salt}. */
  protected HBaseDaoBase(AsyncConnection connection, String namespace, String entity, String table, RowKeyCodec key,
      KeySalt salt, List<String> columns, Function<E, List<Object>> keyOf, Function<E, List<Object>> cellsOf,
      BiFunction<List<Object>, List<Object>, E> fromValues, Function<E, List<IndexEntry>> entries) {
    this.connection = Objects.requireNonNull(connection, "connection");
    Objects.requireNonNull(namespace, "namespace");
    if (namespace.isBlank()) {
      throw new IllegalArgumentException("namespace name is blank");
    }
    this.namespace = namespace;
    this.entity = entity;
    this.master = TableName.valueOf(namespace, table);
    this.key = key;
    this.salt = Objects.requireNonNull(salt, "salt");
    this.qualifiers = columns.stream().map(c -> c.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    this.keyOf = keyOf;
    this.cellsOf = cellsOf;
    this.fromValues = fromValues;
    this.entries = entries;
    this.store = new HBaseIndexStore(this, indexTables);
    this.protocol = new IndexProtocol<>(store);
    this.protocol.masters(k -> getAsync(rowKey(k)), entries);
  }

  /** The clock this DAO stamps its writes with. */
  final WriteClock clock() {
    return protocol.clock();
  }

  /**
   * Gives this DAO instance a clock of its own (by default the one shared by the class loader), as
   * an application instance on another machine has: see {@link WriteClock#skewed}.
   */
  public final void setWriteClock(WriteClock clock) {
    protocol.clock(clock);
  }

  public final AsyncConnection connection() {
    return connection;
  }

  public final String namespace() {
    return namespace;
  }

  public final TableName masterTable() {
    return master;
  }

  final AsyncTable<ScanResultConsumer> table(TableName name) {
    return tables.computeIfAbsent(name, n -> connection.getTable(n, CALLBACKS));
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
      BiFunction<List<Object>, List<Object>, T> fromValues) {
    return new HBaseReferences<>(table(TableName.valueOf(namespace, table)), entity, key, salt, columns, fromValues);
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

  /** The master table read whole, one segment per region. */
  protected final List<io.denorm.index.IndexScans.Segment<E>> masterSegments() {
    return new HBaseScans<>(this, Map.of()).master();
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
    byte[] row = rowOf(e);
    List<IndexEntry> next = checkedEntries(e);
    if (versionCell >= 0) {
      return writeVersioned(e, row, next, getStampedAsync(row));
    }
    return writeRow(e, row, next, indexTables.isEmpty() ? none() : getStampedAsync(row));
  }

  /** Saves {@code e} whose previous state is {@code previous} (null: a new row), without reading it. */
  protected final CompletionStage<Void> writeAsync(E e, E previous) {
    byte[] row = rowOf(e);
    if (versionCell >= 0) {
      return writeVersioned(e, row, checkedEntries(e), CompletableFuture.completedFuture(Stamped.unknown(Optional.ofNullable(previous))));
    }
    return writeRow(e, row, checkedEntries(e), CompletableFuture.completedFuture(Stamped.unknown(Optional.ofNullable(previous))));
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
    return rowKey(keyOf.apply(e));
  }

  /** The master row key of the key values {@code keyValues} (stored form), salt byte included. */
  private byte[] rowKey(List<?> keyValues) {
    return salt.row(key, keyValues, entity);
  }

  /** The index entries {@code e} needs, each row key checked encodable before anything is written. */
  private List<IndexEntry> checkedEntries(E e) {
    List<IndexEntry> next = entries.apply(e);
    store.requireWritable(next);
    return next;
  }

  /** Saves {@code e}, whose index entries {@code next} are already computed: the protocol does not compute them again. */
  private CompletionStage<Void> writeRow(E e, byte[] row, List<IndexEntry> next, CompletionStage<Stamped<E>> previous) {
    long clock = clock().next();
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
    return nulls.isEmpty() ? mutations(row, put) : mutations(row, put, nulls);
  }

  private static RowMutations mutations(byte[] row, org.apache.hadoop.hbase.client.Mutation... parts) {
    try {
      RowMutations mutations = new RowMutations(row, parts.length);
      for (org.apache.hadoop.hbase.client.Mutation m : parts) {
        mutations.add(m);
      }
      return mutations;
    } catch (java.io.IOException e) {
      throw new IllegalStateException("a mutation of another row: " + e.getMessage(), e);
    }
  }

  /** Deletes the row of {@code keyValues}; completes with whether it existed. */
  protected final CompletionStage<Boolean> removeAsync(List<Object> keyValues) {
    return versionCell >= 0 ? removeVersioned(keyValues, -1) : removeRow(keyValues);
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

  private CompletionStage<Boolean> removeRow(List<Object> keyValues) {
    byte[] row = rowKey(keyValues);
    // Without index tables a save reads nothing first and is stamped at its clock: a delete stamped
    // above the state it read (which can be ahead of the clock) would hide the next save of the
    // row. Such a delete is stamped at its clock, as on Cassandra (the state read only tells
    // whether the row existed).
    CompletionStage<Stamped<E>> read = indexTables.isEmpty() ? getAsync(row).thenApply(Stamped::unknown) : getStampedAsync(row);
    return protocol.deleteAbove(clock().next(), read, entries, ts -> CompletableFuture.completedFuture(mutations(row, new Delete(row, ts))));
  }

  protected final boolean remove(List<Object> keyValues) {
    return join(removeAsync(keyValues));
  }

  protected final CompletionStage<Boolean> removeEntityAsync(E e) {
    Objects.requireNonNull(e, entity + " to delete");
    return versionCell >= 0 ? removeVersioned(keyOf.apply(e), versionOf.applyAsLong(e)) : removeAsync(keyOf.apply(e));
  }

  // ---- reads ----------------------------------------------------------------------------------

  protected final Optional<E> get(List<Object> keyValues) {
    return join(getAsync(keyValues));
  }

  protected final CompletionStage<Optional<E>> getAsync(List<Object> keyValues) {
    return getAsync(rowKey(keyValues));
  }

  private CompletionStage<Optional<E>> getAsync(byte[] row) {
    return table(master).get(new Get(row).addFamily(FAMILY)).thenApply(r -> Optional.ofNullable(fromResult(r)));
  }

  /**
   * The row's state with the newest timestamp among its cells: what a save or a delete is stamped
   * above. When there is no row, the row is scanned raw for what a delete left (its delete marker
   * keeps the delete's stamp until a major compaction drops both): a save after a delete stamped by
   * a clock ahead of this one's is then stamped above it, not hidden by it.
   */
  private CompletionStage<Stamped<E>> getStampedAsync(byte[] row) {
    return table(master).get(new Get(row).addFamily(FAMILY)).thenCompose(r -> {
      if (r != null && !r.isEmpty()) {
        return CompletableFuture.completedFuture(new Stamped<>(Optional.ofNullable(fromResult(r)), newestCell(r)));
      }
      Scan raw = new Scan().withStartRow(row).withStopRow(row, true).addFamily(FAMILY).setRaw(true).readAllVersions();
      return table(master).scanAll(raw).thenApply(results -> {
        long newest = Stamped.UNKNOWN;
        for (Result deleted : results) {
          newest = Math.max(newest, newestCell(deleted));
        }
        return new Stamped<E>(Optional.empty(), newest);
      });
    });
  }

  private static long newestCell(Result r) {
    long newest = Stamped.UNKNOWN;
    for (org.apache.hadoop.hbase.Cell c : r.rawCells()) {
      newest = Math.max(newest, c.getTimestamp());
    }
    return newest;
  }

  /** The entity a master row holds, or null for an empty result. */
  final E fromResult(Result r) {
    return decodeRow(r, key, salt, qualifiers, fromValues);
  }

  /**
   * What a row of a table keyed by {@code key} (salted by {@code salt}) holds: {@code fromValues} of
   * its key values and its {@code qualifiers}' cells (absent ones null), or null for an empty result.
   */
  static <T> T decodeRow(Result r, RowKeyCodec key, KeySalt salt, byte[][] qualifiers, BiFunction<List<Object>, List<Object>, T> fromValues) {
    if (r == null || r.isEmpty()) {
      return null;
    }
    List<Object> keyValues = HBaseKeys.storedForm(key.decode(r.getRow(), salt.length()));
    List<Object> cells = new ArrayList<>(qualifiers.length);
    for (byte[] q : qualifiers) {
      byte[] cell = HBaseInverse.isInverse(q) ? null : r.getValue(FAMILY, q);
      cells.add(HBaseCounter.isCount(q) ? HBaseCounter.value(cell) : HBaseInverse.isInverse(q) ? HBaseInverse.elements(r, q) : HBaseValues.decode(cell));
    }
    return fromValues.apply(keyValues, cells);
  }

  /** The master rows of a key prefix. */
  protected final KeyRange range(List<?> prefix) {
    return bucketOf(KeyRange.prefix(key, prefix), prefix);
  }

  /** The master rows of a key prefix whose next component lies between two bounds (null: open). */
  protected final KeyRange range(List<?> prefix, Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive) {
    return bucketOf(KeyRange.between(key, prefix, lower, lowerInclusive, upper, upperInclusive), prefix);
  }

  /**
   * The master rows of a key prefix whose next components (a bucket and the field it is computed
   * from) lie between two bounds, each a list of those components' values (null: open).
   */
  protected final KeyRange span(List<?> prefix, List<?> lower, boolean lowerInclusive, List<?> upper, boolean upperInclusive) {
    return bucketOf(KeyRange.span(key, prefix, lower, lowerInclusive, upper, upperInclusive), prefix);
  }

  /** {@code range} narrowed to one bucket when {@code prefix} binds every salted component. */
  private KeyRange bucketOf(KeyRange range, List<?> prefix) {
    return salt.binds(prefix.size()) ? range.inBucket(salt.bucket(key, prefix)) : range;
  }

  protected final KeyRange range(HBaseIndexTable index, List<?> prefix) {
    return KeyRange.prefix(index.identity(), prefix);
  }

  protected final KeyRange range(HBaseIndexTable index, List<?> prefix, Object lower, boolean lowerInclusive, Object upper,
      boolean upperInclusive) {
    return KeyRange.between(index.identity(), prefix, lower, lowerInclusive, upper, upperInclusive);
  }

  private static Scan scan(KeyRange range, int limit, byte[] resumeAfter, boolean reversed) {
    Scan scan = new Scan().addFamily(FAMILY);
    if (reversed) {
      // From the end of the range down to its start: the start row of a reversed scan is its highest.
      scan.setReversed(true);
      if (resumeAfter != null) {
        scan.withStartRow(resumeAfter, false);
      } else if (range.stop() != null) {
        scan.withStartRow(range.stop(), false);
      }
      scan.withStopRow(range.start(), true);
    } else {
      if (resumeAfter != null) {
        scan.withStartRow(resumeAfter, false);
      } else {
        scan.withStartRow(range.start());
      }
      if (range.stop() != null) {
        scan.withStopRow(range.stop());
      }
    }
    if (limit > 0) {
      scan.setLimit(limit);
      scan.setCaching(Math.min(limit, 1000));
    } else {
      scan.setCaching(500);
    }
    return scan;
  }

  /**
   * The rows of {@code range} in {@code table}, in key order, at most {@code limit} (0: all),
   * after the unsalted key {@code resumeAfter} if not null. A salted range that names no bucket is
   * read from every bucket at once, each scan limited alike, and the results merged.
   */
  final CompletionStage<List<Result>> scanAll(TableName table, KeySalt salt, KeyRange range, int limit, byte[] resumeAfter) {
    return scanAll(table, salt, range, limit, resumeAfter, false);
  }

  /** As above, in reverse key order when {@code reversed}: from the end of the range to its start. */
  final CompletionStage<List<Result>> scanAll(TableName table, KeySalt salt, KeyRange range, int limit, byte[] resumeAfter, boolean reversed) {
    if (range.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    List<KeyRange> parts = salt.ranges(range);
    if (parts.size() == 1) {
      return table(table).scanAll(scan(parts.get(0), limit, resumeIn(salt, range, resumeAfter), reversed));
    }
    List<CompletableFuture<List<Result>>> scans = new ArrayList<>(parts.size());
    for (int b = 0; b < parts.size(); b++) {
      byte[] resume = resumeAfter == null ? null : KeySalt.inBucket(b, resumeAfter);
      scans.add(table(table).scanAll(scan(parts.get(b), limit, resume, reversed)));
    }
    return merged(scans, salt, reversed).thenApply(merged -> limit > 0 && merged.size() > limit ? merged.subList(0, limit) : merged);
  }

  /**
   * The rows of {@code range}'s buckets in key order, scanned at once until together they have
   * passed {@code budget} rows: then every scan stops, and the caller finds more than it may hold.
   */
  private CompletionStage<List<Result>> scanShared(TableName table, KeySalt salt, KeyRange range, int budget, boolean reversed) {
    List<KeyRange> parts = salt.ranges(range);
    java.util.concurrent.atomic.AtomicInteger held = new java.util.concurrent.atomic.AtomicInteger();
    List<CompletableFuture<List<Result>>> scans = new ArrayList<>(parts.size());
    for (KeyRange part : parts) {
      CompletableFuture<List<Result>> done = new CompletableFuture<>();
      List<Result> rows = new ArrayList<>();
      table(table).scan(scan(part, budget, null, reversed), new org.apache.hadoop.hbase.client.ScanResultConsumer() {
        @Override
        public boolean onNext(Result r) {
          rows.add(r);
          return held.incrementAndGet() < budget;
        }

        @Override
        public void onError(Throwable error) {
          done.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
          done.complete(rows);
        }
      });
      scans.add(done);
    }
    return merged(scans, salt, reversed);
  }

  /** The rows of every bucket's scan, in key order (last first when {@code reversed}). */
  private static CompletableFuture<List<Result>> merged(List<CompletableFuture<List<Result>>> scans, KeySalt salt, boolean reversed) {
    return CompletableFuture.allOf(scans.toArray(CompletableFuture[]::new)).thenApply(v -> {
      List<Result> merged = new ArrayList<>();
      scans.forEach(f -> merged.addAll(f.join()));
      merged.sort((x, y) -> reversed ? salt.compare(y.getRow(), x.getRow()) : salt.compare(x.getRow(), y.getRow()));
      return merged;
    });
  }

  /** The row key to resume after in the one scan of {@code range}. */
  private static byte[] resumeIn(KeySalt salt, KeyRange range, byte[] resumeAfter) {
    if (resumeAfter == null || !salt.salted()) {
      return resumeAfter;
    }
    return KeySalt.inBucket(range.bucket(), resumeAfter);
  }

  /** The rows of {@code range}, at most {@code limit} (0: all). */
  protected final CompletionStage<List<E>> listAsync(KeyRange range, int limit) {
    return listAsync(range, limit, false);
  }

  private final io.denorm.ListLimit listLimit = new io.denorm.ListLimit();

  /** See {@link io.denorm.ListLimit}: the most rows a List finder of this DAO reads (default 100,000). */
  public final void setMaxListRows(int rows) {
    listLimit.set(rows);
  }

  private int listLimit(int limit) {
    return listLimit.readLimit(limit);
  }

  /** {@code results}, unless they are more than this DAO's maximum for a List finder over {@code table}. */
  private List<Result> listable(List<Result> results, TableName table) {
    listLimit.require(results.size(), entity + ", table " + table.getNameAsString());
    return results;
  }

  /** The rows {@code scan} finds in {@code table} that {@code counted} accepts, counted as they stream by (none held). */
  final CompletionStage<Long> countRows(TableName table, org.apache.hadoop.hbase.client.Scan scan, java.util.function.Predicate<Result> counted) {
    CompletableFuture<Long> done = new CompletableFuture<>();
    java.util.concurrent.atomic.AtomicLong rows = new java.util.concurrent.atomic.AtomicLong();
    table(table).scan(scan, new org.apache.hadoop.hbase.client.ScanResultConsumer() {
      @Override
      public boolean onNext(Result r) {
        try {
          if (counted.test(r)) {
            rows.incrementAndGet();
          }
          return true;
        } catch (RuntimeException undecodable) {
          done.completeExceptionally(undecodable); // the scan would not report it: stop and fail here
          return false;
        }
      }

      @Override
      public void onError(Throwable error) {
        done.completeExceptionally(error);
      }

      @Override
      public void onComplete() {
        done.complete(rows.get());
      }
    });
    return done;
  }

  /** The rows of {@code range}, at most {@code limit} (0: all), last row first when {@code reversed}. */
  protected final CompletionStage<List<E>> listAsync(KeyRange range, int limit, boolean reversed) {
    int read = listLimit(limit);
    // A List finder over a salted table reads every bucket; unless the caller asked for fewer rows
    // than the maximum, the buckets share one budget of rows held, not one each.
    CompletionStage<List<Result>> rows = salt.salted() && read != limit && salt.ranges(range).size() > 1
        ? scanShared(master, salt, range, read, reversed)
        : scanAll(master, salt, range, read, null, reversed);
    return rows.thenApply(found -> {
      List<Result> results = listable(found, master);
      List<E> out = new ArrayList<>(results.size());
      results.forEach(r -> out.add(fromResult(r)));
      return out;
    });
  }

  protected final List<E> list(KeyRange range, int limit) {
    return join(listAsync(range, limit));
  }

  protected final List<E> list(KeyRange range, int limit, boolean reversed) {
    return join(listAsync(range, limit, reversed));
  }

  protected final CompletionStage<Optional<E>> firstAsync(KeyRange range) {
    return listAsync(range, 1).thenApply(l -> l.stream().findFirst());
  }

  protected final Optional<E> first(KeyRange range) {
    return join(firstAsync(range));
  }

  /**
   * The last row of {@code range} in key order: one reversed scan of one row (of each bucket, when
   * the range spans the buckets of a salted table).
   */
  protected final CompletionStage<Optional<E>> lastAsync(KeyRange range) {
    return listAsync(range, 1, true).thenApply(l -> l.stream().findFirst());
  }

  protected final Optional<E> last(KeyRange range) {
    return join(lastAsync(range));
  }

  /**
   * The reads of a geo search ({@code @GeoIndex}): for each covering cell, one scan of the index rows
   * whose geohash starts with it (under its partition cell of {@code partitionLength} characters, or
   * across the partition cells a shorter one spans), the rows checked against their masters.
   */
  protected final List<java.util.function.Supplier<CompletionStage<List<E>>>> geoReads(List<String> cells, int partitionLength, HBaseIndexTable index) {
    List<java.util.function.Supplier<CompletionStage<List<E>>>> reads = new ArrayList<>();
    for (String cell : cells) {
      String end = io.denorm.geo.GeoCover.rangeEnd(cell);
      KeyRange range = cell.length() >= partitionLength
          ? KeyRange.between(index.identity(), List.of(cell.substring(0, partitionLength)), cell, true, end, false)
          : KeyRange.between(index.identity(), List.of(), cell, true, end, false);
      reads.add(() -> indexListAsync(index, range, 0));
    }
    return reads;
  }

  /**
   * The master ids of the index rows of {@code range} (the first master key column), in key order,
   * as a lazy stream; each batch of {@value #INDEX_BATCH} is checked against the master rows it
   * points at (read in parallel), and rows whose master no longer needs them are left out and repaired.
   */
  protected final <K> Stream<K> indexIds(HBaseIndexTable index, KeyRange range) {
    Stream<Result> scanned = rows(index.tableName(), KeySalt.NONE, range, 0);
    Function<List<Object>, CompletionStage<Optional<E>>> masters = this::getAsync;
    Stream<K> ids = io.denorm.Bounded.batches(scanned.map(index::hit).filter(Objects::nonNull).iterator(), INDEX_BATCH,
        batch -> join(protocol.checked(batch, masters, entries)).stream().map(HBaseDaoBase::<K>idOf).toList());
    return ids.onClose(scanned::close);
  }

  @SuppressWarnings("unchecked")
  private static <K> K idOf(IndexHit hit) {
    return (K) hit.entry().masterKey().get(0);
  }

  /**
   * {@code countBy…} served by the master table: the rows of {@code range}, counted by key-only
   * scans (one per salt bucket, at once) that bring back one cell per row.
   */
  protected final CompletionStage<Long> countAsync(KeyRange range) {
    if (range.isEmpty()) {
      return CompletableFuture.completedFuture(0L);
    }
    List<CompletableFuture<Long>> parts = new ArrayList<>();
    for (KeyRange part : salt.ranges(range)) {
      Scan scan = scan(part, 0, null, false).setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
      CompletableFuture<Long> counted = new CompletableFuture<>();
      table(master).scan(scan, new ScanResultConsumer() {
        private long rows;

        @Override
        public boolean onNext(Result r) {
          rows++;
          return true;
        }

        @Override
        public void onError(Throwable error) {
          counted.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
          counted.complete(rows);
        }
      });
      parts.add(counted);
    }
    return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]))
        .thenApply(done -> parts.stream().mapToLong(CompletableFuture::join).sum());
  }

  protected final long count(KeyRange range) {
    return join(countAsync(range));
  }

  /** {@code existsBy…} served by the master table: whether {@code range} holds a row. */
  protected final CompletionStage<Boolean> existsAsync(KeyRange range) {
    return firstAsync(range).thenApply(Optional::isPresent);
  }

  protected final boolean exists(KeyRange range) {
    return join(existsAsync(range));
  }

  /**
   * {@code countBy…} served by an index table: its rows are read a page at a time and each checked
   * against the master row it points at, as a finder does; rows whose master no longer matches are
   * not counted (and are repaired).
   */
  protected final CompletionStage<Long> indexCountAsync(HBaseIndexTable index, KeyRange range) {
    return io.denorm.Bounded.countOfPages(request -> indexPageAsync(index, range, request), PageRequest.ofSize(INDEX_BATCH));
  }

  protected final long indexCount(HBaseIndexTable index, KeyRange range) {
    return join(indexCountAsync(index, range));
  }

  /** A lazy stream over {@code range}: rows are fetched as it is consumed. Close it when not read to the end. */
  protected final Stream<E> stream(KeyRange range, int limit) {
    return rows(master, salt, range, limit).map(this::fromResult);
  }

  /**
   * The rows of {@code range} as a lazy stream in key order. Over every bucket of a salted table,
   * one scanner per bucket prefetches in the background and the heads are merged.
   */
  private Stream<Result> rows(TableName table, KeySalt salt, KeyRange range, int limit) {
    if (range.isEmpty()) {
      return Stream.empty();
    }
    List<KeyRange> parts = salt.ranges(range);
    List<ResultScanner> scanners = new ArrayList<>(parts.size());
    for (KeyRange part : parts) {
      scanners.add(table(table).getScanner(scan(part, limit, null, false)));
    }
    Runnable closeAll = () -> scanners.forEach(ResultScanner::close);
    if (scanners.size() == 1) {
      return StreamSupport.stream(scanners.get(0).spliterator(), false).onClose(closeAll);
    }
    Iterator<Result> merged = new MergedRows(scanners, salt);
    Stream<Result> out = StreamSupport.stream(Spliterators.spliteratorUnknownSize(merged, Spliterator.ORDERED | Spliterator.NONNULL), false);
    return (limit > 0 ? out.limit(limit) : out).onClose(closeAll);
  }

  /** A k-way merge of per-bucket scanners, each already in key order. */
  private static final class MergedRows implements Iterator<Result> {
    private final java.util.PriorityQueue<Map.Entry<Result, Iterator<Result>>> heads;

    MergedRows(List<ResultScanner> scanners, KeySalt salt) {
      heads = new java.util.PriorityQueue<>(scanners.size(), (x, y) -> salt.compare(x.getKey().getRow(), y.getKey().getRow()));
      for (ResultScanner scanner : scanners) {
        advance(scanner.iterator());
      }
    }

    private void advance(Iterator<Result> it) {
      if (it.hasNext()) {
        heads.add(Map.entry(it.next(), it));
      }
    }

    @Override
    public boolean hasNext() {
      return !heads.isEmpty();
    }

    @Override
    public Result next() {
      Map.Entry<Result, Iterator<Result>> head = heads.poll();
      if (head == null) {
        throw new java.util.NoSuchElementException();
      }
      advance(head.getValue());
      return head.getKey();
    }
  }

  /** One page of at most {@code request.size()} rows of {@code range}, resuming after the request's cursor. */
  protected final CompletionStage<Page<E>> pageAsync(KeyRange range, PageRequest request) {
    return rawPage(master, salt, range, request).thenApply(p -> new Page<>(p.content().stream().map(this::fromResult).toList(), p.nextCursor()));
  }

  protected final Page<E> page(KeyRange range, PageRequest request) {
    return join(pageAsync(range, request));
  }

  /** A page of {@code range}, last row first when {@code reversed} (an oldest-first bucket walk). */
  protected final Page<E> page(KeyRange range, PageRequest request, boolean reversed) {
    return join(rawPage(master, salt, range, request, reversed)
        .thenApply(p -> new Page<>(p.content().stream().map(this::fromResult).toList(), p.nextCursor())));
  }

  private CompletionStage<Page<Result>> rawPage(TableName table, KeySalt salt, KeyRange range, PageRequest request) {
    return rawPage(table, salt, range, request, false);
  }

  private CompletionStage<Page<Result>> rawPage(TableName table, KeySalt salt, KeyRange range, PageRequest request, boolean reversed) {
    Objects.requireNonNull(request, "page request");
    String name = table.getNameAsString();
    byte[] resume = request.cursor() == null ? null : HBaseCursor.decode(request.cursor(), name, range);
    return scanAll(table, salt, range, request.size() + 1, resume, reversed).thenApply(results -> {
      if (results.size() <= request.size()) {
        return new Page<>(results, null);
      }
      List<Result> content = results.subList(0, request.size());
      return new Page<>(content, HBaseCursor.encode(name, range, salt.unsalted(content.get(content.size() - 1).getRow())));
    });
  }


  // ---- reads through index tables -------------------------------------------------------------

  private CompletionStage<List<E>> resolve(HBaseIndexTable index, List<Result> rows) {
    List<IndexHit> hits = new ArrayList<>(rows.size());
    for (Result r : rows) {
      IndexHit hit = index.hit(r);
      if (hit != null) {
        hits.add(hit);
      }
    }
    return protocol.resolve(hits, this::getAsync, entries);
  }

  /** Every master row the index rows of {@code range} point at and that still match, in index order. */
  protected final CompletionStage<List<E>> indexListAsync(HBaseIndexTable index, KeyRange range, int limit) {
    return scanAll(index.tableName(), KeySalt.NONE, range, listLimit(limit), null)
        .thenCompose(rows -> resolve(index, listable(rows, index.tableName())));
  }

  protected final List<E> indexList(HBaseIndexTable index, KeyRange range, int limit) {
    return join(indexListAsync(index, range, limit));
  }

  /** The first master row the index rows of {@code range} point at that still matches, reading the index {@value #INDEX_BATCH} rows at a time. */
  protected final CompletionStage<Optional<E>> indexOneAsync(HBaseIndexTable index, KeyRange range) {
    return io.denorm.Bounded.firstOfPages(request -> indexPageAsync(index, range, request), PageRequest.ofSize(INDEX_BATCH));
  }

  protected final Optional<E> indexOne(HBaseIndexTable index, KeyRange range) {
    return join(indexOneAsync(index, range));
  }

  /** Index rows resolved per batch by {@link #indexStream}. */
  public static final int INDEX_BATCH = 64;

  /** A lazy stream through an index: index rows resolved to master rows in batches, each batch in parallel. */
  protected final Stream<E> indexStream(HBaseIndexTable index, KeyRange range, int limit) {
    Stream<Result> scanned = rows(index.tableName(), KeySalt.NONE, range, limit);
    return io.denorm.Bounded.batches(scanned.iterator(), INDEX_BATCH, batch -> join(resolve(index, batch))).onClose(scanned::close);
  }


  /** One page of index rows resolved to master rows; stale rows are left out, so a page may hold fewer. */
  protected final CompletionStage<Page<E>> indexPageAsync(HBaseIndexTable index, KeyRange range, PageRequest request) {
    return rawPage(index.tableName(), KeySalt.NONE, range, request)
        .thenCompose(p -> resolve(index, p.content()).thenApply(content -> new Page<>(content, p.nextCursor())));
  }

  protected final Page<E> indexPage(HBaseIndexTable index, KeyRange range, PageRequest request) {
    return join(indexPageAsync(index, range, request));
  }

  // ---- futures --------------------------------------------------------------------------------

  /** Waits for {@code stage}, rethrowing Denorm's own exceptions as they were. */
  protected static <T> T join(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while waiting for HBase", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      while (cause instanceof CompletionException && cause.getCause() != null) {
        cause = cause.getCause();
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new DenormException("HBase: " + cause, cause);
    }
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
