package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexProtocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The reads a generated finder served by an index table calls into ({@link CassandraDaoBase}): the
 * index rows of a query resolved to the master rows that still need them, as lists, single rows,
 * lazy streams, pages, ids or counts; rows whose master no longer needs them are left out and
 * repaired by the DAO's index protocol.
 */
public abstract class CassandraIndexReads extends CassandraReadBase {

  /** See {@link CassandraDaoBase}'s constructors. */
  CassandraIndexReads(CqlSession session, String keyspace) {
    super(session, keyspace);
  }

  /** The protocol that resolves index rows against their masters and repairs the stale ones. */
  abstract IndexProtocol<?> readProtocol();

  /** Every master row an index query points at and that still matches, in index order. */
  protected final <E> CompletionStage<List<E>> indexListAsync(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return executeAsync(indexSelect)
        .thenCompose(rs -> allRows(rs, new ArrayList<>(), indexSelect))
        .thenCompose(rows -> resolve(table, rows, masterByKey, entries));
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
        batch -> join(resolve(table, batch, masterByKey, entries)));
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
        batch -> join(readProtocol().checked(hits(table, batch), masterByKey, entries)).stream().map(CassandraIndexReads::<K>idOf).toList());
  }

  /** {@link #indexIdStream}, all of it. */
  protected final <K, E> List<K> indexIdList(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    List<Row> rows = new ArrayList<>();
    for (Row row : execute(indexSelect)) {
      rows.add(row);
      requireListable(rows.size(), indexSelect);
    }
    return join(readProtocol().checked(hits(table, rows), masterByKey, entries)).stream().map(CassandraIndexReads::<K>idOf).toList();
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
        resolve(table, page.content(), masterByKey, entries)
            .thenApply(content -> new Page<>(content, page.nextCursor())));
  }

  protected final <E> Page<E> indexPage(BoundStatement indexSelect, CassandraIndexTable table,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries, PageRequest request) {
    return join(indexPageAsync(indexSelect, table, masterByKey, entries, request));
  }

  /**
   * Index rows resolved to the master rows that still need them: on a covering index whose rows
   * are all verified, the entities the rows hold, with nothing read; else hit by hit (see {@link
   * IndexProtocol#resolve}).
   */
  private <E> CompletionStage<List<E>> resolve(CassandraIndexTable table, List<Row> rows,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    List<E> trusted = table.trustedEntities(rows);
    if (trusted != null) {
      readProtocol().countTrusted(rows.size());
      return java.util.concurrent.CompletableFuture.completedFuture(trusted);
    }
    return readProtocol().resolve(hits(table, rows), masterByKey, entries);
  }

  private static List<IndexHit> hits(CassandraIndexTable table, List<Row> rows) {
    List<IndexHit> hits = new ArrayList<>(rows.size());
    rows.forEach(row -> hits.add(table.finderHit(row)));
    return hits;
  }

  /** Index rows resolved per batch by {@link #indexStream}. */
  public static final int INDEX_BATCH = 64;

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
}
