package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PagingState;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.DenormException;
import io.denorm.InvalidCursorException;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.WriteClock;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexProtocol;
import io.denorm.index.IndexReadStats;
import io.denorm.index.Stamped;
import io.denorm.index.WriteObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The base of every generated Cassandra DAO: it owns the session, the keyspace, the write clock and
 * the protocols a generated method only calls into (statement preparation, the shared write
 * timestamp, paging, streaming). Generated subclasses bind values and map rows; nothing else.
 */
public abstract class CassandraDaoBase {

  /** The placeholder generated CQL uses where the keyspace's name goes. */
  public static final String KEYSPACE_PLACEHOLDER = "{keyspace}";

  private final CqlSession session;
  private final CqlIdentifier keyspace;
  /** The stamps of recent deletes, read by saves that find no row. */
  private final CassandraDeleteMarks deleteMarks;
  private volatile StatementOptions options = StatementOptions.DEFAULTS;
  private final Map<String, CassandraIndexTable> indexTables = new ConcurrentHashMap<>();
  private final IndexProtocol<BoundStatement> indexProtocol = new IndexProtocol<>(new CassandraIndexStore(this, indexTables));

  protected CassandraDaoBase(CqlSession session, String keyspace) {
    this(session, keyspace, WriteClock.shared());
  }

  protected CassandraDaoBase(CqlSession session, String keyspace, WriteClock clock) {
    this.session = Objects.requireNonNull(session, "session");
    Objects.requireNonNull(keyspace, "keyspace");
    if (keyspace.isBlank()) {
      throw new IllegalArgumentException("keyspace name is blank");
    }
    this.keyspace = CqlIdentifier.fromInternal(keyspace);
    indexProtocol.clock(clock);
    this.deleteMarks = new CassandraDeleteMarks(this);
  }

  /**
   * Gives this DAO instance a clock of its own (by default the one shared by the class loader), as
   * an application instance on another machine has: see {@link WriteClock#skewed}.
   */
  public final void setWriteClock(WriteClock clock) {
    indexProtocol.clock(clock);
  }

