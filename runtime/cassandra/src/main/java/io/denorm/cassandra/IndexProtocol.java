package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.index.IndexEntry;
import io.denorm.index.UniqueConstraintViolationException;
import io.denorm.index.WriteObserver;
import io.denorm.index.WritePlan;
import io.denorm.index.WriteStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Executes the dual-write protocol on Cassandra (DESIGN.md, "Consistency of the dual writes"): claim
 * unique rows (compare-and-set), write every index entry the new state needs, write the master row,
 * then remove the entries only the old state had. Statements of one step run in parallel; a step
 * starts when the one before it has completed. Every plain write carries the operation's timestamp.
 */
final class IndexProtocol {

  private final CassandraDaoBase dao;
  private final Map<String, CassandraIndexTable> tables;
  private volatile WriteObserver observer = WriteObserver.NONE;
  private volatile boolean loggedBatch;
  /** Stale rows younger than this may belong to a save still in flight: filtered, not deleted. */
  private volatile long repairGraceMicros = 60_000_000L;

  IndexProtocol(CassandraDaoBase dao, Map<String, CassandraIndexTable> tables) {
    this.dao = dao;
    this.tables = tables;
  }

  void repairGrace(java.time.Duration grace) {
    this.repairGraceMicros = grace.toNanos() / 1_000;
  }

  void loggedBatch(boolean enabled) {
    this.loggedBatch = enabled;
  }

  void observer(WriteObserver observer) {
    this.observer = observer == null ? WriteObserver.NONE : observer;
  }

