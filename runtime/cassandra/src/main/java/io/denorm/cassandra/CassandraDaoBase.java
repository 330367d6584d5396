package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.WriteClock;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexProtocol;
import io.denorm.index.IndexReadStats;
import io.denorm.index.Stamped;
import io.denorm.index.WriteObserver;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The base of every generated Cassandra DAO: it owns the write clock and the protocols a generated
 * method only calls into (the shared write timestamp, the index protocol's writes and its reads
 * through index tables), on top of the session, statement preparation, paging and streaming of
 * {@link CassandraReadBase}. Generated subclasses bind values and map rows; nothing else. The
 * entity's master table ({@link MasterTable}, given once by {@link #master}) is what the write and
 * delete steps of the save and delete pipelines write.
 *
 * @param <E> the entity of the DAO
 */
public abstract class CassandraDaoBase<E> extends CassandraIndexReads {

  /** The stamps of recent deletes, read by saves that find no row. */
  private final CassandraDeleteMarks deleteMarks;
  private final Map<String, CassandraIndexTable> indexTables = new ConcurrentHashMap<>();
  private final IndexProtocol<BoundStatement> indexProtocol = new IndexProtocol<>(new CassandraIndexStore(this, indexTables));

  protected CassandraDaoBase(CqlSession session, String keyspace) {
    this(session, keyspace, WriteClock.shared());
  }

  protected CassandraDaoBase(CqlSession session, String keyspace, WriteClock clock) {
    super(session, keyspace);
    indexProtocol.clock(clock);
    this.deleteMarks = new CassandraDeleteMarks(this);
    // Rows of a trusted covering index are verified at the write time of their master, read again.
    // (the key of an index row is in stored form: bound by type, not by the mapper, which takes the entity's values)
    indexProtocol.stampedMasters(key -> master.stampedStored(this, key), e -> master.entries == null ? List.of() : master.entries.apply(e));
  }

  /**
   * Gives this DAO instance a clock of its own (by default the one shared by the class loader), as
   * an application instance on another machine has: see {@link WriteClock#skewed}.
   */
  public final void setWriteClock(WriteClock clock) {
    indexProtocol.clock(clock);
  }

  /** The lifetime of this DAO's saves ({@link io.denorm.Expiry#NONE} unless the entity is {@code @TimeToLive}). */
  private volatile io.denorm.Expiry expiry = io.denorm.Expiry.NONE;

  /**
   * Makes this DAO's entity an expiring one ({@code @TimeToLive}): its master and index inserts carry
   * {@code USING TTL ?}, bound to {@code defaultSeconds} (0: no expiry) unless attributes give another.
   * Called by the generated constructor before any index table is registered.
   */
  protected final void expiring(int defaultSeconds) {
    this.expiry = io.denorm.Expiry.after(defaultSeconds);
  }

  private boolean plainWrites;

  /** Called by the generated constructor of an entity whose saves and deletes write its row alone: it may be given write times. */
  protected final void plainWrites() {
    plainWrites = true;
  }

  /** Whether the entity is {@code @TimeToLive}: its inserts then end with {@code USING TTL ?}. */
  final boolean expiring() {
    return expiry.expiring();
  }

  /** This DAO's time to live for the rows it inserts ({@link io.denorm.Expiry#NONE} when they do not expire). */
  final io.denorm.Expiry expiry() {
    return expiry;
  }

  /**
   * Adds {@code attributes} to this DAO's: the statement options ({@link StatementOptions#with}) and
   * the lifetime of its saves ({@link io.denorm.Expiry#with}: refused for an entity that is not
   * {@code @TimeToLive}).
   */
  public final void applyAttributes(io.denorm.Attributes attributes) {
    String entity = master == null ? "this DAO's entity" : master.entity;
    io.denorm.Expiry next = expiry.with(attributes, entity); // checked before anything changes
    if (attributes.writeTime() != null) {
      if (!plainWrites) {
        throw new IllegalArgumentException(entity + ": a caller-given write time (Attributes.withWriteTime) is for entities whose save writes"
            + " their row alone; this one's saves keep other rows, stamped above the state they replace");
      }
      indexProtocol.clock(WriteClock.startingAt(attributes.writeTime()));
    }
    setStatementOptions(statementOptions().with(attributes));
    expiry = next;
  }

