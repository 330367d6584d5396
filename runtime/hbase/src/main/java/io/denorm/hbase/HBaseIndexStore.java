package io.denorm.hbase;

import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexStore;
import io.denorm.index.IndexStore.Claim;
import io.denorm.index.IndexStore.Holder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;

/**
 * The index protocol's writes on HBase: every cell carries the operation's timestamp, so that HBase
 * resolves racing writes cell by cell as Cassandra does; unique rows are claimed, released and
 * rewritten with {@code checkAndMutate} on the owner cell.
 */
final class HBaseIndexStore implements IndexStore<RowMutations> {

  private final HBaseReadBase<?> dao;
  private final Map<String, HBaseIndexTable> tables;

  HBaseIndexStore(HBaseReadBase<?> dao, Map<String, HBaseIndexTable> tables) {
    this.dao = dao;
    this.tables = tables;
  }

  @Override
  public CompletionStage<Void> insert(IndexEntry e, long ts) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    Put put = dao.durable(new Put(row).addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.VALUES, ts, t.values(e)));
    if (dao.ttlMillis() > 0) {
      // an expiring row: its older versions deleted with it, else they would be read again once it expired
      RowMutations expiring = dao.mutations(row, dao.expiring(put, ts), new Delete(row).addFamily(HBaseDaoBase.FAMILY, ts - 1));
      return dao.table(t.tableName()).mutateRow(expiring).thenApply(r -> null);
    }
    return dao.table(t.tableName()).put(put);
  }

  @Override
  public CompletionStage<Void> delete(IndexEntry e, long ts) {
    HBaseIndexTable t = table(e);
    return dao.table(t.tableName()).delete(dao.durable(new Delete(t.row(e), ts)));
  }

  /** Unique rows, and memberships: only the write that creates or releases a membership moves its count or edits its inverse side. */
  @Override
  public boolean claimed(IndexDefinition index) {
    HBaseIndexTable t = tables.get(index.name());
    return index.unique() || t != null && t.memberships();
  }

  @Override
  public CompletionStage<Claim> claim(IndexEntry e, long op, boolean owned) {
    if (owned) {
      return readThenClaim(e, op, 4);
    }
    // A row never written has no cells to write above: claim it outright; any other case reads first.
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    long cellTs = dao.clock().next();
    CheckAndMutate claim = CheckAndMutate.newBuilder(row).ifNotExists(HBaseDaoBase.FAMILY, HBaseIndexTable.ASSERTED)
        .build(uniquePut(t, e, row, cellTs, op, t.owner(e), t.values(e)));
    return dao.table(t.tableName()).checkAndMutate(claim).handle((r, error) -> {
      if (error == null) {
        return r.isSuccess() ? t.effects(e, 1, cellTs).thenApply(v -> Claim.CREATED) : readThenClaim(e, op, 4);
      }
      return createdAnyway(e, op, cellTs, io.denorm.index.IndexProtocol.unwrapped(error));
    }).thenCompose(java.util.function.Function.identity());
  }

  /**
   * After a claim's compare-and-set failed without a refusal (a timeout: it may have applied): the
   * row is read; if it is ours, asserted at this operation's stamp and written at {@code cellTs},
   * this claim created it and its effects are still due. Otherwise the failure is passed on.
   */
  private CompletionStage<Claim> createdAnyway(IndexEntry e, long op, long cellTs, Throwable cause) {
    if (refused(cause)) {
      return CompletableFuture.failedFuture(cause);
    }
    HBaseIndexTable t = table(e);
    return dao.table(t.tableName()).get(new Get(t.row(e)).addFamily(HBaseDaoBase.FAMILY)).thenCompose(current -> {
      org.apache.hadoop.hbase.Cell a = current.getColumnLatestCell(HBaseDaoBase.FAMILY, HBaseIndexTable.ASSERTED);
      if (e.masterKey().equals(HBaseIndexTable.owner(current)) && HBaseIndexTable.asserted(current) == op && a != null && a.getTimestamp() == cellTs) {
        return t.effects(e, 1, cellTs).thenApply(v -> Claim.CREATED);
      }
      return CompletableFuture.<Claim>failedFuture(cause);
    });
  }

  /** Reads the row, then writes it by compare-and-set on its stamp cell as read: claimed, asserted again, or reported held. */
  private CompletionStage<Claim> readThenClaim(IndexEntry e, long op, int attempts) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    return dao.table(t.tableName()).get(new Get(row).addFamily(HBaseDaoBase.FAMILY)).thenCompose(current -> {
      List<Object> owner = HBaseIndexTable.owner(current);
      long stored = HBaseIndexTable.asserted(current);
      if (owner != null && !owner.equals(e.masterKey())) {
        return CompletableFuture.completedFuture(Claim.heldBy(new Holder(owner, stored)));
      }
      // Ours: asserted at op, or past the stored stamp when that is not lower. Absent or released: claimed at op.
      long asserted = owner != null && stored >= op ? stored + 1 : op == stored ? op + 1 : op;
      Claim outcome = owner != null ? Claim.HELD : Claim.CREATED;
      long cellTs = above(current);
      return casOn(t, row, current, uniquePut(t, e, row, cellTs, asserted, t.owner(e), t.values(e))).handle((done, error) -> {
        if (error == null) {
          return CompletableFuture.completedFuture(done);
        }
        // A timeout: settled by reading the row; ours at this write's stamps means it applied.
        if (refused(io.denorm.index.IndexProtocol.unwrapped(error)) || !outcome.created()) {
          return CompletableFuture.<Boolean>failedFuture(error);
        }
        return createdAnyway(e, asserted, cellTs, io.denorm.index.IndexProtocol.unwrapped(error)).thenApply(c -> (Boolean) null);
      }).thenCompose(java.util.function.Function.identity()).thenCompose(done -> {
        if (done == null) {
          return CompletableFuture.completedFuture(outcome); // created: its effects ran when the timeout was settled
        }
        if (done) {
          return outcome.created() ? t.effects(e, 1, cellTs).thenApply(v -> outcome) : CompletableFuture.completedFuture(outcome);
        }
        if (attempts <= 1) {
          return CompletableFuture.failedFuture(new io.denorm.ClaimContentionException(e.index().name(), e.indexKey()));
        }
        return readThenClaim(e, op, attempts - 1);
      });
    });
  }

  @Override
  public CompletionStage<Boolean> release(IndexEntry e, long before) {
    return release(e, before, 4);
  }

  /**
   * Reads the row and releases it by compare-and-set on its stamp cell as read; when another write
   * got there first, reads again: the release still passes while the owner is the entry's master and
   * the stamp is below {@code before} (an assertion by an earlier-stamped operation must not stop it).
   */
  private CompletionStage<Boolean> release(IndexEntry e, long before, int attempts) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    return dao.table(t.tableName()).get(new Get(row).addFamily(HBaseDaoBase.FAMILY)).thenCompose(current -> {
      long stored = HBaseIndexTable.asserted(current);
      if (!e.masterKey().equals(HBaseIndexTable.owner(current)) || stored >= before) {
        return CompletableFuture.completedFuture(false);
      }
      long cellTs = above(current);
      Put released = uniquePut(t, e, row, cellTs, stored + 1, HBaseIndexTable.RELEASED, HBaseIndexTable.RELEASED);
      return casOn(t, row, current, released).thenCompose(done -> {
        if (done) {
          return t.effects(e, -1, cellTs).thenApply(v -> true);
        }
        return attempts > 1 ? release(e, before, attempts - 1)
            : CompletableFuture.failedFuture(new io.denorm.DenormException("release of " + e.index().name() + " for " + e.indexKey()
                + " lost every compare-and-set to concurrent writes"));
      });
    });
  }

  @Override
  public CompletionStage<Boolean> takeOver(IndexEntry e, long op, Holder from) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    return dao.table(t.tableName()).get(new Get(row).addFamily(HBaseDaoBase.FAMILY)).thenCompose(current -> {
      long stored = HBaseIndexTable.asserted(current);
      if (!from.owner().equals(HBaseIndexTable.owner(current)) || stored != from.op()) {
        return CompletableFuture.completedFuture(false);
      }
      return casOn(t, row, current, uniquePut(t, e, row, above(current), op == stored ? op + 1 : op, t.owner(e), t.values(e)));
    });
  }

  /** A write of every cell of a unique row at cell timestamp {@code cellTs}. */
  private Put uniquePut(HBaseIndexTable t, IndexEntry e, byte[] row, long cellTs, long asserted, byte[] owner, byte[] values) {
    return dao.durable(new Put(row))
        .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER, cellTs, owner)
        .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.VALUES, cellTs, values)
        .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.ASSERTED, cellTs, org.apache.hadoop.hbase.util.Bytes.toBytes(asserted));
  }

  /** A cell timestamp above every cell of the row as read, and not behind this DAO's clock. */
  private long above(org.apache.hadoop.hbase.client.Result current) {
    return Math.max(dao.clock().next(), HBaseIndexTable.newestCell(current) + 1);
  }

  /**
   * Applies {@code put} only if the row's stamp cell is still as read (absent, if it was): each write
   * of a unique row changes that cell, so a write based on an older reading fails.
   */
  private CompletionStage<Boolean> casOn(HBaseIndexTable t, byte[] row, org.apache.hadoop.hbase.client.Result current, Put put) {
    byte[] stamp = current.getValue(HBaseDaoBase.FAMILY, HBaseIndexTable.ASSERTED);
    CheckAndMutate.Builder condition = CheckAndMutate.newBuilder(row);
    CheckAndMutate cas = stamp == null
        ? condition.ifNotExists(HBaseDaoBase.FAMILY, HBaseIndexTable.ASSERTED).build(put)
        : condition.ifEquals(HBaseDaoBase.FAMILY, HBaseIndexTable.ASSERTED, stamp).build(put);
    return dao.table(t.tableName()).checkAndMutate(cas).thenApply(org.apache.hadoop.hbase.client.CheckAndMutateResult::isSuccess);
  }

  @Override
  public CompletionStage<Optional<IndexHit>> read(IndexEntry e) {
    HBaseIndexTable t = table(e);
    return dao.table(t.tableName()).get(new Get(t.row(e)).addFamily(HBaseDaoBase.FAMILY))
        .thenApply(r -> Optional.ofNullable(t.hit(r)));
  }

  @Override
  public CompletionStage<Void> writeMaster(RowMutations master, long ts) {
    // A lone Put (no null column to delete) is atomic on its row already, and a plain put is
    // cheaper for the region server than a row mutation (no row lock held across operations).
    if (master.getMutations().size() == 1 && master.getMutations().get(0) instanceof org.apache.hadoop.hbase.client.Put put) {
      return dao.table(dao.masterTable()).put(put);
    }
    return dao.table(dao.masterTable()).mutateRow(master).thenApply(r -> null);
  }

  @Override
  public boolean feedsMembers(IndexDefinition index) {
    HBaseIndexTable t = tables.get(index.name());
    return t != null && (t.counter != null || t.inverse != null);
  }

  /** One scan of the fed table (the count and the side live in the same rows). */
  @Override
  public List<IndexScans.Segment<MembershipRow>> membershipRows(IndexDefinition index) {
    HBaseIndexTable t = tables.get(index.name());
    HBaseRowCell counter = t.counter == null ? null : t.counter.cell;
    HBaseRowCell inverse = t.inverse == null ? null : t.inverse.cell;
    HBaseRowCell fed = counter != null ? counter : inverse;
    return HBaseScans.regions(dao, fed.table(), r -> {
      java.util.List<Object> ids = inverse == null ? null : HBaseInverse.elements(r, inverse.qualifier());
      return new MembershipRow(fed.id(r.getRow()),
          counter == null ? null : HBaseCounter.value(r.getValue(HBaseDaoBase.FAMILY, counter.qualifier())),
          inverse == null ? null : ids == null ? java.util.Set.of() : new java.util.LinkedHashSet<>(ids));
    });
  }

  @Override
  public CompletionStage<Long> memberCount(IndexDefinition index, Object key) {
    HBaseIndexTable t = tables.get(index.name());
    KeyRange range = KeyRange.prefix(t.identity(), List.of(key));
    org.apache.hadoop.hbase.client.Scan scan = new org.apache.hadoop.hbase.client.Scan().withStartRow(range.start()).setCaching(1000);
    if (range.stop() != null) {
      scan.withStopRow(range.stop());
    }
    return dao.countRows(t.tableName(), scan, r -> t.hit(r) != null); // released rows (a marker cell) are not members
  }

  @Override
  public CompletionStage<java.util.Set<Object>> memberIds(IndexDefinition index, Object key) {
    HBaseIndexTable t = tables.get(index.name());
    return dao.scanAll(t.tableName(), KeySalt.NONE, KeyRange.prefix(t.identity(), List.of(key)), 0, null).thenApply(rows -> {
      java.util.Set<Object> ids = new java.util.LinkedHashSet<>();
      for (org.apache.hadoop.hbase.client.Result r : rows) {
        IndexHit hit = t.hit(r);
        if (hit != null) {
          ids.add(hit.entry().masterKey().get(0));
        }
      }
      return ids;
    });
  }

  @Override
  public CompletionStage<Void> correctInverse(IndexDefinition index, Object key, java.util.Set<Object> add, java.util.Set<Object> remove) {
    HBaseInverse inverse = tables.get(index.name()).inverse;
    List<CompletableFuture<Void>> edits = new java.util.ArrayList<>();
    add.forEach(id -> edits.add(inverse.edit(key, id, true).toCompletableFuture()));
    remove.forEach(id -> edits.add(inverse.edit(key, id, false).toCompletableFuture()));
    return CompletableFuture.allOf(edits.toArray(new CompletableFuture<?>[0]));
  }

  @Override
  public CompletionStage<Boolean> correctCount(IndexDefinition index, Object key, long stored, long value) {
    return tables.get(index.name()).counter.set(key, stored, value);
  }

  /** Checks that every entry's row key can be encoded, before anything is written. */
  @Override
  public void requireWritable(java.util.Collection<IndexEntry> entries) {
    for (IndexEntry e : entries) {
      table(e).row(e);
    }
  }

  /**
   * A write refused before it was applied: rejected by the client (a cell or row too large) or by
   * the region server as not retriable (a row over the size limit, a bad mutation). Timeouts and
   * exhausted retries are not refusals: the write may have landed.
   */
  @Override
  public boolean refused(Throwable failure) {
    return failure instanceof IllegalArgumentException
        || failure instanceof io.denorm.DenormException
        || failure instanceof org.apache.hadoop.hbase.DoNotRetryIOException
            && !(failure instanceof org.apache.hadoop.hbase.client.RetriesExhaustedException);
  }

  HBaseIndexTable table(IndexEntry e) {
    HBaseIndexTable t = tables.get(e.index().name());
    if (t == null) {
      throw new IllegalStateException("no index table registered for " + e.index().name());
    }
    return t;
  }
}
