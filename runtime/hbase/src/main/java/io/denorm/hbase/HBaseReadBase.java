package io.denorm.hbase;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.WriteClock;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexProtocol;
import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;

/**
 * The finders of every generated HBase DAO ({@link HBaseDaoBase}): the master rows of a key range
 * (lists, first and last rows, lazy streams, pages, whether there is one) and the rows found
 * through index tables, each checked against its master row by the DAO's {@link IndexProtocol},
 * which this class holds with the index tables and the write clock; and the master table's scans
 * by region ({@link io.denorm.ScannableDao}).
 *
 * @param <E> the entity
 */
public abstract class HBaseReadBase<E> extends HBaseTableAccess<E> implements io.denorm.ScannableDao<E> {

  final Function<E, List<IndexEntry>> entries;
  final Map<String, HBaseIndexTable> indexTables = new LinkedHashMap<>();
  final HBaseIndexStore store;
  final IndexProtocol<RowMutations> protocol;

  /** See {@link HBaseDaoBase}'s constructors. */
  HBaseReadBase(AsyncConnection connection, String namespace, String entity, String table, RowKeyCodec key, KeySalt salt,
      List<String> columns, RowReader<E> fromRow, Function<E, List<IndexEntry>> entries) {
    super(connection, namespace, entity, table, key, salt, columns, fromRow);
    this.entries = entries;
    this.store = new HBaseIndexStore(this, indexTables);
    this.protocol = new IndexProtocol<>(store);
    this.protocol.masters(k -> getAsync(rowKey(k)), entries);
  }

  /** The clock this DAO stamps its writes with. */
  final WriteClock clock() {
    return protocol.clock();
  }

  private boolean plainWrites;

  /** Called by the generated constructor of an entity whose saves and deletes write its row alone: it may be given write times. */
  protected final void plainWrites() {
    plainWrites = true;
  }

  @Override
  final void writeTimeFrom(java.time.Instant time) {
    if (!plainWrites) {
      throw new IllegalArgumentException(entity + ": a caller-given write time (Attributes.withWriteTime) is for entities whose save writes"
          + " their row alone; this one's saves keep other rows, stamped above the state they replace");
    }
    protocol.clock(WriteClock.startingAt(time));
  }

  /**
   * Gives this DAO instance a clock of its own (by default the one shared by the class loader), as
   * an application instance on another machine has: see {@link WriteClock#skewed}.
   */
  public final void setWriteClock(WriteClock clock) {
    protocol.clock(clock);
  }

  /** The rows of {@code range}, at most {@code limit} (0: all). */
  protected final CompletionStage<List<E>> listAsync(KeyRange range, int limit) {
    return listAsync(range, limit, false);
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
        batch -> join(protocol.checked(batch, masters, entries)).stream().map(HBaseReadBase::<K>idOf).toList());
    return ids.onClose(scanned::close);
  }

  @SuppressWarnings("unchecked")
  private static <K> K idOf(IndexHit hit) {
    return (K) hit.entry().masterKey().get(0);
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

  /** The master table read whole, one segment per region. */
  protected final List<io.denorm.index.IndexScans.Segment<E>> masterSegments() {
    return new HBaseScans<>(this, Map.of()).master();
  }

  @Override
  public final List<io.denorm.index.IndexScans.Segment<E>> scanSegments(int segments) {
    if (segments < 1) {
      throw new IllegalArgumentException("segments must be at least 1");
    }
    return new HBaseScans<>(this, Map.of()).master(segments);
  }

  @Override
  public final io.denorm.index.IndexScans.Segment<E> scanSegment(String range) {
    return new HBaseScans<>(this, Map.of()).masterSegment(range);
  }
}