  /** This DAO takes {@code from}'s clock, repair grace, write observer, list limit and time to live (its statement options stay its own). */
  protected final void copySettingsFrom(CassandraDaoBase<?> from) {
    expiry = from.expiry;
    indexProtocol.clock(from.indexProtocol.clock());
    indexProtocol.repairGrace(from.indexProtocol.repairGrace());
    indexProtocol.observer(from.indexProtocol.observer());
    listLimit.set(from.listLimit.max());
  }

  /** The clock this DAO stamps its writes with. */
  final WriteClock clock() {
    return indexProtocol.clock();
  }

  @Override
  final IndexProtocol<?> readProtocol() {
    return indexProtocol;
  }

  /** The timestamp every statement of one save or delete carries. */
  protected final long nextWriteTimestamp() {
    return indexProtocol.clock().next();
  }

  // ---- index tables ---------------------------------------------------------------------------

  /** Registers the index table {@code table} of {@code definition}, its columns in value order. */
  protected final CassandraIndexTable indexTable(IndexDefinition definition, String table, int partitionColumns, List<String> columns) {
    CassandraIndexTable t = new CassandraIndexTable(this, definition, table, partitionColumns, columns);
    indexTables.put(definition.name(), t);
    return t;
  }

  /**
   * Registers an index table whose rows are memberships (of a {@code @Count}, of a {@code
   * @References} side, given by {@link #countInto} and {@link #inverseInto}): written and deleted
   * by compare-and-set, so that only the write that changes one has effects.
   */
  protected final CassandraIndexTable membershipIndexTable(IndexDefinition definition, String table, int partitionColumns, List<String> columns) {
    CassandraIndexTable t = new CassandraIndexTable(this, definition, table, partitionColumns, columns, true);
    indexTables.put(definition.name(), t);
    return t;
  }

  /**
   * Whether one of this DAO's index tables is a trusted covering index: its saves then always read
   * the stored state (an insert, or a save given a previous state, too), so that they clear the
   * marks of the rows that state had.
   */
  final boolean trustsCoveringRows() {
    for (CassandraIndexTable t : indexTables.values()) {
      if (t.covering != null) {
        return true;
      }
    }
    return false;
  }

  /** Makes the memberships of {@code t} move the {@code @Count} column {@code counterColumn} of table {@code counterTable}. */
  protected final CassandraIndexTable countInto(CassandraIndexTable t, String counterTable, String counterKey, String counterColumn) {
    t.counter = new CassandraCounter(this, counterTable, counterKey, counterColumn);
    return t;
  }

  /**
   * Makes the memberships of {@code t} add their master id to, or remove it from, the {@code
   * @References} column {@code column} (a set, or a list when {@code list}) of table {@code table}.
   */
  protected final CassandraIndexTable inverseInto(CassandraIndexTable t, String table, String key, String column, boolean list) {
    t.inverse = new CassandraInverse(this, table, key, column, list);
    return t;
  }

  /** The {@code @CountDistinct} {@code name}: pairs of the columns {@code group} and {@code distinct} counted per group. */
  protected final CassandraDistinctCount distinctCount(String name, String group, String distinct) {
    return new CassandraDistinctCount(this, name, group, distinct);
  }

  /** The tables of the {@code @NestedSet} named {@code name}. */
  protected final io.denorm.tree.NestedSets.Tables nestedSet(String name) {
    return new CassandraNestedSet(this, name);
  }

  /** The {@code @Sequence} named {@code name}, reserving {@code block} ids at a time in table {@code denorm_sequences}. */
  protected final io.denorm.sequence.BlockSequence sequence(String name, int block) {
    return new CassandraSequence(this, name, block);
  }