  /**
   * The options every statement of this DAO carries unless it sets them itself (by default {@link
   * StatementOptions#DEFAULTS}: {@code LOCAL_QUORUM}, {@code LOCAL_SERIAL}). A DAO is cheap to
   * build (statements are prepared once per session), so a second instance with other options
   * serves calls that need them.
   */
  public final void setStatementOptions(StatementOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  public final StatementOptions statementOptions() {
    return options;
  }

  /** This DAO takes {@code from}'s clock, repair grace, write observer and list limit (its statement options stay its own). */
  protected final void copySettingsFrom(CassandraDaoBase from) {
    indexProtocol.clock(from.indexProtocol.clock());
    indexProtocol.repairGrace(from.indexProtocol.repairGrace());
    indexProtocol.observer(from.indexProtocol.observer());
    listLimit.set(from.listLimit.max());
  }

  private final io.denorm.ListLimit listLimit = new io.denorm.ListLimit();

  /** See {@link io.denorm.ListLimit}: the most rows a List finder of this DAO reads (default 100,000). */
  public final void setMaxListRows(int rows) {
    listLimit.set(rows);
  }

  /** Fails once {@code rows} exceeds this DAO's {@link #setMaxListRows limit} for a List finder of {@code statement}. */
  private void requireListable(int rows, com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    if (rows > listLimit.max()) {
      listLimit.require(rows, statement instanceof BoundStatement b ? b.getPreparedStatement().getQuery() : String.valueOf(statement));
    }
  }

  /** Sends {@code statement} with this DAO's options: every statement of the DAO and its stores goes through here. */
  public final CompletionStage<AsyncResultSet> executeAsync(com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    return session.executeAsync(options.applyTo(statement));
  }

  public final com.datastax.oss.driver.api.core.cql.ResultSet execute(com.datastax.oss.driver.api.core.cql.Statement<?> statement) {
    return session.execute(options.applyTo(statement));
  }

  /** The level of this DAO's serial reads: its serial consistency, {@code LOCAL_SERIAL} when that is left to the session. */
  final com.datastax.oss.driver.api.core.ConsistencyLevel serialConsistency() {
    StatementOptions o = options;
    return o.serialConsistency() != null ? o.serialConsistency() : com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_SERIAL;
  }

  /** The clock this DAO stamps its writes with. */
  final WriteClock clock() {
    return indexProtocol.clock();
  }

  public final CqlSession session() {
    return session;
  }

  public final CqlIdentifier keyspace() {
    return keyspace;
  }

  /**
   * A statement prepared once, on first use. {@code cqlTemplate} names tables as {@code
   * {keyspace}.table}; the keyspace is inserted as a quoted identifier, never a value.
   */
  protected final PreparedCql prepare(String cqlTemplate) {
    if (!cqlTemplate.contains(KEYSPACE_PLACEHOLDER)) {
      throw new IllegalArgumentException("CQL template names no keyspace: " + cqlTemplate);
    }
    return new PreparedCql(session, cqlTemplate.replace(KEYSPACE_PLACEHOLDER, keyspace.asCql(true)));
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
   * A page of a bucket walk ({@link io.denorm.BucketWalk}): {@code buckets} selects the parent's
   * bucket numbers from the bucket table between two bounds, in walk order; the walk's buckets lie
   * in {@code [lowest, highest]}, newest first unless {@code ascending}; then {@code bucket}'s rows,
   * bucket after bucket. The bucket list is read lazily, and a resumed walk lists buckets from its
   * cursor's on.
   */
  protected final <T> io.denorm.Page<T> bucketPage(java.util.function.BiFunction<Long, Long, BoundStatement> buckets, long lowest, long highest,
      boolean ascending, java.util.function.LongFunction<BoundStatement> bucket, Function<Row, T> mapper, io.denorm.PageRequest request) {
    return io.denorm.BucketWalk.page(from -> bucketsOf(buckets.apply(from != null && ascending ? Math.max(lowest, from) : lowest,
            from != null && !ascending ? Math.min(highest, from) : highest)),
        (b, r) -> page(bucket.apply(b), mapper, r), request);
  }

  /** Every row of a bucket walk, in walk order. */
  protected final <T> List<T> bucketList(java.util.function.BiFunction<Long, Long, BoundStatement> buckets, long lowest, long highest,
      java.util.function.LongFunction<BoundStatement> bucket, Function<Row, T> mapper) {
    return io.denorm.BucketWalk.list(bucketsOf(buckets.apply(lowest, highest)), b -> list(bucket.apply(b), mapper));
  }

  /** The bucket numbers {@code select} returns, read as they are iterated (the driver pages them). */
  private java.util.Iterator<Long> bucketsOf(BoundStatement select) {
    java.util.Iterator<Row> rows = execute(select).iterator();
    return new java.util.Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Long next() {
        return rows.next().getLong(0);
      }
    };
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

  /** Binds {@code values} to {@code ps} in order, each by the CQL type of its marker. */
  protected final BoundStatement bindValues(PreparedStatement ps, List<Object> values) {
    return GenericBinding.bind(session.getContext().getCodecRegistry(), ps.boundStatementBuilder(), ps, 0, values).build();
  }

  /** Looks up a master row by its primary key values (as index rows hold them). */
  protected final <E> Function<List<Object>, CompletionStage<Optional<E>>> masterLookup(PreparedCql selectByKey, Function<Row, E> mapper) {
    return key -> selectByKey.async().thenCompose(ps -> oneAsync(bindValues(ps, key), mapper));
  }

  /**
   * An indexed save: claims unique rows, writes the new index entries, the master row, then removes
   * the entries the previous state had, all at {@code ts}.
   */
  protected final <E> CompletionStage<Void> saveIndexedAsync(E entity, long ts, CompletionStage<Stamped<E>> previous,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<BoundStatement>> masterWrite) {
    return indexProtocol.saveAbove(entity, ts, previous, entries, stamp -> masterWrite.get());
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

  protected final <E> boolean deleteIndexed(long ts, CompletionStage<Stamped<E>> current,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<BoundStatement>> masterDelete) {
    return join(deleteIndexedAsync(ts, current, entries, masterDelete));
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

  protected final <E> boolean deleteVersioned(String entityName, List<Object> key, long expected,
      Supplier<CompletionStage<Optional<E>>> stored, ToLongFunction<E> versionOf, Function<E, List<IndexEntry>> entries,
      LongFunction<CompletionStage<BoundStatement>> deleteIfVersion) {
    return join(deleteVersionedAsync(entityName, key, expected, stored, versionOf, entries, deleteIfVersion));
  }

  /** Runs a lightweight transaction (no client timestamp: Paxos orders it); completes with whether it applied. */
  private CompletionStage<Boolean> applied(BoundStatement conditional) {
    return executeAsync(conditional).thenApply(AsyncResultSet::wasApplied);
  }

  /**
   * An application-side join: the rows of another table whose one-column key is among {@code ids},
   * by id, in the order of {@code ids}. {@code selectIn} reads that table {@code WHERE key IN ?};
   * each request carries up to {@link io.denorm.References#BATCH} ids, a few requests in flight.
   */
  protected final <T> CompletionStage<Map<Object, T>> referencesAsync(List<Object> ids, PreparedCql selectIn, Function<Row, T> mapper) {
    return io.denorm.References.fetch(ids, batch -> selectIn.async()
        .thenCompose(ps -> executeAsync(ps.bind(batch)))
        .thenCompose(rs -> allRows(rs, new ArrayList<>()))
        .thenApply(rows -> {
          Map<Object, T> byId = new java.util.HashMap<>();
          rows.forEach(row -> byId.put(row.getObject(0), mapper.apply(row)));
          return byId;
        }));
  }

  protected final <T> Map<Object, T> references(List<Object> ids, PreparedCql selectIn, Function<Row, T> mapper) {
    return join(referencesAsync(ids, selectIn, mapper));
  }

  /** Every master row an index query points at and that still matches, in index order. */
  protected final <E> CompletionStage<List<E>> indexListAsync(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return executeAsync(indexSelect)
        .thenCompose(rs -> allRows(rs, new ArrayList<>(), indexSelect))
        .thenCompose(rows -> indexProtocol.resolve(hits(table, rows), masterByKey, entries));
  }

  protected final <E> List<E> indexList(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return join(indexListAsync(indexSelect, table, masterByKey, entries));
  }

  /** The first master row an index query points at that still matches, reading the index {@value #INDEX_BATCH} rows at a time. */
  protected final <E> CompletionStage<Optional<E>> indexOneAsync(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return io.denorm.Bounded.firstOfPages(request -> indexPageAsync(indexSelect, table, masterByKey, entries, request), PageRequest.ofSize(INDEX_BATCH));
  }

  protected final <E> Optional<E> indexOne(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return join(indexOneAsync(indexSelect, table, masterByKey, entries));
  }

  /**
   * A lazy stream over an index query: index rows are read page by page and resolved to master rows
   * in batches of {@value #INDEX_BATCH}, each batch's master reads in parallel.
   */
  protected final <E> Stream<E> indexStream(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return io.denorm.Bounded.batches(execute(indexSelect).iterator(), INDEX_BATCH,
        batch -> join(indexProtocol.resolve(hits(table, batch), masterByKey, entries)));
  }

  /**
   * {@code findIdsBy…}: the master ids (the first master key column) of the index rows of {@code
   * indexSelect}, in index order, read page by page as the stream is consumed; each batch of
   * {@value #INDEX_BATCH} is checked against the master rows it points at (read in parallel), and
   * rows whose master no longer needs them are left out and repaired.
   */
  protected final <K, E> Stream<K> indexIdStream(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return io.denorm.Bounded.batches(execute(indexSelect).iterator(), INDEX_BATCH,
        batch -> join(indexProtocol.checked(hits(table, batch), masterByKey, entries)).stream().map(CassandraDaoBase::<K>idOf).toList());
  }

  /** {@link #indexIdStream}, all of it. */
  protected final <K, E> List<K> indexIdList(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    List<Row> rows = new ArrayList<>();
    for (Row row : execute(indexSelect)) {
      rows.add(row);
      requireListable(rows.size(), indexSelect);
    }
    return join(indexProtocol.checked(hits(table, rows), masterByKey, entries)).stream().map(CassandraDaoBase::<K>idOf).toList();
  }

  @SuppressWarnings("unchecked")
  private static <K> K idOf(IndexHit hit) {
    return (K) hit.entry().masterKey().get(0);
  }

  /**
   * One page of an index query: a page of index rows resolved to master rows. Stale rows are left
   * out, so a page can hold fewer entities than its size while more pages follow.
   */
  protected final <E> CompletionStage<Page<E>> indexPageAsync(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries, PageRequest request) {
    return pageAsync(indexSelect, row -> row, request).thenCompose(page ->
        indexProtocol.resolve(hits(table, page.content()), masterByKey, entries)
            .thenApply(content -> new Page<>(content, page.nextCursor())));
  }

  protected final <E> Page<E> indexPage(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries, PageRequest request) {
    return join(indexPageAsync(indexSelect, table, masterByKey, entries, request));
  }

  private static List<IndexHit> hits(CassandraIndexTable table, List<Row> rows) {
    List<IndexHit> hits = new ArrayList<>(rows.size());
    rows.forEach(row -> hits.add(table.hit(row)));
    return hits;
  }

  /** Reads every row of every page of {@code rs}. */
  static CompletionStage<List<Row>> allRows(AsyncResultSet rs, List<Row> into) {
    rs.currentPage().forEach(into::add);
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> allRows(next, into)) : CompletableFuture.completedFuture(into);
  }

  /** As above, for a List finder: fails once more rows than {@link #setMaxListRows} were read. */
  private CompletionStage<List<Row>> allRows(AsyncResultSet rs, List<Row> into, BoundStatement statement) {
    rs.currentPage().forEach(into::add);
    requireListable(into.size(), statement);
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> allRows(next, into, statement)) : CompletableFuture.completedFuture(into);
  }

  /** Index rows resolved per batch by {@link #indexStream}. */
  public static final int INDEX_BATCH = 64;

  // ---- writes ---------------------------------------------------------------------------------

  /** Runs a write at {@code writeTimestamp}. Such a write is idempotent, so the driver may retry it. */
  protected final void write(BoundStatement statement, long writeTimestamp) {
    execute(asWrite(statement, writeTimestamp));
  }

  protected final CompletionStage<Void> writeAsync(BoundStatement statement, long writeTimestamp) {
    return executeAsync(asWrite(statement, writeTimestamp)).thenApply(rs -> null);
  }

  private static BoundStatement asWrite(BoundStatement statement, long writeTimestamp) {
    return statement.setQueryTimestamp(writeTimestamp).setIdempotent(true);
  }

  // ---- reads ----------------------------------------------------------------------------------

  protected final <T> Optional<T> one(BoundStatement statement, Function<Row, T> mapper) {
    Row row = execute(statement).one();
    return row == null ? Optional.empty() : Optional.of(mapper.apply(row));
  }

  /** {@code countBy…} served by the table it selects from: the one row of a {@code SELECT COUNT(*)}, counted by the server. */
  protected final CompletionStage<Long> countAsync(BoundStatement countSelect) {
    return executeAsync(countSelect).thenApply(rs -> rs.one().getLong(0));
  }

  protected final long count(BoundStatement countSelect) {
    return join(countAsync(countSelect));
  }

  /**
   * {@code countBy…} served by an index table: its rows are read a page at a time and each checked
   * against the master row it points at, as a finder does; rows whose master no longer matches are
   * not counted (and are repaired).
   */
  protected final <E> CompletionStage<Long> indexCountAsync(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return io.denorm.Bounded.countOfPages(request -> indexPageAsync(indexSelect, table, masterByKey, entries, request), PageRequest.ofSize(INDEX_BATCH));
  }

  protected final <E> long indexCount(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return join(indexCountAsync(indexSelect, table, masterByKey, entries));
  }

  protected final boolean exists(BoundStatement statement) {
    return execute(statement).one() != null;
  }

  protected final CompletionStage<Boolean> existsAsync(BoundStatement statement) {
    return executeAsync(statement).thenApply(rs -> rs.one() != null);
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

  protected final <T> CompletionStage<Optional<T>> oneAsync(BoundStatement statement, Function<Row, T> mapper) {
    return executeAsync(statement).thenApply(rs -> {
      Row row = rs.one();
      return row == null ? Optional.<T>empty() : Optional.of(mapper.apply(row));
    });
  }

  /** Every row, all pages read before returning. */
  protected final <T> List<T> list(BoundStatement statement, Function<Row, T> mapper) {
    List<T> rows = new ArrayList<>();
    for (Row row : execute(statement)) {
      rows.add(mapper.apply(row));
      requireListable(rows.size(), statement);
    }
    return rows;
  }

  protected final <T> CompletionStage<List<T>> listAsync(BoundStatement statement, Function<Row, T> mapper) {
    List<T> rows = new ArrayList<>();
    return executeAsync(statement).thenCompose(rs -> collect(rs, mapper, rows, statement));
  }

  private <T> CompletionStage<List<T>> collect(AsyncResultSet rs, Function<Row, T> mapper, List<T> into, BoundStatement statement) {
    for (Row row : rs.currentPage()) {
      into.add(mapper.apply(row));
    }
    requireListable(into.size(), statement);
    if (rs.hasMorePages()) {
      return rs.fetchNextPage().thenCompose(next -> collect(next, mapper, into, statement));
    }
    return CompletableFuture.completedFuture(into);
  }

  /**
   * A lazy stream: pages are fetched as the stream is consumed, so a large partition is never held
   * in memory whole. Close the stream (try-with-resources) when it is not read to the end.
   */
  protected final <T> Stream<T> stream(BoundStatement statement, Function<Row, T> mapper) {
    ResultSet rs = execute(statement);
    return StreamSupport.stream(rs.spliterator(), false).map(mapper);
  }

  /** One page of at most {@code request.size()} rows, resuming after the request's cursor. */
  protected final <T> Page<T> page(BoundStatement statement, Function<Row, T> mapper, PageRequest request) {
    return join(pageAsync(statement, mapper, request));
  }

  protected final <T> CompletionStage<Page<T>> pageAsync(BoundStatement statement, Function<Row, T> mapper, PageRequest request) {
    Objects.requireNonNull(request, "page request");
    BoundStatement paged = statement.setPageSize(request.size());
    if (request.cursor() != null) {
      PagingState state;
      try {
        state = PagingState.fromString(request.cursor());
        paged = paged.setPagingState(state, session);
      } catch (IllegalArgumentException e) {
        throw new InvalidCursorException("page cursor does not belong to this query: " + e.getMessage(), e);
      }
    }
    return executeAsync(paged).thenApply(rs -> {
      List<T> content = new ArrayList<>(rs.remaining());
      for (Row row : rs.currentPage()) {
        content.add(mapper.apply(row));
      }
      String next = null;
      if (rs.hasMorePages()) {
        PagingState nextState = rs.getExecutionInfo().getSafePagingState();
        next = nextState == null ? null : nextState.toString();
      }
      return new Page<>(content, next);
    });
  }

  // ---- futures --------------------------------------------------------------------------------

  /** Waits for {@code stage}, rethrowing the driver's or Denorm's own exception as it was. */
  protected static <T> T join(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while waiting for Cassandra", e);
    } catch (ExecutionException e) {
      throw unwrap(e.getCause());
    }
  }

  private static RuntimeException unwrap(Throwable cause) {
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof DriverException driver) {
      // Keep the caller's stack in the trace, as the driver's own sync methods do.
      return driver.copy();
    }
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new DenormException(String.valueOf(cause), cause);
  }
}
