package io.denorm.hbase;

import io.denorm.BulkWriteException;
import io.denorm.Futures;
import io.denorm.write.BulkWrites;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Row;

/**
 * The multi-row batches of a {@code saveAll} whose entities are each one row mutation: {@value
 * #BATCH_ROWS} rows per {@code AsyncTable.batch} call (which the client splits into one RPC per
 * region server), {@value #BATCHES_IN_FLIGHT} calls in flight. A row that fails is recorded with
 * its position; the others are written.
 */
final class HBaseBatches {

  /** Rows per batch, and how many batches are in flight. */
  static final int BATCH_ROWS = 1_000;
  static final int BATCHES_IN_FLIGHT = 4;

  private HBaseBatches() {}

  /**
   * Sends {@code rows} ({@code rows.get(i)} the mutation of {@code entities.get(i)}); completes when
   * every row has, failing with a {@link BulkWriteException} naming the rows that failed.
   */
  static <E> CompletionStage<Void> send(AsyncTable<?> table, String entity, String operation, List<E> entities, List<Row> rows,
      Function<? super E, List<Object>> keyOf) {
    List<Integer> batches = new ArrayList<>();
    for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
      batches.add(from);
    }
    List<BulkWriteException.Failure> failures = Collections.synchronizedList(new ArrayList<>());
    CompletionStage<Void> sent = BulkWrites.each(entity, operation, batches, List::of, from -> {
      int to = Math.min(rows.size(), from + BATCH_ROWS);
      List<CompletableFuture<Object>> results;
      try {
        results = table.batch(rows.subList(from, to));
      } catch (RuntimeException refused) {
        // The client checks every row of a batch before sending any (a cell over its size limit
        // refuses the whole batch): the rows are sent one by one instead, so only the bad ones fail.
        results = new ArrayList<>(to - from);
        for (int position = from; position < to; position++) {
          try {
            results.add(table.batch(List.of(rows.get(position))).get(0));
          } catch (RuntimeException alone) {
            results.add(CompletableFuture.failedFuture(alone));
          }
        }
      }
      CompletableFuture<?>[] recorded = new CompletableFuture<?>[results.size()];
      for (int i = 0; i < results.size(); i++) {
        int position = from + i;
        recorded[i] = results.get(i).handle((r, error) -> {
          if (error != null) {
            failures.add(new BulkWriteException.Failure(position, keyOf.apply(entities.get(position)), Futures.unwrap(error)));
          }
          return null;
        });
      }
      return CompletableFuture.allOf(recorded);
    }, BATCHES_IN_FLIGHT);
    return sent.thenRun(() -> {
      if (!failures.isEmpty()) {
        List<BulkWriteException.Failure> failed = new ArrayList<>(failures);
        failed.sort(Comparator.comparingInt(BulkWriteException.Failure::position));
        throw new BulkWriteException(entity, operation, entities.size(), failed);
      }
    });
  }
}