  /**
   * A {@code @Recent} list of this DAO's entity kept in column {@code column} of table {@code table}
   * (keyed by {@code keyColumn}): {@code decode} reads it from column 0 of a row, {@code bind} binds
   * it at marker 0; {@code newest} reads a parent's {@code n} newest children.
   */
  protected final <C> io.denorm.snippet.RecentList.Store<C> recentStore(String table, String keyColumn, String column,
      Function<Row, List<C>> decode, java.util.function.BiFunction<com.datastax.oss.driver.api.core.cql.BoundStatementBuilder, List<C>,
      com.datastax.oss.driver.api.core.cql.BoundStatementBuilder> bind,
      java.util.function.BiFunction<Object, Integer, CompletionStage<List<C>>> newest) {
    return new CassandraRecentStore<>(this, table, keyColumn, column, decode, bind, newest);
  }

  /**
   * The reads of a geo search ({@code @GeoIndex}): for each covering cell, each index partition it
   * spans ({@code partitionLength} characters), one range read of the geohashes under the cell, its
   * rows checked against their masters. {@code select} is {@code … WHERE geo_cell = ? AND geohash >= ?
   * AND geohash < ?} on the index table.
   */
  protected final <E> List<java.util.function.Supplier<CompletionStage<List<E>>>> geoReads(List<String> cells, int partitionLength, PreparedCql select,
      CassandraIndexTable table, Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    List<java.util.function.Supplier<CompletionStage<List<E>>>> reads = new ArrayList<>();
    for (String cell : cells) {
      for (String partition : io.denorm.geo.GeoCover.partitions(cell, partitionLength)) {
        String from = cell.length() >= partitionLength ? cell : partition;
        reads.add(() -> select.async().thenCompose(ps -> indexListAsync(ps.bind(partition, from, io.denorm.geo.GeoCover.rangeEnd(from)), table,
            masterByKey, entries)));
      }
    }
    return reads;
  }

  /**
   * Verify and rebuild of this DAO's indexes. {@code masterScan} reads the master rows of one token
   * segment ({@code token(partition key) >= ? AND <= ?}).
   */
  protected final <E> IndexMaintenance<E> indexMaintenance(PreparedCql masterScan, Function<Row, E> mapper,
      Function<E, List<IndexEntry>> entries, Function<List<Object>, CompletionStage<Optional<E>>> lookup) {
    Map<String, IndexDefinition> definitions = new java.util.LinkedHashMap<>();
    indexTables.forEach((name, table) -> definitions.put(name, table.definition()));
    indexProtocol.masters(lookup, entries);
    return new IndexMaintenance<>(definitions, indexProtocol, new CassandraScans<>(this, indexTables, masterScan, mapper), entries, lookup);
  }

  /** The master table read whole, one segment per token range ({@code masterScan}: {@code token(partition key) >= ? AND <= ?}). */
  protected final <E> List<io.denorm.index.IndexScans.Segment<E>> masterSegments(PreparedCql masterScan, Function<Row, E> mapper) {
    return new CassandraScans<>(this, Map.of(), masterScan, mapper).master();
  }

  /** As above, in at least {@code segments} token ranges of the driver's token map (see {@link io.denorm.ScannableDao}). */
  protected final <E> List<io.denorm.index.IndexScans.Segment<E>> masterSegments(PreparedCql masterScan, Function<Row, E> mapper, int segments) {
    if (segments < 1) {
      throw new IllegalArgumentException("segments must be at least 1");
    }
    return new CassandraScans<>(this, Map.of(), masterScan, mapper).master(segments);
  }

  /** The segment of the master table named {@code range} ({@code token lo..hi}), or null (see {@link io.denorm.ScannableDao}). */
  protected final <E> io.denorm.index.IndexScans.Segment<E> masterSegment(PreparedCql masterScan, Function<Row, E> mapper, String range) {
    return new CassandraScans<>(this, Map.of(), masterScan, mapper).masterSegment(range);
  }

