package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The index protocol's writes on Cassandra: plain writes at the operation's timestamp; claims,
 * releases and owner overwrites as lightweight transactions (which cannot carry a client timestamp).
 */
final class CassandraIndexStore implements IndexStore<BoundStatement> {

  private final CassandraDaoBase dao;
  private final Map<String, CassandraIndexTable> tables;

  CassandraIndexStore(CassandraDaoBase dao, Map<String, CassandraIndexTable> tables) {
    this.dao = dao;
    this.tables = tables;
  }

  @Override
  public CompletionStage<Void> insert(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    if (t.memberships()) {
      // A membership: only the save that creates it moves the count or edits the inverse side, however often it is written.
      return t.memberClaim.async().thenCompose(ps -> dao.session().executeAsync(t.bindInsert(ps, e)))
          .thenCompose(rs -> rs.wasApplied() ? t.effects(e, 1) : CompletableFuture.completedFuture(null));
    }
    return t.insert.async().thenCompose(ps -> dao.writeAsync(t.bindInsert(ps, e), ts));
  }

  @Override
  public CompletionStage<Void> delete(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    if (t.memberships()) {
      return t.memberRelease.async().thenCompose(ps -> dao.session().executeAsync(t.bindIdentity(ps, e)))
          .thenCompose(rs -> rs.wasApplied() ? t.effects(e, -1) : CompletableFuture.completedFuture(null));
    }
    return t.delete.async().thenCompose(ps -> dao.writeAsync(t.bindIdentity(ps, e), ts));
  }

  @Override
  public CompletionStage<Optional<List<Object>>> claim(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    return t.claim.async().thenCompose(ps -> dao.session().executeAsync(t.bindInsert(ps, e))).thenApply(rs -> {
      if (rs.wasApplied()) {
        return Optional.empty();
      }
      Row existing = rs.one();
      List<Object> owner = new ArrayList<>();
      for (int i = e.index().keyCount(); i < e.index().keyCount() + e.index().masterKeyCount(); i++) {
        owner.add(existing.getObject(t.columns().get(i)));
      }
      return Optional.of(owner);
    });
  }

  @Override
  public CompletionStage<Void> release(IndexEntry e) {
    CassandraIndexTable t = table(e);
    return t.release.async().thenCompose(ps -> dao.session().executeAsync(t.bindRelease(ps, e))).thenApply(rs -> null);
  }

  @Override
  public CompletionStage<Void> overwriteOwned(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    if (t.overwriteOwned == null) {
      return CompletableFuture.completedFuture(null); // nothing included: nothing to rewrite
    }
    return t.overwriteOwned.async().thenCompose(ps -> dao.session().executeAsync(t.bindOverwrite(ps, e))).thenApply(rs -> null);
  }

  @Override
  public CompletionStage<Optional<IndexHit>> read(IndexEntry e) {
    CassandraIndexTable t = table(e);
    return t.selectRow.async().thenCompose(ps -> dao.session().executeAsync(t.bindIdentity(ps, e)))
        .thenApply(rs -> Optional.ofNullable(rs.one()).map(t::hit));
  }

  @Override
  public CompletionStage<Void> writeMaster(BoundStatement master, long ts) {
    return dao.writeAsync(master, ts);
  }

