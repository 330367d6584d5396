package io.denorm.index;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The row-by-row part of {@link IndexMaintenance} (and of {@link IndexTasks}): an index row, a
 * needed row or a membership row that the scans found differing, checked again against the store
 * (a save may have changed it since), counted, and fixed when the run fixes, each lookup and write
 * through the run's {@link Permits}.
 *
 * @param <E> the entity
 */
final class IndexRowChecks<E> {

  private final IndexMaintenance<E> m;

  IndexRowChecks(IndexMaintenance<E> maintenance) {
    this.m = maintenance;
  }

  CompletableFuture<Void> checkIndexRow(IndexHit hit, boolean fix, Counters c, Permits inFlight) throws InterruptedException {
    inFlight.acquire();
    return IndexProtocol.done().thenCompose(v -> m.lookup.apply(hit.entry().masterKey())).thenCompose(master -> {
      if (master.isPresent() && NeededRows.needs(m.entries.apply(master.get()), hit.entry())) {
        return IndexProtocol.done();
      }
      c.stale.incrementAndGet();
      if (!fix) {
        return IndexProtocol.done();
      }
      long grace = m.repairGrace().toNanos() / 1_000;
      // With no grace the operator says no save is in flight: rows stamped ahead of this clock by
      // contended saves (see Stamped.above) go too; only a row of unknown write time is left.
      if (grace > 0 ? m.protocol.isYoung(hit.writeTime(), grace) : hit.writeTime() == Stamped.UNKNOWN) {
        c.young.incrementAndGet();
        return IndexProtocol.done();
      }
      return m.protocol.remove(hit, grace).thenRun(c.fixed::incrementAndGet);
    }).whenComplete((v, error) -> c.release(inFlight, error)).toCompletableFuture();
  }

  /** A row a master needs that the index lacked or held with other values when scanned: read again, then counted and written. */
  void checkNeeded(IndexEntry needed, boolean fix, Counters c, Permits inFlight) throws InterruptedException {
    inFlight.acquire();
    IndexProtocol.done().thenCompose(v -> m.protocol.store().read(needed)).thenCompose(existing -> {
      if (existing.isPresent() && NeededRows.sameValues(existing.get().entry().values(), needed.values())) {
        return IndexProtocol.done();
      }
      (existing.isEmpty() ? c.missing : c.mismatched).incrementAndGet();
      if (!fix) {
        return IndexProtocol.done();
      }
      return write(needed, existing.isPresent()).thenRun(c.fixed::incrementAndGet);
    }).whenComplete((v, error) -> c.release(inFlight, error));
  }

  /**
   * One row the memberships feed: its count against the memberships counted as they stream by (none
   * held), its inverse side against the memberships' ids.
   */
  void checkMembership(IndexDefinition index, IndexStore.MembershipRow row, boolean fix, Counters c, Permits inFlight)
      throws InterruptedException {
    inFlight.acquire();
    IndexStore<?> store = m.protocol.store();
    CompletionStage<Void> count = row.count() == null ? IndexProtocol.done() : store.memberCount(index, row.key()).thenCompose(members -> {
      if (row.count() == members.longValue()) {
        return IndexProtocol.done();
      }
      c.wrongCounts.incrementAndGet();
      // Lost to a concurrent move: left as it is, for the next rebuild (run when saves are quiet).
      return !fix ? IndexProtocol.done() : store.correctCount(index, row.key(), row.count(), members).thenAccept(set -> {
        if (set) {
          c.fixed.incrementAndGet();
        }
      });
    });
    CompletionStage<Void> side = row.ids() == null ? IndexProtocol.done() : store.memberIds(index, row.key()).thenCompose(members -> {
      if (members.equals(row.ids())) {
        return IndexProtocol.done();
      }
      c.wrongInverse.incrementAndGet();
      if (!fix) {
        return IndexProtocol.done();
      }
      java.util.Set<Object> add = new java.util.LinkedHashSet<>(members);
      add.removeAll(row.ids());
      java.util.Set<Object> remove = new java.util.LinkedHashSet<>(row.ids());
      remove.removeAll(members);
      return store.correctInverse(index, row.key(), add, remove).thenRun(c.fixed::incrementAndGet);
    });
    count.thenCombine(side, (x, y) -> (Void) null).whenComplete((v, error) -> c.release(inFlight, error));
  }

  /**
   * Writes a needed entry: a plain insert, or for a unique index a claim (which, for a row its master
   * holds already, asserts it again with the needed included values). A row held by another entity
   * is left: the stale pass releases it once its owner lets go.
   */
  CompletionStage<Void> write(IndexEntry needed, boolean exists) {
    IndexStore<?> store = m.protocol.store();
    long ts = m.protocol.clock().next();
    if (!store.claimed(needed.index())) {
      return store.insert(needed, ts);
    }
    return store.claim(needed, ts, exists).thenApply(claim -> null);
  }
}