  /**
   * Sends each indexed save or delete as one logged batch (unique claims stay compare-and-set
   * statements before it); set by DAOs of entities declared with {@code WriteMode.LOGGED_BATCH}.
   */
  protected final void useLoggedBatches() {
    indexProtocol.writeTogether(true);
  }

  /** A test hook called after each step of an indexed save or delete; throwing stops the write there. */
  public final void setWriteObserver(WriteObserver observer) {
    indexProtocol.observer(observer);
  }

  /**
   * How old a stale index row must be before a read deletes it (default 60 s). Younger ones may
   * belong to a save in flight, so they are only filtered out of results.
   */
  public final void setIndexRepairGrace(Duration grace) {
    indexProtocol.repairGrace(grace);
  }

  /** Counts of what reads through this DAO's index tables found and repaired. */
  public final IndexReadStats indexReadStats() {
    return indexProtocol.stats();
  }

  /**
   * An indexed save: claims unique rows, writes the new index entries, the master row, then removes
   * the entries the previous state had, all at one stamp: {@code ts}, or above the state read ({@link
   * IndexProtocol#saveAbove}); {@code masterWrite} is given that stamp.
   */
  protected final <E> CompletionStage<Void> saveIndexedAsync(E entity, long ts, CompletionStage<Stamped<E>> previous,
      Function<E, List<IndexEntry>> entries, LongFunction<CompletionStage<BoundStatement>> masterWrite) {
    return indexProtocol.saveAbove(entity, ts, previous, entries, masterWrite);
  }

  /** An indexed delete: the master row, then every entry the current state had; stamped above the state read. */
  protected final <E> CompletionStage<Boolean> deleteIndexedAsync(long ts, CompletionStage<Stamped<E>> current,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<BoundStatement>> masterDelete) {
    // The delete's mark first: once the delete returns, a save that finds no row stamps above it.
    return indexProtocol.deleteAbove(ts, current, entries,
        stamp -> masterDelete.get().thenCompose(delete -> deleteMarks.mark(delete, stamp).thenApply(v -> delete)));
  }

  /**
   * A snippet holder's rewrite ({@link io.denorm.snippet.SnippetHolders#rewrite}): the row as
   * {@code read} (with its write times), changed by {@code change} (null: nothing to do), saved
   * through the index protocol stamped just above the state read. Completes with whether it wrote.
   */
  protected final <E> CompletionStage<Boolean> rewriteAsync(CompletionStage<Stamped<E>> read, java.util.function.UnaryOperator<E> change,
      Function<E, List<IndexEntry>> entries, Function<E, CompletionStage<BoundStatement>> masterWrite) {
    return read.thenCompose(stored -> {
      E fresh = stored.state().map(change).orElse(null);
      if (fresh == null) {
        return CompletableFuture.completedFuture(false);
      }
      return indexProtocol.rewriteJustAbove(fresh, stored, entries, ts -> masterWrite.apply(fresh)).thenApply(v -> true);
    });
  }

  /**
   * The compare-and-set save of a {@code @Version} entity (see {@link IndexProtocol#saveVersioned}):
   * {@code insertIfAbsent} when the entity's version is 0, else {@code updateIfVersion} of its
   * version; on success the entity gets the new version. {@code previous} is null when the entity has
   * no index (nothing to read: the compare-and-set alone decides). A lost race fails with {@link
   * io.denorm.ConcurrentUpdateException}.
   */
  protected final <E> CompletionStage<Void> saveVersionedAsync(String entityName, E entity, CompletionStage<Optional<E>> previous,
      ToLongFunction<E> versionOf, ObjLongConsumer<E> setVersion, Function<E, List<Object>> keyOf, Function<E, List<IndexEntry>> entries,
      Supplier<CompletionStage<BoundStatement>> insertIfAbsent, LongFunction<CompletionStage<BoundStatement>> updateIfVersion,
      Supplier<CompletionStage<Optional<E>>> current) {
    long expected = versionOf.applyAsLong(entity);
    List<Object> key = keyOf.apply(entity);
    return indexProtocol.saveVersioned(entity, expected, previous, versionOf, entries, () -> indexProtocol.clock().next(),
            ts -> (expected == 0 ? insertIfAbsent.get() : updateIfVersion.apply(expected)).thenCompose(this::applied),
            current, stored -> new io.denorm.ConcurrentUpdateException(entityName, key, expected, stored))
        .thenAccept(version -> setVersion.accept(entity, version));
  }

