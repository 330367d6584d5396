package io.denorm.hbase;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.index.Stamped;
import io.denorm.key.RowKeyCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.ScanResultConsumer;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * The table side of every generated HBase DAO ({@link HBaseDaoBase}, through {@link
 * HBaseReadBase}): the connection and its table handles, the master table's row keys and key
 * ranges, a master row read by its key, the scans of a key range across salt buckets (in key order,
 * as lists, lazy streams or pages, or counted), the list limit, and the wait for HBase's futures.
 *
 * @param <E> the entity
 */
public abstract class HBaseTableAccess<E> {

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

  final AsyncConnection connection;
  final String namespace;
  final String entity;
  final TableName master;
  final RowKeyCodec key;
  final KeySalt salt;
  final byte[][] qualifiers;
  /** The mapper's reader of master rows: the key's components read straight from its bytes. */
  private final RowReader<E> fromRow;
  /** The mapper's typed encoder of save keys, or null: then the codec's list path. */
  private java.util.function.Function<E, byte[]> rowKeyOf;
  private final Map<TableName, AsyncTable<ScanResultConsumer>> tables = new ConcurrentHashMap<>();
  private volatile io.denorm.Attributes attributes = io.denorm.Attributes.none();

  /** See {@link HBaseDaoBase}'s constructors. */
  HBaseTableAccess(AsyncConnection connection, String namespace, String entity, String table, RowKeyCodec key, KeySalt salt,
      List<String> columns, RowReader<E> fromRow) {
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
    this.fromRow = Objects.requireNonNull(fromRow, "fromRow");
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
    return tables.computeIfAbsent(name, this::open);
  }

  /** A table handle with this DAO's timeout, if it has one, for single operations and for each scan call. */
  private AsyncTable<ScanResultConsumer> open(TableName name) {
    java.time.Duration timeout = attributes.timeout();
    if (timeout == null) {
      return connection.getTable(name, CALLBACKS);
    }
    long nanos = timeout.toNanos();
    return connection.getTableBuilder(name, CALLBACKS)
        .setOperationTimeout(nanos, java.util.concurrent.TimeUnit.NANOSECONDS)
        .setScanTimeout(nanos, java.util.concurrent.TimeUnit.NANOSECONDS)
        .setRpcTimeout(nanos, java.util.concurrent.TimeUnit.NANOSECONDS)
        .build();
  }

  /**
   * The statement attributes of this DAO instance ({@link io.denorm.Attributes}: its timeout and
   * durability; the Cassandra ones are ignored). Set by the generated constructor ({@code
   * @StatementAttributes}) and by {@code withAttributes}; table handles opened before are dropped.
   */
  public final void setAttributes(io.denorm.Attributes attributes) {
    Objects.requireNonNull(attributes, "attributes");
    io.denorm.Expiry next = expiry.with(attributes, entity); // checked before anything changes
    if (attributes.writeTime() != null) {
      writeTimeFrom(attributes.writeTime());
    }
    this.expiry = next;
    // without its write time: an instance derived from this one shares the clock started here
    this.attributes = attributes.withoutWriteTime();
    tables.clear();
  }

  /** Stamps this DAO's writes from {@code time} on ({@link io.denorm.Attributes#withWriteTime}); refused where the DAO has no clock. */
  void writeTimeFrom(java.time.Instant time) {
    throw new IllegalArgumentException(entity + ": this DAO takes no write time");
  }

  /** The lifetime of this DAO's saves ({@link io.denorm.Expiry#NONE} unless the entity is {@code @TimeToLive}). */
  private volatile io.denorm.Expiry expiry = io.denorm.Expiry.NONE;

  /** Makes this DAO's entity an expiring one ({@code @TimeToLive}), by default after {@code defaultSeconds} (0: no expiry). */
  protected final void expiring(int defaultSeconds) {
    this.expiry = io.denorm.Expiry.after(defaultSeconds);
  }

  /**
   * {@code put}, written at cell timestamp {@code ts}, set to expire after this DAO's time to live,
   * if it has one. HBase expires a cell once its timestamp plus its TTL is below the server's time
   * in milliseconds, and Denorm's cell timestamps are microseconds: the TTL sent is the expiry
   * instant in milliseconds minus the cell timestamp (a negative number), so that the server's
   * check passes at that instant.
   */
  final org.apache.hadoop.hbase.client.Put expiring(org.apache.hadoop.hbase.client.Put put, long ts) {
    long millis = ttlMillis();
    if (millis > 0) {
      put.setTTL(System.currentTimeMillis() + millis - ts);
    }
    return put;
  }

