package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link CassandraDaoBase#insertAllAsync}: the bulk save of an entity whose save writes its row
 * alone, as unlogged batches of one partition each.
 */
final class BulkInserts {

  private BulkInserts() {}

  /**
   * See {@link CassandraDaoBase#insertAllAsync}: every entity checked first, the last one of each
   * key kept, the rows grouped by partition and sent as unlogged batches.
   */
  static <E> CompletionStage<Void> insertAll(CassandraDaoBase<E> dao, MasterTable<E> table, Iterable<? extends E> entities,
      java.util.function.Consumer<? super E> check) {
    if (table.entries != null || table.versioned != null) {
      throw new IllegalStateException(table.entity + ": insertAllAsync is for entities whose save writes their row alone");
    }
    List<E> list = io.denorm.write.BulkWrites.checked(table.entity, entities, check);
    if (list.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> result = new CompletableFuture<>();
    table.insert.async().thenCompose(prepared -> sendBatches(dao, table, list, prepared)).whenComplete((failures, error) -> {
      if (error != null) {
        result.completeExceptionally(io.denorm.Futures.unwrap(error));
      } else if (!failures.isEmpty()) {
        result.completeExceptionally(new io.denorm.BulkWriteException(table.entity, "saveAll", list.size(), failures));
      } else {
        result.complete(null);
      }
    });
    return result;
  }

  /** The batches of {@link #insertAll}; completes with the entities not saved, by position. */
  private static <E> CompletionStage<List<io.denorm.BulkWriteException.Failure>> sendBatches(CassandraDaoBase<E> dao, MasterTable<E> table, List<E> list,
      com.datastax.oss.driver.api.core.cql.PreparedStatement prepared) {
    List<io.denorm.BulkWriteException.Failure> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    java.util.function.BiConsumer<Integer, Throwable> failed = (position, error) ->
        failures.add(new io.denorm.BulkWriteException.Failure(position, table.keyOf.apply(list.get(position)), io.denorm.Futures.unwrap(error)));
    int[] keyColumns = primaryKeyVariables(dao, prepared);
    BoundStatement[] bound = new BoundStatement[list.size()];
    Map<List<Object>, Integer> lastOfKey = new java.util.HashMap<>();
    Map<Integer, List<Integer>> replaced = new java.util.HashMap<>();
    for (int i = 0; i < list.size(); i++) {
      try {
        bound[i] = WriteStatements.asWrite(dao, table.bindAll.bind(prepared.boundStatementBuilder(), list.get(i)).build(), 0L);
      } catch (RuntimeException e) {
        failed.accept(i, e);
        continue;
      }
      Integer before = lastOfKey.put(storedKey(bound[i], keyColumns, table.keyOf.apply(list.get(i))), i);
      if (before != null) {
        bound[before] = null;
        List<Integer> earlier = replaced.computeIfAbsent(i, k -> new ArrayList<>());
        earlier.addAll(replaced.getOrDefault(before, List.of()));
        earlier.add(before);
        replaced.remove(before);
      }
    }
    Map<Object, List<Integer>> byPartition = new java.util.LinkedHashMap<>();
    for (int i = 0; i < list.size(); i++) {
      if (bound[i] != null) {
        java.nio.ByteBuffer routing = bound[i].getRoutingKey();
        byPartition.computeIfAbsent(routing == null ? (Object) i : routing, k -> new ArrayList<>()).add(i);
      }
    }
    List<int[]> batches = new ArrayList<>();
    for (List<Integer> rows : byPartition.values()) {
      for (List<Integer> batch : GroupedWrites.chunks(rows, r -> valueBytes(bound[r]), CassandraDaoBase.BATCH_ROWS, CassandraDaoBase.BATCH_BYTES)) {
        batches.add(batch.stream().mapToInt(Integer::intValue).toArray());
      }
    }
    return io.denorm.write.BulkWrites.each(table.entity, "saveAll", batches, b -> List.of(), rows -> {
      try {
        long ts = dao.nextWriteTimestamp();
        com.datastax.oss.driver.api.core.cql.Statement<?> statement;
        if (rows.length == 1) {
          statement = bound[rows[0]].setQueryTimestamp(ts);
        } else {
          List<com.datastax.oss.driver.api.core.cql.BatchableStatement<?>> inner = new ArrayList<>(rows.length);
          for (int r : rows) {
            inner.add(bound[r]);
          }
          statement = com.datastax.oss.driver.api.core.cql.BatchStatement.newInstance(com.datastax.oss.driver.api.core.cql.BatchType.UNLOGGED, inner)
              .setQueryTimestamp(ts).setIdempotent(true);
        }
        for (int r : rows) {
          bound[r] = null; // held by the statement until it is sent, no longer by the call
        }
        return dao.executeAsync(statement).handle((rs, error) -> {
          if (error != null) {
            failedRows(rows, replaced, error, failed);
          }
          return null;
        });
      } catch (RuntimeException e) {
        failedRows(rows, replaced, e, failed);
        return CompletableFuture.completedFuture(null);
      }
    }, CassandraDaoBase.BATCHES_IN_FLIGHT, false).thenApply(v -> {
      List<io.denorm.BulkWriteException.Failure> out = new ArrayList<>(failures);
      out.sort(java.util.Comparator.comparingInt(io.denorm.BulkWriteException.Failure::position));
      return out;
    });
  }

  /** Each row of a failed batch, and the entities of its key that it replaced, as not saved. */
  private static void failedRows(int[] rows, Map<Integer, List<Integer>> replaced, Throwable error,
      java.util.function.BiConsumer<Integer, Throwable> failed) {
    for (int r : rows) {
      failed.accept(r, error);
      replaced.getOrDefault(r, List.of()).forEach(earlier -> failed.accept(earlier, error));
    }
  }

  /** The positions, among the insert's bind variables, of the table's primary key columns; empty when the table is not known to the driver. */
  private static int[] primaryKeyVariables(CassandraDaoBase<?> dao, com.datastax.oss.driver.api.core.cql.PreparedStatement prepared) {
    var variables = prepared.getVariableDefinitions();
    if (variables.size() == 0) {
      return new int[0];
    }
    var table = dao.session().getMetadata().getKeyspace(variables.get(0).getKeyspace()).flatMap(k -> k.getTable(variables.get(0).getTable()));
    if (table.isEmpty()) {
      return new int[0];
    }
    return table.get().getPrimaryKey().stream().mapToInt(c -> variables.firstIndexOf(c.getName())).toArray();
  }

  /**
   * The primary key of a bound insert as Cassandra compares it: each key value's bytes (a decimal
   * without trailing zeros, as 1.0 and 1.00 are one key); the entity's key values when the table's
   * key is not known.
   */
  private static List<Object> storedKey(BoundStatement statement, int[] keyColumns, List<Object> entityKey) {
    if (keyColumns.length == 0 || java.util.Arrays.stream(keyColumns).anyMatch(i -> i < 0)) {
      return comparableKey(entityKey);
    }
    List<Object> out = new ArrayList<>(keyColumns.length);
    for (int i : keyColumns) {
      if (statement.getPreparedStatement().getVariableDefinitions().get(i).getType().equals(com.datastax.oss.driver.api.core.type.DataTypes.DECIMAL)) {
        java.math.BigDecimal d = statement.getBigDecimal(i);
        out.add(d == null ? null : d.stripTrailingZeros());
      } else {
        out.add(statement.getBytesUnsafe(i));
      }
    }
    return out;
  }

  /** The bytes of a bound statement's values. */
  static long valueBytes(BoundStatement statement) {
    long bytes = 0;
    for (java.nio.ByteBuffer value : statement.getValues()) {
      bytes += value == null ? 0 : value.remaining();
    }
    return bytes;
  }

  /** {@code key} with each byte array as a ByteBuffer and each instant cut to its millisecond, as Cassandra keeps them. */
  private static List<Object> comparableKey(List<Object> key) {
    List<Object> out = new ArrayList<>(key.size());
    for (Object v : key) {
      out.add(v instanceof byte[] b ? java.nio.ByteBuffer.wrap(b) : v instanceof java.time.Instant t ? t.truncatedTo(java.time.temporal.ChronoUnit.MILLIS) : v);
    }
    return out;
  }
}