  /**
   * The compare-and-set delete of a {@code @Version} row: {@code deleteIfVersion} of the version
   * read in {@code stored} ({@code expected}, the caller's, when not negative), then the deleted
   * state's index entries. Completes with whether a row was deleted.
   */
  protected final <E> CompletionStage<Boolean> deleteVersionedAsync(String entityName, List<Object> key, long expected,
      Supplier<CompletionStage<Optional<E>>> stored, ToLongFunction<E> versionOf, Function<E, List<IndexEntry>> entries,
      LongFunction<CompletionStage<BoundStatement>> deleteIfVersion) {
    return indexProtocol.deleteVersioned(expected, stored.get(), versionOf, entries, () -> indexProtocol.clock().next(),
        (version, ts) -> deleteIfVersion.apply(version).thenCompose(this::applied),
        stored, (wanted, found) -> new io.denorm.ConcurrentUpdateException(entityName, key, wanted, found));
  }

  /** Runs a lightweight transaction (no client timestamp: Paxos orders it); completes with whether it applied. */
  private CompletionStage<Boolean> applied(BoundStatement conditional) {
    return executeAsync(conditional).thenApply(AsyncResultSet::wasApplied);
  }

  // ---- the master table: the write and delete steps ------------------------------------------

  /** Set once, in the generated constructor; read by every save and delete. */
  private volatile MasterTable<E> master;

  /** The master table this DAO's saves and deletes write. */
  protected final void master(MasterTable<E> table) {
    this.master = java.util.Objects.requireNonNull(table, "table");
  }

  /** The write step of a {@link SavePipeline}: see {@link MasterTable#write}. */
  protected final CompletionStage<Void> writeAsync(SavePipeline.Call<E> call) {
    return master.write(this, call);
  }

  /** Rows per unlogged batch of {@link #insertAllAsync}: all of one partition. */
  public static final int BATCH_ROWS = 100;

  /** Bound values per unlogged batch of {@link #insertAllAsync}, far below Cassandra's largest mutation (16 MiB by default). */
  public static final int BATCH_BYTES = 4 << 20;

  /** Batches of {@link #insertAllAsync} in flight at once. */
  public static final int BATCHES_IN_FLIGHT = 16;

  /**
   * {@code saveAll} of an entity whose save writes its row alone (the generated DAO calls it only
   * then): every entity checked by {@code check} first, nothing sent if one fails; of entities with
   * one primary key, as Cassandra stores it, the last one given is kept (a batch's rows share one
   * timestamp, and the earlier ones would be replaced); the rows grouped by partition (the driver's
   * routing key of each INSERT) and sent as unlogged batches of one partition, up to {@value
   * #BATCH_ROWS} rows and {@value #BATCH_BYTES} bytes of values each (one mutation on its
   * replicas), at one stamp of the DAO's clock, {@value #BATCHES_IN_FLIGHT} in flight. An entity that
   * cannot be bound, or a failed batch, does not stop the others; the call then fails with a {@link
   * io.denorm.BulkWriteException} naming each entity not saved (those of a key whose last entity
   * failed included).
   */
  protected final CompletionStage<Void> insertAllAsync(Iterable<? extends E> entities, java.util.function.Consumer<? super E> check) {
    return BulkInserts.insertAll(this, master, entities, check);
  }

