package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@code @CountDistinct} on Cassandra: the pairs (group, distinct value) claimed in table {@code
 * <name>_members} by {@code INSERT … IF NOT EXISTS}, and per group a {@code counter} in table
 * {@code <name>} that only a won claim increments. Counters commute, so concurrent first visits never
 * contend; a counter increment is not idempotent, so one that fails is not retried (the error reaches
 * the save's caller, and {@link #recount} corrects the count).
 */
public final class CassandraDistinctCount {

  private final CassandraDaoBase<?> dao;
  private final com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry codecs;
  private final String name;
  private final PreparedCql claim;
  private final PreparedCql increment;
  private final PreparedCql read;
  private final PreparedCql members;

  CassandraDistinctCount(CassandraDaoBase<?> dao, String name, String group, String distinct) {
    this.dao = dao;
    this.codecs = dao.session().getContext().getCodecRegistry();
    this.name = name;
    String counts = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(name);
    String pairs = CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(name + "_members");
    String g = CassandraIndexTable.quote(group);
    String d = CassandraIndexTable.quote(distinct);
    String n = CassandraIndexTable.quote(name);
    this.claim = dao.prepare("INSERT INTO " + pairs + " (" + g + ", " + d + ") VALUES (?, ?) IF NOT EXISTS");
    this.increment = dao.prepare("UPDATE " + counts + " SET " + n + " = " + n + " + ? WHERE " + g + " = ?");
    this.read = dao.prepare("SELECT " + n + " FROM " + counts + " WHERE " + g + " = ?");
    this.members = dao.prepare("SELECT COUNT(*) FROM " + pairs + " WHERE " + g + " = ?");
  }

  /** Counts {@code value} in {@code group} unless it was counted before; completes with whether it was new. Null values count nothing. */
  public CompletionStage<Boolean> add(Object group, Object value) {
    if (group == null || value == null) {
      return CompletableFuture.completedFuture(false);
    }
    return claim.async().thenCompose(ps -> dao.executeAsync(bind(ps, group, value))).thenCompose(rs -> {
      if (!rs.wasApplied()) {
        return CompletableFuture.completedFuture(false);
      }
      return increment.async().thenCompose(ps -> dao.executeAsync(bind(ps, 1L, group))).thenApply(done -> true);
    });
  }

  /** The count of {@code group}: 0 when nothing was counted. */
  public CompletionStage<Long> count(Object group) {
    java.util.Objects.requireNonNull(group, name + " group");
    return read.async().thenCompose(ps -> dao.executeAsync(bind(ps, group))).thenApply(rs -> {
      Row row = rs.one();
      return row == null || row.isNull(0) ? 0L : row.getLong(0);
    });
  }

  /** Counts the pairs of {@code group} and moves the count to that number; returns it. */
  public CompletionStage<Long> recount(Object group) {
    java.util.Objects.requireNonNull(group, name + " group");
    return members.async().thenCompose(ps -> dao.executeAsync(bind(ps, group))).thenCompose(rs -> {
      long exact = rs.one().getLong(0);
      return count(group).thenCompose(stored -> exact == stored ? CompletableFuture.completedFuture(exact)
          : increment.async().thenCompose(ps -> dao.executeAsync(bind(ps, exact - stored, group))).thenApply(done -> exact));
    });
  }

  /** Binds values in their stored form (an Instant as epoch milliseconds, an enum as its name) by the statement's column types. */
  private com.datastax.oss.driver.api.core.cql.BoundStatement bind(com.datastax.oss.driver.api.core.cql.PreparedStatement ps, Object... values) {
    return GenericBinding.bind(codecs, ps.boundStatementBuilder(), ps, 0, new java.util.ArrayList<>(java.util.Arrays.asList(values))).build();
  }
}