  /** One logged batch: {@code inserts}, the master statement, {@code deletes}, all at {@code ts}. */
  @Override
  public CompletionStage<Void> writeTogether(List<IndexEntry> inserts, BoundStatement master, List<IndexEntry> deletes, long ts) {
    List<CompletableFuture<BoundStatement>> parts = new ArrayList<>();
    for (IndexEntry e : inserts) {
      CassandraIndexTable t = table(e);
      parts.add(t.insert.async().thenApply(ps -> t.bindInsert(ps, e)).toCompletableFuture());
    }
    parts.add(CompletableFuture.completedFuture(master));
    for (IndexEntry e : deletes) {
      CassandraIndexTable t = table(e);
      parts.add(t.delete.async().thenApply(ps -> t.bindIdentity(ps, e)).toCompletableFuture());
    }
    return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0])).thenCompose(v -> {
      BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.LOGGED);
      parts.forEach(p -> batch.addStatement(p.join()));
      return dao.session().executeAsync(batch.setQueryTimestamp(ts).build().setIdempotent(true)).thenApply(rs -> (Void) null);
    });
  }

  @Override
  public boolean feedsMembers(IndexDefinition index) {
    CassandraIndexTable t = tables.get(index.name());
    return t != null && (t.counter != null || t.inverse != null);
  }

  /** One scan of the fed table (the count and the side live in the same rows): key, then the count, then the side. */
  @Override
  public List<IndexScans.Segment<MembershipRow>> membershipRows(IndexDefinition index) {
    CassandraIndexTable t = tables.get(index.name());
    CassandraCounter counter = t.counter;
    CassandraInverse inverse = t.inverse;
    String table = counter != null ? counter.table : inverse.table;
    String key = CassandraIndexTable.quote(counter != null ? counter.keyColumn : inverse.keyColumn);
    StringBuilder columns = new StringBuilder(key);
    if (counter != null) {
      columns.append(", ").append(CassandraIndexTable.quote(counter.column));
    }
    if (inverse != null) {
      columns.append(", ").append(CassandraIndexTable.quote(inverse.column));
    }
    PreparedCql scan = dao.prepare("SELECT " + columns + " FROM " + CassandraDaoBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(table)
        + " WHERE token(" + key + ") >= ? AND token(" + key + ") <= ?");
    int side = counter != null ? 2 : 1;
    return CassandraScans.segments(dao, scan, row -> new MembershipRow(row.getObject(0),
        counter == null ? null : row.isNull(1) ? 0L : row.getLong(1),
        inverse == null ? null : row.isNull(side) ? java.util.Set.of() : new java.util.LinkedHashSet<>((java.util.Collection<?>) row.getObject(side))));
  }

  @Override
  public CompletionStage<java.util.Set<Object>> memberIds(IndexDefinition index, Object key) {
    CassandraIndexTable t = tables.get(index.name());
    java.util.Set<Object> ids = new java.util.LinkedHashSet<>();
    return t.memberIds.async().thenCompose(ps -> dao.session().executeAsync(GenericBinding.bind(dao.session().getContext().getCodecRegistry(),
        ps.boundStatementBuilder(), ps, 0, java.util.Collections.singletonList(key)).build().setPageSize(1000)))
        .thenCompose(rs -> collect(rs, ids));
  }

  /** Every row's first column, page by page, without blocking a driver thread. */
  private static CompletionStage<java.util.Set<Object>> collect(com.datastax.oss.driver.api.core.cql.AsyncResultSet rs, java.util.Set<Object> into) {
    rs.currentPage().forEach(row -> into.add(row.getObject(0)));
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> collect(next, into)) : CompletableFuture.completedFuture(into);
  }

  @Override
  public CompletionStage<Void> correctInverse(IndexDefinition index, Object key, java.util.Set<Object> add, java.util.Set<Object> remove) {
    CassandraInverse inverse = tables.get(index.name()).inverse;
    List<CompletableFuture<Void>> edits = new ArrayList<>();
    add.forEach(id -> edits.add(inverse.add(key, id).toCompletableFuture()));
    remove.forEach(id -> edits.add(inverse.remove(key, id).toCompletableFuture()));
    return CompletableFuture.allOf(edits.toArray(new CompletableFuture<?>[0]));
  }

  @Override
  public CompletionStage<Boolean> correctCount(IndexDefinition index, Object key, long stored, long value) {
    CassandraCounter counter = tables.get(index.name()).counter;
    // An absent count reads as 0: compare against what is really there.
    return counter.current(key).thenCompose(now -> (now == null ? 0 : now) != stored
        ? java.util.concurrent.CompletableFuture.completedFuture(false)
        : counter.set(key, now, value));
  }

  private CassandraIndexTable table(IndexEntry e) {
    CassandraIndexTable t = tables.get(e.index().name());
    if (t == null) {
      throw new IllegalStateException("no index table registered for " + e.index().name());
    }
    return t;
  }
}