  /** The delete step of a {@link DeletePipeline}: see {@link MasterTable#delete}; completes with whether the row existed. */
  protected final CompletionStage<Boolean> deleteAsync(DeletePipeline.Call<E> call) {
    return master.delete(this, call);
  }

  /** This DAO's save pipeline to build: stamped by its clock, written by {@link #writeAsync(SavePipeline.Call)}. */
  protected final SavePipeline.Builder<E> savePipeline() {
    return SavePipeline.writing(this::nextWriteTimestamp, this::writeAsync);
  }

  /** This DAO's delete pipeline to build: stamped by its clock, deleted by {@link #deleteAsync}; {@code keyOf}: an entity's key values. */
  protected final DeletePipeline.Builder<E> deletePipeline(Function<E, List<Object>> keyOf) {
    return DeletePipeline.deleting(this::nextWriteTimestamp, keyOf, this::deleteAsync);
  }

  /** The stored row of {@code e}, read by its key. */
  protected final CompletionStage<Optional<E>> storedAsync(E e) {
    return storedAsync(master.keyOf.apply(e));
  }

  /** The stored row of the key values {@code key} (in key order). */
  protected final CompletionStage<Optional<E>> storedAsync(List<Object> key) {
    return master.stored(this, key);
  }

  // ---- writes ---------------------------------------------------------------------------------

  /** Runs a write at {@code writeTimestamp}. Such a write is idempotent, so the driver may retry it. */
  protected final void write(BoundStatement statement, long writeTimestamp) {
    execute(WriteStatements.asWrite(this, statement, writeTimestamp));
  }

  /** {@link #write(BoundStatement, long)} of the statement {@code builder} builds, built once with its stamp and this DAO's options. */
  protected final void write(BoundStatementBuilder builder, long writeTimestamp) {
    execute(WriteStatements.asWrite(this, builder, writeTimestamp));
  }

  protected final CompletionStage<Void> writeAsync(BoundStatement statement, long writeTimestamp) {
    return executeAsync(WriteStatements.asWrite(this, statement, writeTimestamp)).thenApply(rs -> null);
  }

  /**
   * {@link #writeAsync(BoundStatement, long)} of the statement {@code builder} builds: the timestamp,
   * the time to live and this DAO's options set on the builder, so that the statement is built once
   * with them rather than copied once for each.
   */
  protected final CompletionStage<Void> writeAsync(BoundStatementBuilder builder, long writeTimestamp) {
    return executeAsync(WriteStatements.asWrite(this, builder, writeTimestamp)).thenApply(rs -> null);
  }

  /**
   * The row, mapped, with the newest write time of its {@code WRITETIME(…)} columns (the master
   * row's select has one per regular column that can have one): the state a save or a delete is
   * stamped above.
   */
  protected final <T> CompletionStage<Stamped<T>> stampedAsync(BoundStatement statement, Function<Row, T> mapper) {
    return executeAsync(statement).thenApply(rs -> {
      Row row = rs.one();
      if (row == null) {
        return null;
      }
      long newest = Stamped.UNKNOWN;
      var columns = row.getColumnDefinitions();
      for (int i = 0; i < columns.size(); i++) {
        String name = columns.get(i).getName().asInternal();
        if ((name.startsWith("writetime(") || name.startsWith("maxwritetime(")) && !row.isNull(i)) {
          newest = Math.max(newest, row.getLong(i));
        }
      }
      return new Stamped<>(Optional.of(mapper.apply(row)), newest);
    }).thenCompose(read -> read != null ? CompletableFuture.completedFuture(read)
        // No row: the stamp of its last delete, if one is remembered (a tombstone cannot be read).
        : deleteMarks.deletedAt(statement).thenApply(at -> new Stamped<T>(Optional.empty(), at)));
  }

  /** A state given by the caller (its write time unknown), as {@link #stampedAsync} gives one read. */
  protected static <T> CompletionStage<Stamped<T>> given(T state) {
    return CompletableFuture.completedFuture(Stamped.unknown(Optional.ofNullable(state)));
  }
}
