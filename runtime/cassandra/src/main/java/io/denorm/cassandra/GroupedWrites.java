package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The plain index rows of one step of the index protocol, written in one request: an unlogged
 * batch, so one round trip and one request for the server to parse, where parallel writes cost one
 * of each per row. An unlogged batch is not atomic: the coordinator applies each row as a write of
 * its own, and when the call fails any subset of the rows may have landed, exactly as with parallel
 * writes. That is all a step of the protocol assumes (the step after it starts only once every
 * write of this one is acknowledged), so grouping changes the cost of a step, not its guarantees.
 */
final class GroupedWrites {

  /**
   * Bound values per batch: well under the size at which Cassandra warns about a batch (5 KiB by
   * default, {@code batch_size_warn_threshold}).
   */
  static final int GROUP_BYTES = 2048;

  /**
   * Rows per batch: Cassandra warns about an unlogged batch over more partitions than 10 (its
   * default {@code unlogged_batch_across_partitions_warn_threshold}).
   */
  static final int GROUP_ROWS = 10;

  private GroupedWrites() {}

  /**
   * Writes {@code statements} at {@code timestamp} through {@code dao}'s options, in as few
   * unlogged batches as {@link #GROUP_ROWS} and {@link #GROUP_BYTES} allow (a statement alone, or
   * one over the byte limit, goes as a plain write), sent in parallel. Completes when every row is
   * acknowledged. The statements must set no option of their own (consistency, profile, timeout):
   * the DAO's replace them, as a batch ignores those of the statements in it.
   */
  static CompletionStage<Void> write(CassandraDaoBase<?> dao, List<BoundStatement> statements, long timestamp) {
    List<BoundStatement> rows = new ArrayList<>(statements.size());
    io.denorm.Expiry expiry = dao.expiry();
    statements.forEach(s -> rows.add(WriteStatements.withTtl(expiry, s)));
    List<List<BoundStatement>> groups = chunks(rows, BulkInserts::valueBytes, GROUP_ROWS, GROUP_BYTES);
    if (groups.size() == 1) {
      return send(dao, groups.get(0), timestamp).thenApply(r -> null);
    }
    CompletableFuture<?>[] requests = new CompletableFuture<?>[groups.size()];
    for (int g = 0; g < requests.length; g++) {
      requests[g] = send(dao, groups.get(g), timestamp);
    }
    return CompletableFuture.allOf(requests);
  }

  /**
   * {@code items} cut, in order, into runs of at most {@code maxRows} items and {@code maxBytes} of
   * {@code bytes} (an item larger than that alone); empty for no items. Shared by the grouped index
   * rows and the bulk inserts' batches.
   */
  static <T> List<List<T>> chunks(List<T> items, java.util.function.ToLongFunction<T> bytes, int maxRows, long maxBytes) {
    List<List<T>> out = new ArrayList<>();
    List<T> chunk = new ArrayList<>();
    long chunkBytes = 0;
    for (T item : items) {
      long size = bytes.applyAsLong(item);
      if (!chunk.isEmpty() && (chunk.size() == maxRows || chunkBytes + size > maxBytes)) {
        out.add(chunk);
        chunk = new ArrayList<>();
        chunkBytes = 0;
      }
      chunk.add(item);
      chunkBytes += size;
    }
    if (!chunk.isEmpty()) {
      out.add(chunk);
    }
    return out;
  }

  /** One request; one that throws instead of failing its stage fails it all the same, so the others are still waited for. */
  private static CompletableFuture<?> send(CassandraDaoBase<?> dao, List<BoundStatement> group, long timestamp) {
    try {
      if (group.size() == 1) {
        // bound by Denorm with no option of its own: built again once, with the stamp and the options
        return dao.executeAsync(dao.withOptions(new BoundStatementBuilder(group.get(0)).setQueryTimestamp(timestamp).setIdempotence(true)).build())
            .toCompletableFuture();
      }
      // The batch carries the timestamp and idempotence of the statements in it, and the DAO's options,
      // built once with all of them.
      BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
      for (BoundStatement statement : group) {
        batch.addStatement(statement);
      }
      return dao.executeAsync(dao.withOptions(batch.setQueryTimestamp(timestamp).setIdempotence(true)).build()).toCompletableFuture();
    } catch (RuntimeException unsent) {
      return CompletableFuture.failedFuture(unsent);
    }
  }
}