  <E> CompletionStage<Void> save(E entity, long ts, CompletionStage<Optional<E>> previous,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<BoundStatement>> masterWrite) {
    return previous.thenCompose(old -> {
      WritePlan plan = WritePlan.forSave(old.map(entries).orElse(List.of()), entries.apply(entity));
      if (loggedBatch) {
        return saveInBatch(entity, ts, plan, masterWrite);
      }
      return claimAll(plan.claims())
          .thenRun(() -> observer.afterStep(WriteStep.CLAIMS, entity))
          .thenCompose(v -> all(plan.inserts(), e -> insertOrOverwrite(e, ts)))
          .thenRun(() -> observer.afterStep(WriteStep.INDEX_INSERTS, entity))
          .thenCompose(v -> masterWrite.get())
          .thenCompose(statement -> dao.writeAsync(statement, ts))
          .thenRun(() -> observer.afterStep(WriteStep.MASTER, entity))
          .thenCompose(v -> removeAll(plan, ts))
          .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, entity));
    });
  }

  /**
   * The logged-batch variant: unique rows claimed (compare-and-set) first, then one logged batch of
   * the new entries, the master row and the removed entries at {@code ts}, then unique releases.
   */
  private <E> CompletionStage<Void> saveInBatch(E entity, long ts, WritePlan plan, Supplier<CompletionStage<BoundStatement>> masterWrite) {
    List<IndexEntry> plain = plan.inserts().stream().filter(e -> !e.index().unique()).toList();
    List<IndexEntry> owned = plan.inserts().stream().filter(e -> e.index().unique()).toList();
    return claimAll(plan.claims())
        .thenCompose(v -> all(owned, e -> insertOrOverwrite(e, ts)))
        .thenRun(() -> observer.afterStep(WriteStep.CLAIMS, entity))
        .thenCompose(v -> masterWrite.get())
        .thenCompose(master -> batch(plain, master, plan.deletes(), ts))
        .thenRun(() -> observer.afterStep(WriteStep.MASTER, entity))
        .thenCompose(v -> all(plan.releases(), this::release))
        .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, entity));
  }

  /** One logged batch: {@code inserts}, the master statement, {@code deletes}, all at {@code ts}. */
  private CompletionStage<Void> batch(List<IndexEntry> inserts, BoundStatement master, List<IndexEntry> deletes, long ts) {
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
      com.datastax.oss.driver.api.core.cql.BatchStatementBuilder batch =
          com.datastax.oss.driver.api.core.cql.BatchStatement.builder(com.datastax.oss.driver.api.core.cql.DefaultBatchType.LOGGED);
      parts.forEach(p -> batch.addStatement(p.join()));
      return dao.session().executeAsync(batch.setQueryTimestamp(ts).build().setIdempotent(true)).thenApply(rs -> (Void) null);
    });
  }

  /** Master row first, then every entry the old state had. Completes with whether a row existed. */
  <E> CompletionStage<Boolean> delete(long ts, CompletionStage<Optional<E>> current,
      Function<E, List<IndexEntry>> entries, Supplier<CompletionStage<BoundStatement>> masterDelete) {
    if (loggedBatch) {
      return current.thenCompose(old -> {
        WritePlan plan = old.isPresent() ? WritePlan.forDelete(entries.apply(old.get())) : WritePlan.forDelete(List.of());
        return masterDelete.get()
            .thenCompose(master -> batch(List.of(), master, plan.deletes(), ts))
            .thenRun(() -> observer.afterStep(WriteStep.MASTER, old.orElse(null)))
            .thenCompose(v -> all(plan.releases(), this::release))
            .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, old.orElse(null)))
            .thenApply(v -> old.isPresent());
      });
    }
    return current.thenCompose(old -> masterDelete.get()
        .thenCompose(statement -> dao.writeAsync(statement, ts))
        .thenRun(() -> observer.afterStep(WriteStep.MASTER, old.orElse(null)))
        .thenCompose(v -> old.isPresent() ? removeAll(WritePlan.forDelete(entries.apply(old.get())), ts) : done())
        .thenRun(() -> observer.afterStep(WriteStep.INDEX_DELETES, old.orElse(null)))
        .thenApply(v -> old.isPresent()));
  }

  private CompletionStage<Void> removeAll(WritePlan plan, long ts) {
    List<CompletableFuture<?>> steps = new ArrayList<>();
    for (IndexEntry e : plan.deletes()) {
      CassandraIndexTable t = table(e);
      steps.add(t.delete.async().thenCompose(ps -> dao.writeAsync(t.bindIdentity(ps, e), ts)).toCompletableFuture());
    }
    for (IndexEntry e : plan.releases()) {
      steps.add(release(e).toCompletableFuture());
    }
    return CompletableFuture.allOf(steps.toArray(new CompletableFuture<?>[0]));
  }

  private CompletionStage<Void> insertOrOverwrite(IndexEntry e, long ts) {
    CassandraIndexTable t = table(e);
    if (e.index().unique()) {
      // An owned unique row whose included values changed: rewrite them while we still own it.
      return t.overwriteOwned.async().thenCompose(ps -> dao.session().executeAsync(t.bindOverwrite(ps, e))).thenApply(rs -> null);
    }
    return t.insert.async().thenCompose(ps -> dao.writeAsync(t.bindInsert(ps, e), ts));
  }

  /**
   * Claims every unique row with INSERT … IF NOT EXISTS. A row held by another entity fails the
   * save: the rows this save claimed are released again, and nothing else has been written.
   */
  private CompletionStage<Void> claimAll(List<IndexEntry> claims) {
    if (claims.isEmpty()) {
      return done();
    }
    List<CompletableFuture<Optional<UniqueConstraintViolationException>>> results = new ArrayList<>();
    for (IndexEntry e : claims) {
      results.add(claim(e).toCompletableFuture());
    }
    return CompletableFuture.allOf(results.toArray(new CompletableFuture<?>[0])).thenCompose(v -> {
      List<IndexEntry> won = new ArrayList<>();
      UniqueConstraintViolationException lost = null;
      for (int i = 0; i < claims.size(); i++) {
        Optional<UniqueConstraintViolationException> r = results.get(i).join();
        if (r.isEmpty()) {
          won.add(claims.get(i));
        } else if (lost == null) {
          lost = r.get();
        }
      }
      if (lost == null) {
        return done();
      }
      UniqueConstraintViolationException failure = lost;
      return all(won, this::release).thenCompose(x -> CompletableFuture.<Void>failedFuture(failure));
    });
  }

  private CompletionStage<Optional<UniqueConstraintViolationException>> claim(IndexEntry e) {
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
      if (owner.equals(e.masterKey())) {
        return Optional.empty(); // ours already, e.g. a retried save
      }
      return Optional.of(new UniqueConstraintViolationException(e.index().entity(), e.index().name(), e.indexKey(), owner));
    });
  }

  private CompletionStage<Void> release(IndexEntry e) {
    CassandraIndexTable t = table(e);
    return t.release.async().thenCompose(ps -> dao.session().executeAsync(t.bindRelease(ps, e))).thenApply(rs -> null);
  }

  // ---- reads ----------------------------------------------------------------------------------

  /**
   * Resolves index rows to the master rows they point at, in parallel, keeping the order of the
   * index. A hit whose master is gone or no longer has that entry is dropped and repaired: the stale
   * row is deleted at its own write time, so a newer write of the same row survives.
   */
  <E> CompletionStage<List<E>> resolve(CassandraIndexTable table, List<Row> indexRows,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries,
      IndexReadStats stats) {
    List<CompletableFuture<Optional<E>>> lookups = new ArrayList<>(indexRows.size());
    for (Row row : indexRows) {
      List<Object> values = table.values(row);
      long writeTime = table.writeTime(row);
      IndexEntry hit = new IndexEntry(table.definition(), values);
      stats.indexRows.incrementAndGet();
      lookups.add(masterByKey.apply(hit.masterKey()).thenApply(master -> {
        if (master.isPresent() && matches(entries.apply(master.get()), hit)) {
          return master;
        }
        stats.stale.incrementAndGet();
        repair(table, hit, writeTime, stats);
        return Optional.<E>empty();
      }).toCompletableFuture());
    }
    return CompletableFuture.allOf(lookups.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      List<E> out = new ArrayList<>(lookups.size());
      lookups.forEach(f -> f.join().ifPresent(out::add));
      return out;
    });
  }

  /** The master still needs a row with this identity (its included values may differ: still a hit). */
  private static boolean matches(List<IndexEntry> needed, IndexEntry hit) {
    for (IndexEntry e : needed) {
      if (e.sameRow(hit) && e.masterKey().equals(hit.masterKey())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Deletes a stale row at its own write time, so that a newer write of the same row survives. A row
   * written within the grace period is left alone: it may come from a save whose master write is
   * still on its way, and deleting it would leave that save's entry missing.
   */
  private void repair(CassandraIndexTable table, IndexEntry stale, long writeTime, IndexReadStats stats) {
    if (writeTime == Long.MIN_VALUE || writeTime > io.denorm.WriteClock.shared().next() - repairGraceMicros) {
      return;
    }
    stats.repairs.incrementAndGet();
    CompletionStage<?> sent = stale.index().unique()
        ? release(stale)
        : table.delete.async().thenCompose(ps -> dao.writeAsync(table.bindIdentity(ps, stale), writeTime));
    sent.whenComplete((v, error) -> {
      if (error != null) {
        stats.repairFailures.incrementAndGet();
      }
    });
  }

  private CassandraIndexTable table(IndexEntry e) {
    CassandraIndexTable t = tables.get(e.index().name());
    if (t == null) {
      throw new IllegalStateException("no index table registered for " + e.index().name());
    }
    return t;
  }

  private static <T> CompletionStage<Void> all(List<T> items, Function<T, CompletionStage<Void>> action) {
    if (items.isEmpty()) {
      return done();
    }
    CompletableFuture<?>[] futures = new CompletableFuture<?>[items.size()];
    for (int i = 0; i < items.size(); i++) {
      futures[i] = action.apply(items.get(i)).toCompletableFuture();
    }
    return CompletableFuture.allOf(futures);
  }

  static CompletionStage<Void> done() {
    return CompletableFuture.completedFuture(null);
  }

  /** Reads every row of every page of {@code rs}. */
  static CompletionStage<List<Row>> allRows(AsyncResultSet rs, List<Row> into) {
    rs.currentPage().forEach(into::add);
    return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> allRows(next, into)) : CompletableFuture.completedFuture(into);
  }
}