  /**
   * The lifetime of this DAO's writes in milliseconds, whole seconds as on Cassandra (0: they do not
   * expire). A write that expires must also delete the older versions of its cells (below its
   * stamp): HBase skips an expired cell without counting it as a version, so an older version still
   * in another store file would be read again once the newer one expired.
   */
  final long ttlMillis() {
    return expiry.seconds() * 1000L;
  }

  public final io.denorm.Attributes attributes() {
    return attributes;
  }

  /** The mutations {@code parts} of {@code row} as one atomic row mutation, each with this DAO's durability. */
  final org.apache.hadoop.hbase.client.RowMutations mutations(byte[] row, org.apache.hadoop.hbase.client.Mutation... parts) {
    try {
      org.apache.hadoop.hbase.client.RowMutations mutations = new org.apache.hadoop.hbase.client.RowMutations(row, parts.length);
      for (org.apache.hadoop.hbase.client.Mutation m : parts) {
        mutations.add(durable(m));
      }
      return mutations;
    } catch (java.io.IOException e) {
      throw new IllegalStateException("a mutation of another row: " + e.getMessage(), e);
    }
  }

  /** {@code mutation} with this DAO's durability, if it has one. */
  final <M extends org.apache.hadoop.hbase.client.Mutation> M durable(M mutation) {
    io.denorm.Attributes.Durability d = attributes.durability();
    if (d != null) {
      mutation.setDurability(org.apache.hadoop.hbase.client.Durability.valueOf(d.name()));
    }
    return mutation;
  }

  // ---- reads ----------------------------------------------------------------------------------

  protected final Optional<E> get(List<Object> keyValues) {
    return join(getAsync(keyValues));
  }

  protected final CompletionStage<Optional<E>> getAsync(List<Object> keyValues) {
    return getAsync(rowKey(keyValues));
  }

  final CompletionStage<Optional<E>> getAsync(byte[] row) {
    return table(master).get(new Get(row).addFamily(FAMILY)).thenApply(r -> Optional.ofNullable(fromResult(r)));
  }

  /** The master row key of the key values {@code keyValues} (stored form), salt byte included. */
  final byte[] rowKey(List<?> keyValues) {
    return salt.row(key, keyValues, entity);
  }

  /**
   * The row's state with the newest timestamp among its cells: what a save or a delete is stamped
   * above. When there is no row, the row is scanned raw for what a delete left (its delete marker
   * keeps the delete's stamp until a major compaction drops both): a save after a delete stamped by
   * a clock ahead of this one's is then stamped above it, not hidden by it.
   */
  final CompletionStage<Stamped<E>> getStampedAsync(byte[] row) {
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
    return HBaseRows.entity(r, salt, qualifiers, fromRow);
  }

  /**
   * Encodes the master keys of saves with the mapper's typed {@code rowKey} (unsalted tables: a
   * salted key takes the list path, which computes the salt byte); called by the generated
   * constructor.
   */
  protected final void typedKeys(java.util.function.Function<E, byte[]> rowKey) {
    this.rowKeyOf = salt.salted() ? null : Objects.requireNonNull(rowKey, "rowKey");
  }

