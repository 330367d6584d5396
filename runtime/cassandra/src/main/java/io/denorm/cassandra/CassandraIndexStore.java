package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexStore;
import io.denorm.index.IndexStore.Claim;
import io.denorm.index.IndexStore.Holder;
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

  private final CassandraDaoBase<?> dao;
  private final Map<String, CassandraIndexTable> tables;

  CassandraIndexStore(CassandraDaoBase<?> dao, Map<String, CassandraIndexTable> tables) {
    this.dao = dao;
    this.tables = tables;
  }

  @Override
  public CompletionStage<Void> insert(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    return t.insert.async().thenCompose(ps -> dao.writeAsync(t.bindInsert(ps, e), ts));
  }

  @Override
  public CompletionStage<Void> delete(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    return t.delete.async().thenCompose(ps -> dao.writeAsync(t.bindIdentity(ps, e), ts));
  }

  @Override
  public boolean groupsRows() {
    return true;
  }

  /**
   * The rows bound as their single writes would be, then sent together (see {@link GroupedWrites}):
   * bound at once when every statement is prepared already (the steady state: no stage per row),
   * else once the missing ones are.
   */
  @Override
  public CompletionStage<Void> writeRows(List<IndexEntry> inserts, List<IndexEntry> unverified, List<IndexEntry> deletes, long ts) {
    List<BoundStatement> bound = new ArrayList<>(inserts.size() + unverified.size() + deletes.size());
    List<CompletableFuture<?>> preparing = new ArrayList<>();
    bindRows(inserts, t -> t.insert, true, bound, preparing);
    bindRows(unverified, t -> t.unverify, false, bound, preparing);
    bindRows(deletes, t -> t.delete, false, bound, preparing);
    return preparing.isEmpty() ? GroupedWrites.write(dao, bound, ts) : once(preparing, () -> writeRows(inserts, unverified, deletes, ts));
  }

  /** {@code again} once every one of {@code preparing} has completed (it then finds every statement prepared). */
  private static CompletionStage<Void> once(List<CompletableFuture<?>> preparing, java.util.function.Supplier<CompletionStage<Void>> again) {
    return CompletableFuture.allOf(preparing.toArray(new CompletableFuture<?>[0])).thenCompose(v -> again.get());
  }

  /**
   * Each of {@code entries} bound to its table's {@code statement} (its values when {@code values},
   * else its identity) into {@code bound}; once a statement is found unprepared, nothing more is
   * bound and the preparations still due are added to {@code preparing}.
   */
  private void bindRows(List<IndexEntry> entries, java.util.function.Function<CassandraIndexTable, PreparedCql> statement, boolean values,
      List<BoundStatement> bound, List<CompletableFuture<?>> preparing) {
    for (IndexEntry e : entries) {
      CassandraIndexTable t = table(e);
      PreparedCql cql = statement.apply(t);
      com.datastax.oss.driver.api.core.cql.PreparedStatement ps = cql.ready();
      if (ps == null) {
        preparing.add(cql.async().toCompletableFuture());
      } else if (preparing.isEmpty()) {
        bound.add(values ? t.bindInsert(ps, e) : t.bindIdentity(ps, e));
      }
    }
  }

  @Override
  public boolean trusts(IndexDefinition index) {
    CassandraIndexTable t = tables.get(index.name());
    return t != null && t.covering != null;
  }

  @Override
  public CompletionStage<Void> verify(IndexEntry e, long masterWriteTime) {
    CassandraIndexTable t = table(e);
    return t.verify.async().thenCompose(ps -> dao.writeAsync(t.bindIdentity(ps, e), masterWriteTime));
  }

  @Override
  public CompletionStage<Void> unverify(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    return t.unverify.async().thenCompose(ps -> dao.writeAsync(t.bindIdentity(ps, e), ts));
  }

  /** Unique rows, and memberships: only the write that creates or releases a membership moves its count or edits its inverse side. */
  @Override
  public boolean claimed(IndexDefinition index) {
    CassandraIndexTable t = tables.get(index.name());
    return index.unique() || t != null && t.memberships();
  }

  @Override
  public CompletionStage<Claim> claim(IndexEntry e, long op, boolean owned) {
    return owned ? assertOwned(e, op, 4) : claimAbsent(e, op, 4);
  }

  /** {@code INSERT … IF NOT EXISTS}; a row found instead is asserted when it is ours, else reported. */
  private CompletionStage<Claim> claimAbsent(IndexEntry e, long op, int attempts) {
    CassandraIndexTable t = table(e);
    return t.claim.async().thenCompose(ps -> dao.executeAsync(t.bindClaim(ps, e, op))).handle((rs, error) -> {
      if (error == null) {
        return afterClaim(e, op, attempts, rs);
      }
      Throwable cause = io.denorm.index.IndexProtocol.unwrapped(error);
      // A timeout: the compare-and-set may have applied. A serial read settles it; if the row is
      // ours at this operation's stamp, this claim created it and its effects are still due.
      return refused(cause) ? CompletableFuture.<Claim>failedFuture(cause) : createdAnyway(e, op, cause);
    }).thenCompose(java.util.function.Function.identity());
  }

  private CompletionStage<Claim> createdAnyway(IndexEntry e, long op, Throwable cause) {
    CassandraIndexTable t = table(e);
    return t.selectRow.async().thenCompose(ps -> dao.executeAsync(t.bindIdentity(ps, e).setConsistencyLevel(dao.serialConsistency())))
        .thenCompose(rs -> {
          Holder holder = t.holder(rs.one(), e);
          if (holder != null && holder.owner().equals(e.masterKey()) && holder.op() == op) {
            return t.effects(e, 1).thenApply(v -> Claim.CREATED);
          }
          return CompletableFuture.<Claim>failedFuture(cause);
        });
  }

  private CompletionStage<Claim> afterClaim(IndexEntry e, long op, int attempts, com.datastax.oss.driver.api.core.cql.AsyncResultSet rs) {
    CassandraIndexTable t = table(e);
    {
      if (rs.wasApplied()) {
        return t.effects(e, 1).thenApply(v -> Claim.CREATED);
      }
      Holder holder = t.holder(rs.one(), e);
      if (holder == null) {
        return retry(e, op, attempts, false); // released in between
      }
      if (!holder.owner().equals(e.masterKey())) {
        return CompletableFuture.completedFuture(Claim.heldBy(holder));
      }
      return raise(e, op, holder.op(), attempts);
    }
  }

  /** The owner's assertion at {@code op}: {@code IF owner = ? AND asserted_at < op}. */
  private CompletionStage<Claim> assertOwned(IndexEntry e, long op, int attempts) {
    CassandraIndexTable t = table(e);
    return t.assertOwned.async().thenCompose(ps -> dao.executeAsync(t.bindAssert(ps, e, op, op))).thenCompose(rs -> {
      if (rs.wasApplied()) {
        return CompletableFuture.completedFuture(Claim.HELD);
      }
      Holder holder = t.holder(rs.one(), e);
      if (holder == null) {
        return retry(e, op, attempts, false); // no row: claim it
      }
      if (!holder.owner().equals(e.masterKey())) {
        return CompletableFuture.completedFuture(Claim.heldBy(holder));
      }
      return raise(e, op, holder.op(), attempts);
    });
  }

  /**
   * Ours already, asserted at {@code stored} which is not lower than {@code op} (an operation with a
   * later stamp, or a clock ahead of ours): the stamp is raised past it, so that a release by the
   * operation that wrote {@code stored} cannot pass any more.
   */
  private CompletionStage<Claim> raise(IndexEntry e, long op, long stored, int attempts) {
    if (stored < op) {
      return retry(e, op, attempts, true);
    }
    CassandraIndexTable t = table(e);
    return t.raiseOwned.async().thenCompose(ps -> dao.executeAsync(t.bindAssert(ps, e, stored + 1, stored)))
        .thenCompose(rs -> rs.wasApplied() ? CompletableFuture.completedFuture(Claim.HELD) : retry(e, op, attempts, true));
  }

  private CompletionStage<Claim> retry(IndexEntry e, long op, int attempts, boolean owned) {
    if (attempts <= 1) {
      return CompletableFuture.failedFuture(new io.denorm.ClaimContentionException(e.index().name(), e.indexKey()));
    }
    return owned ? assertOwned(e, op, attempts - 1) : claimAbsent(e, op, attempts - 1);
  }

  @Override
  public CompletionStage<Boolean> release(IndexEntry e, long before) {
    CassandraIndexTable t = table(e);
    return t.release.async().thenCompose(ps -> dao.executeAsync(t.bindRelease(ps, e, before)))
        .thenCompose(rs -> rs.wasApplied() ? t.effects(e, -1).thenApply(v -> true) : CompletableFuture.completedFuture(false));
  }

  @Override
  public CompletionStage<Boolean> takeOver(IndexEntry e, long op, Holder from) {
    CassandraIndexTable t = table(e);
    return t.takeOver.async().thenCompose(ps -> dao.executeAsync(t.bindTakeOver(ps, e, op, from.owner(), from.op())))
        .thenApply(rs -> rs.wasApplied());
  }

  /** Every key component of every entry within Cassandra's size limit, checked before anything is sent. */
  @Override
  public void requireWritable(java.util.Collection<IndexEntry> entries) {
    for (IndexEntry e : entries) {
      CassandraIndexTable t = table(e);
      List<Object> identity = e.identity();
      for (int i = 0; i < identity.size(); i++) {
        io.denorm.KeyChecks.indexKeySize(e.index().entity(), t.columns().get(i), e.index().name(), identity.get(i));
      }
    }
  }

  /**
   * A write the driver never sent, or one the server refused as invalid: not applied. Timeouts and
   * lost connections are not refusals: the write may have landed.
   */
  @Override
  public boolean refused(Throwable failure) {
    if (failure instanceof com.datastax.oss.driver.api.core.AllNodesFailedException all) {
      // Tried on several nodes: refused only when every node refused it.
      List<Throwable> errors = all.getAllErrors().values().stream().flatMap(List::stream).toList();
      return !errors.isEmpty() && errors.stream().allMatch(this::refused);
    }
    return failure instanceof com.datastax.oss.driver.api.core.servererrors.InvalidQueryException
        || failure instanceof com.datastax.oss.driver.api.core.servererrors.SyntaxError
        || failure instanceof com.datastax.oss.driver.api.core.servererrors.UnauthorizedException
        || failure instanceof com.datastax.oss.driver.api.core.servererrors.UnavailableException
        || failure instanceof com.datastax.oss.driver.api.core.servererrors.OverloadedException
        || failure instanceof com.datastax.oss.driver.api.core.servererrors.ProtocolError
        || failure instanceof com.datastax.oss.driver.api.core.connection.FrameTooLongException
        || failure instanceof com.datastax.oss.driver.api.core.type.codec.CodecNotFoundException
        || failure instanceof IllegalArgumentException
        || failure instanceof io.denorm.DenormException;
  }

  @Override
  public CompletionStage<Optional<IndexHit>> read(IndexEntry e) {
    CassandraIndexTable t = table(e);
    return t.selectRow.async().thenCompose(ps -> dao.executeAsync(t.bindIdentity(ps, e)))
        .thenApply(rs -> Optional.ofNullable(rs.one()).map(t::hit));
  }

  @Override
  public CompletionStage<Void> writeMaster(BoundStatement master, long ts) {
    return dao.writeAsync(master, ts);
  }

  /** One logged batch: {@code inserts}, the master statement, {@code deletes}, all at {@code ts}. */
  @Override
  public CompletionStage<Void> writeTogether(List<IndexEntry> inserts, BoundStatement master, List<IndexEntry> deletes, long ts) {
    List<BoundStatement> before = new ArrayList<>(inserts.size());
    List<BoundStatement> after = new ArrayList<>(deletes.size());
    List<CompletableFuture<?>> preparing = new ArrayList<>();
    bindRows(inserts, t -> t.insert, true, before, preparing);
    bindRows(deletes, t -> t.delete, false, after, preparing);
    if (!preparing.isEmpty()) {
      return once(preparing, () -> writeTogether(inserts, master, deletes, ts));
    }
    BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.LOGGED);
    before.forEach(batch::addStatement);
    batch.addStatement(master);
    after.forEach(batch::addStatement);
    return dao.executeAsync(dao.withOptions(batch.setQueryTimestamp(ts).setIdempotence(true)).build()).thenApply(rs -> (Void) null);
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
    PreparedCql scan = dao.prepare("SELECT " + columns + " FROM " + CassandraReadBase.KEYSPACE_PLACEHOLDER + "." + CassandraIndexTable.quote(table)
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
    return t.memberIds.async().thenCompose(ps -> dao.executeAsync(GenericBinding.bind(dao.session().getContext().getCodecRegistry(),
        ps.boundStatementBuilder(), ps, 0, java.util.Collections.singletonList(key)).build().setPageSize(1000)))
        .thenCompose(rs -> collect(rs, ids));
  }

  @Override
  public CompletionStage<Long> memberCount(IndexDefinition index, Object key) {
    CassandraIndexTable t = tables.get(index.name());
    return t.memberIds.async().thenCompose(ps -> dao.executeAsync(GenericBinding.bind(dao.session().getContext().getCodecRegistry(),
        ps.boundStatementBuilder(), ps, 0, java.util.Collections.singletonList(key)).build().setPageSize(1000)))
        .thenCompose(rs -> count(rs, 0));
  }

  /** The rows, counted page by page. */
  private static CompletionStage<Long> count(com.datastax.oss.driver.api.core.cql.AsyncResultSet rs, long before) {
    long seen = before + rs.remaining();
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> count(next, seen)) : CompletableFuture.completedFuture(seen);
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
