package io.denorm.hbase;

import io.denorm.WriteClock;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexHit;
import io.denorm.index.IndexStore;
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

  private final HBaseDaoBase<?> dao;
  private final Map<String, HBaseIndexTable> tables;

  HBaseIndexStore(HBaseDaoBase<?> dao, Map<String, HBaseIndexTable> tables) {
    this.dao = dao;
    this.tables = tables;
  }

  @Override
  public CompletionStage<Void> insert(IndexEntry e, long ts) {
    HBaseIndexTable t = table(e);
    if (t.memberships()) {
      // A membership: only the save that creates it moves the count or edits the inverse side, however often it is written.
      // Like a claim it takes the time it runs at, so that a release since the operation began cannot mask it.
      byte[] row = t.row(e);
      long now = WriteClock.shared().next();
      Put put = new Put(row)
          .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER, now, t.owner(e))
          .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.VALUES, now, t.values(e));
      CheckAndMutate claim = CheckAndMutate.newBuilder(row).ifNotExists(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER).build(put);
      return dao.table(t.tableName()).checkAndMutate(claim)
          .thenCompose(r -> r.isSuccess() ? t.effects(e, 1) : CompletableFuture.completedFuture(null));
    }
    Put put = new Put(t.row(e)).addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.VALUES, ts, t.values(e));
    return dao.table(t.tableName()).put(put);
  }

  @Override
  public CompletionStage<Void> delete(IndexEntry e, long ts) {
    HBaseIndexTable t = table(e);
    if (t.memberships()) {
      byte[] row = t.row(e);
      Delete delete = new Delete(row, WriteClock.shared().next());
      CheckAndMutate release = CheckAndMutate.newBuilder(row).ifEquals(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER, t.owner(e)).build(delete);
      return dao.table(t.tableName()).checkAndMutate(release)
          .thenCompose(r -> r.isSuccess() ? t.effects(e, -1) : CompletableFuture.completedFuture(null));
    }
    return dao.table(t.tableName()).delete(new Delete(t.row(e), ts));
  }

  @Override
  public CompletionStage<Optional<List<Object>>> claim(IndexEntry e, long ts) {
    // Like Cassandra's lightweight transactions, claims take the time they run at, not the
    // operation's: a release that ran since the operation began must not mask the claim.
    return claim(e, WriteClock.shared().next(), 3);
  }

  private CompletionStage<Optional<List<Object>>> claim(IndexEntry e, long ts, int attempts) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    Put put = new Put(row)
        .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER, ts, t.owner(e))
        .addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.VALUES, ts, t.values(e));
    CheckAndMutate claim = CheckAndMutate.newBuilder(row).ifNotExists(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER).build(put);
    return dao.table(t.tableName()).checkAndMutate(claim).thenCompose(result -> {
      if (result.isSuccess()) {
        return CompletableFuture.completedFuture(Optional.<List<Object>>empty());
      }
      return dao.table(t.tableName()).get(new Get(row).addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER)).thenCompose(current -> {
        List<Object> owner = HBaseIndexTable.owner(current);
        if (owner == null && attempts > 1) {
          return claim(e, ts, attempts - 1); // released in between: try again
        }
        return CompletableFuture.completedFuture(Optional.ofNullable(owner));
      });
    });
  }

  @Override
  public CompletionStage<Void> release(IndexEntry e) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    // A release is not part of one operation's timestamp: it deletes what is there now.
    Delete delete = new Delete(row, WriteClock.shared().next());
    CheckAndMutate release = CheckAndMutate.newBuilder(row).ifEquals(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER, t.owner(e)).build(delete);
    return dao.table(t.tableName()).checkAndMutate(release).thenApply(r -> null);
  }

  @Override
  public CompletionStage<Void> overwriteOwned(IndexEntry e, long ts) {
    HBaseIndexTable t = table(e);
    byte[] row = t.row(e);
    Put put = new Put(row).addColumn(HBaseDaoBase.FAMILY, HBaseIndexTable.VALUES, WriteClock.shared().next(), t.values(e));
    CheckAndMutate overwrite = CheckAndMutate.newBuilder(row).ifEquals(HBaseDaoBase.FAMILY, HBaseIndexTable.OWNER, t.owner(e)).build(put);
    return dao.table(t.tableName()).checkAndMutate(overwrite).thenApply(r -> null);
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
  void requireEncodable(List<IndexEntry> entries) {
    for (IndexEntry e : entries) {
      table(e).row(e);
    }
  }

  HBaseIndexTable table(IndexEntry e) {
    HBaseIndexTable t = tables.get(e.index().name());
    if (t == null) {
      throw new IllegalStateException("no index table registered for " + e.index().name());
    }
    return t;
  }
}