  /** The master row key of {@code e} by the mapper's typed {@code rowKey}, or null when the list path encodes it. */
  final byte[] typedRowKey(E e) {
    return rowKeyOf == null ? null : rowKeyOf.apply(e);
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
      return table(table).scanAll(SaltedScans.scan(parts.get(0), limit, SaltedScans.resumeIn(salt, range, resumeAfter), reversed));
    }
    List<CompletableFuture<List<Result>>> scans = new ArrayList<>(parts.size());
    for (int b = 0; b < parts.size(); b++) {
      byte[] resume = resumeAfter == null ? null : KeySalt.inBucket(b, resumeAfter);
      scans.add(table(table).scanAll(SaltedScans.scan(parts.get(b), limit, resume, reversed)));
    }
    return SaltedScans.merged(scans, salt, reversed).thenApply(merged -> limit > 0 && merged.size() > limit ? merged.subList(0, limit) : merged);
  }

  /**
   * The rows of {@code range}'s buckets in key order, scanned at once until together they have
   * passed {@code budget} rows: then every scan stops, and the caller finds more than it may hold.
   */
  final CompletionStage<List<Result>> scanShared(TableName table, KeySalt salt, KeyRange range, int budget, boolean reversed) {
    List<KeyRange> parts = salt.ranges(range);
    java.util.concurrent.atomic.AtomicInteger held = new java.util.concurrent.atomic.AtomicInteger();
    List<CompletableFuture<List<Result>>> scans = new ArrayList<>(parts.size());
    for (KeyRange part : parts) {
      CompletableFuture<List<Result>> done = new CompletableFuture<>();
      List<Result> rows = new ArrayList<>();
      table(table).scan(SaltedScans.scan(part, budget, null, reversed), new org.apache.hadoop.hbase.client.ScanResultConsumer() {
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
    return SaltedScans.merged(scans, salt, reversed);
  }

  final io.denorm.ListLimit listLimit = new io.denorm.ListLimit();

  /** See {@link io.denorm.ListLimit}: the most rows a List finder of this DAO reads (default 100,000). */
  public final void setMaxListRows(int rows) {
    listLimit.set(rows);
  }

  final int listLimit(int limit) {
    return listLimit.readLimit(limit);
  }

  /** {@code results}, unless they are more than this DAO's maximum for a List finder over {@code table}. */
  final List<Result> listable(List<Result> results, TableName table) {
    listLimit.require(results.size(), entity + ", table " + table.getNameAsString());
    return results;
  }

  /** The rows {@code scan} finds in {@code table} that {@code counted} accepts, counted as they stream by (none held). */
  final CompletionStage<Long> countRows(TableName table, Scan scan, java.util.function.Predicate<Result> counted) {
    CompletableFuture<Long> done = new CompletableFuture<>();
    java.util.concurrent.atomic.AtomicLong rows = new java.util.concurrent.atomic.AtomicLong();
    table(table).scan(scan, new ScanResultConsumer() {
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

  /**
   * {@code countBy…} served by the master table: the rows of {@code range}, counted by key-only
   * scans (one per salt bucket, at once) that bring back one cell per row.
   */
  protected final CompletionStage<Long> countAsync(KeyRange range) {
    return keyOnlyCount(range, 0);
  }

  /**
   * {@code existsBy…} served by the master table: whether {@code range} holds a row, by key-only
   * scans of at most one row per salt bucket (at once).
   */
  protected final CompletionStage<Boolean> existsAsync(KeyRange range) {
    return keyOnlyCount(range, 1).thenApply(rows -> rows > 0);
  }

  /** The rows of {@code range} (at most {@code limit} per salt bucket; 0: all), by key-only scans that bring back one cell per row. */
  private CompletionStage<Long> keyOnlyCount(KeyRange range, int limit) {
    if (range.isEmpty()) {
      return CompletableFuture.completedFuture(0L);
    }
    List<CompletableFuture<Long>> parts = new ArrayList<>();
    for (KeyRange part : salt.ranges(range)) {
      Scan scan = SaltedScans.scan(part, limit, null, false).setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
      parts.add(countRows(master, scan, r -> true).toCompletableFuture());
    }
    return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]))
        .thenApply(done -> parts.stream().mapToLong(CompletableFuture::join).sum());
  }

  protected final long count(KeyRange range) {
    return join(countAsync(range));
  }

  /**
   * The rows of {@code range} as a lazy stream in key order. Over every bucket of a salted table,
   * one scanner per bucket prefetches in the background and the heads are merged.
   */
  final Stream<Result> rows(TableName table, KeySalt salt, KeyRange range, int limit) {
    if (range.isEmpty()) {
      return Stream.empty();
    }
    List<KeyRange> parts = salt.ranges(range);
    List<ResultScanner> scanners = new ArrayList<>(parts.size());
    for (KeyRange part : parts) {
      scanners.add(table(table).getScanner(SaltedScans.scan(part, limit, null, false)));
    }
    Runnable closeAll = () -> scanners.forEach(ResultScanner::close);
    if (scanners.size() == 1) {
      return StreamSupport.stream(scanners.get(0).spliterator(), false).onClose(closeAll);
    }
    Iterator<Result> merged = new SaltedScans.MergedRows(scanners, salt);
    Stream<Result> out = StreamSupport.stream(Spliterators.spliteratorUnknownSize(merged, Spliterator.ORDERED | Spliterator.NONNULL), false);
    return (limit > 0 ? out.limit(limit) : out).onClose(closeAll);
  }

  /** One page of the rows of {@code range} in {@code table}, resuming after the request's cursor. */
  final CompletionStage<Page<Result>> rawPage(TableName table, KeySalt salt, KeyRange range, PageRequest request) {
    return rawPage(table, salt, range, request, false);
  }

  final CompletionStage<Page<Result>> rawPage(TableName table, KeySalt salt, KeyRange range, PageRequest request, boolean reversed) {
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

  // ---- futures --------------------------------------------------------------------------------

  /** Waits for {@code stage}, rethrowing Denorm's own exceptions as they were. */
  protected static <T> T join(CompletionStage<T> stage) {
    return io.denorm.Futures.join(stage, "HBase", "HBase: ", e -> e);
  }
}
