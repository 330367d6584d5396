package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.CasRetry;
import io.denorm.DenormException;
import io.denorm.sequence.BlockSequence;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@code @Sequence} on Cassandra: the next free id of each sequence is one row of table {@value
 * #TABLE}; a block is reserved by moving it with a lightweight transaction ({@code INSERT … IF NOT
 * EXISTS} for a new sequence, {@code UPDATE … SET next_value = ? IF next_value = ?} after), retried
 * with the value a lost attempt returns.
 */
public final class CassandraSequence extends BlockSequence {

  /** The table holding every sequence of a keyspace: {@code name text PRIMARY KEY, next_value bigint}. */
  public static final String TABLE = "denorm_sequences";

  private final CassandraDaoBase<?> dao;
  private final PreparedCql read;
  private final PreparedCql create;
  private final PreparedCql move;

  CassandraSequence(CassandraDaoBase<?> dao, String name, int block) {
    super(name, block);
    this.dao = dao;
    String t = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + TABLE;
    this.read = dao.prepare("SELECT next_value FROM " + t + " WHERE name = ?");
    this.create = dao.prepare("INSERT INTO " + t + " (name, next_value) VALUES (?, ?) IF NOT EXISTS");
    this.move = dao.prepare("UPDATE " + t + " SET next_value = ? WHERE name = ? IF next_value = ?");
  }

  @Override
  protected CompletionStage<Long> reserve(int size) {
    return read.async().thenCompose(ps -> dao.executeAsync(ps.bind(name())))
        .thenCompose(rs -> {
          Row row = rs.one();
          return attempt(size, row == null || row.isNull(0) ? null : row.getLong(0), 1);
        });
  }

  /** Moves the next free id from {@code expected} (null: no row yet) by {@code size}. */
  private CompletionStage<Long> attempt(int size, Long expected, int attempt) {
    long first = expected == null ? 1 : expected;
    CompletionStage<AsyncResultSet> cas = expected == null
        ? create.async().thenCompose(ps -> dao.executeAsync(ps.bind(name(), first + size)))
        : move.async().thenCompose(ps -> dao.executeAsync(ps.bind(first + size, name(), expected)));
    return cas.thenCompose(rs -> {
      if (rs.wasApplied()) {
        return CompletableFuture.completedFuture(first);
      }
      if (CasRetry.exhausted(attempt)) {
        return CompletableFuture.failedFuture(CasRetry.gaveUp(new DenormException("sequence " + name() + ": no block reserved after "
            + CasRetry.ATTEMPTS + " compare-and-sets lost to other clients")));
      }
      Row row = rs.one();
      // A lost attempt returns the row as it is: its next_value is the one to move from.
      Long now = row != null && row.getColumnDefinitions().contains("next_value") && !row.isNull("next_value") ? row.getLong("next_value") : null;
      return CasRetry.pause(attempt, () -> "sequence " + name()).thenCompose(x -> attempt(size, now, attempt + 1));
    });
  }
}
