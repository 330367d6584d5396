package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.denorm.DenormException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@code @Count} column in the counting entity's row ({@code authors.count_of_books}), moved by
 * compare-and-set: read, then {@code UPDATE … SET n = ? WHERE key = ? IF n = ?}, again with the value
 * a lost attempt returns. Kept in the row (not a counter table) so that reading the entity reads
 * its counts with it; the price is a lightweight transaction per counted change.
 */
public final class CassandraCounter {

  private final String description;
  private final CodecRegistry codecs;
  private final CassandraDaoBase<?> dao;
  final String table;
  final String keyColumn;
  final String column;
  final PreparedCql read;
  final PreparedCql cas;

  CassandraCounter(CassandraDaoBase<?> dao, String table, String keyColumn, String column) {
    this.dao = dao;
    this.codecs = dao.session().getContext().getCodecRegistry();
    this.table = table;
    this.keyColumn = keyColumn;
    this.column = column;
    this.description = table + "." + column;
    String t = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(table);
    String k = CassandraIndexTable.quote(keyColumn);
    String n = CassandraIndexTable.quote(column);
    this.read = dao.prepare("SELECT " + n + " FROM " + t + " WHERE " + k + " = ?");
    this.cas = dao.prepare("UPDATE " + t + " SET " + n + " = ? WHERE " + k + " = ? IF " + n + " = ?");
  }

  /** Adds {@code delta} to the count of the row keyed {@code key}. */
  CompletionStage<Void> move(Object key, long delta) {
    return current(key).thenCompose(now -> attempt(key, delta, now, 1));
  }

  /** Sets the count of the row keyed {@code key} to {@code value} if it is still {@code expected}; completes with whether it was. */
  CompletionStage<Boolean> set(Object key, Long expected, long value) {
    return cas.async().thenCompose(ps -> dao.executeAsync(
        GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, values(value, key, expected)).build()))
        .thenApply(AsyncResultSet::wasApplied);
  }

  /** The stored count (null: the row or the cell is absent). */
  CompletionStage<Long> current(Object key) {
    return read.async().thenCompose(ps -> dao.executeAsync(
        GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, List.of(key)).build()))
        .thenApply(rs -> {
          Row row = rs.one();
          return row == null || row.isNull(0) ? null : row.getLong(0);
        });
  }

  private CompletionStage<Void> attempt(Object key, long delta, Long expected, int attempt) {
    long next = (expected == null ? 0 : expected) + delta;
    return cas.async().thenCompose(ps -> dao.executeAsync(
        GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, values(next, key, expected)).build()))
        .thenCompose(rs -> {
          if (rs.wasApplied()) {
            return CompletableFuture.completedFuture(null);
          }
          if (io.denorm.CasRetry.exhausted(attempt)) {
            return CompletableFuture.failedFuture(io.denorm.CasRetry.gaveUp(new DenormException("count " + description + " of " + key + " not moved by " + delta
                + ": " + io.denorm.CasRetry.ATTEMPTS + " compare-and-sets lost to concurrent moves; rebuild the counts to repair it")));
          }
          Row row = rs.one();
          Long now = row == null || row.getColumnDefinitions().size() < 2 || row.isNull(1) ? null : row.getLong(1);
          return io.denorm.CasRetry.pause(attempt, () -> "count " + description + " of " + key)
              .thenCompose(x -> attempt(key, delta, now, attempt + 1));
        });
  }

  private static List<Object> values(Object... values) {
    return new ArrayList<>(Arrays.asList(values));
  }
}
