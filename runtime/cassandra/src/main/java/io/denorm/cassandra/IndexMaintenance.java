package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import io.denorm.DenormException;
import io.denorm.WriteClock;
import io.denorm.index.IndexEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Verifies an index against its master table, and rebuilds or back-fills it.
 *
 * <p>Both tables are read by token-range segments, several in parallel, page by page; each row's
 * counterpart is looked up with a bounded number of reads in flight, so memory stays constant
 * whatever the table size. The stale pass (index → master) runs first, then the missing pass
 * (master → index), so that a unique row held by a stale owner is released before it is refilled.
 *
 * <p>A rebuild deletes a stale row at its own write time (a newer write of it survives) and only
 * when it is older than the repair grace; it writes a missing row with a fresh timestamp (a
 * concurrent move can at worst leave a stale row, never a missing one).
 */
public final class IndexMaintenance<E> {

  private static final String MURMUR3 = "org.apache.cassandra.dht.Murmur3Partitioner";

  private final CassandraDaoBase dao;
  private final Map<String, CassandraIndexTable> tables;
  private final PreparedCql masterScan;
  private final Function<Row, E> mapper;
  private final Function<E, List<IndexEntry>> entries;
  private final Function<List<Object>, CompletionStage<Optional<E>>> lookup;
  private int segments = 16;
  private int parallelSegments = 4;
  private int readsInFlight = 64;
  private Duration repairGrace = Duration.ofSeconds(60);

  IndexMaintenance(CassandraDaoBase dao, Map<String, CassandraIndexTable> tables, PreparedCql masterScan, Function<Row, E> mapper,
      Function<E, List<IndexEntry>> entries, Function<List<Object>, CompletionStage<Optional<E>>> lookup) {
    this.dao = dao;
    this.tables = tables;
    this.masterScan = masterScan;
    this.mapper = mapper;
    this.entries = entries;
    this.lookup = lookup;
  }

  /** Token-range segments to split each scan into, and how many run at once. */
  public IndexMaintenance<E> segments(int segments, int parallel) {
    if (segments < 1 || parallel < 1) {
      throw new IllegalArgumentException("segments and parallelism must be at least 1");
    }
    this.segments = segments;
    this.parallelSegments = parallel;
    return this;
  }

  /** How old a stale row must be before a rebuild deletes it (default 60 s). */
  public IndexMaintenance<E> repairGrace(Duration grace) {
    this.repairGrace = grace;
    return this;
  }

  public List<String> indexes() {
    return List.copyOf(tables.keySet());
  }

  /** Counts missing, stale and mismatched entries of {@code index}; changes nothing. */
  public IndexReport verify(String index, Consumer<IndexProgress> progress) {
    return run(index, false, progress);
  }

  /** Fills missing entries, deletes stale ones and rewrites mismatched ones; also back-fills a new index. */
  public IndexReport rebuild(String index, Consumer<IndexProgress> progress) {
    return run(index, true, progress);
  }

  private IndexReport run(String indexName, boolean fix, Consumer<IndexProgress> progress) {
    CassandraIndexTable table = tables.get(indexName);
    if (table == null) {
      throw new IllegalArgumentException("no index " + indexName + "; indexes: " + tables.keySet());
    }
    requireMurmur3(dao.session());
    long start = System.nanoTime();
    Counters c = new Counters();
    scan(indexName, "stale", table.scan, progress, c.indexRows, (row, inFlight) -> checkIndexRow(table, row, fix, c, inFlight));
    scan(indexName, "missing", masterScan, progress, c.masterRows, (row, inFlight) -> checkMasterRow(table, row, fix, c, inFlight));
    if (c.failed.get() > 0) {
      throw new DenormException((fix ? "rebuild" : "verify") + " of " + indexName + " is incomplete: " + c.failed.get()
          + " lookups or repairs failed; first: " + c.firstFailure, c.firstFailure);
    }
    return new IndexReport(indexName, fix, c.masterRows.get(), c.indexRows.get(), c.missing.get(), c.stale.get(), c.mismatched.get(),
        c.fixed.get(), c.young.get(), Duration.ofNanos(System.nanoTime() - start));
  }

  private static final class Counters {
    final AtomicLong masterRows = new AtomicLong();
    final AtomicLong indexRows = new AtomicLong();
    final AtomicLong missing = new AtomicLong();
    final AtomicLong stale = new AtomicLong();
    final AtomicLong mismatched = new AtomicLong();
    final AtomicLong fixed = new AtomicLong();
    final AtomicLong young = new AtomicLong();
    /** Lookups or repairs that failed: a report with any would be incomplete, so the run fails. */
    final AtomicLong failed = new AtomicLong();
    volatile Throwable firstFailure;

    void release(Semaphore inFlight, Throwable error) {
      if (error != null) {
        if (failed.getAndIncrement() == 0) {
          firstFailure = error;
        }
      }
      inFlight.release();
    }
  }

  @FunctionalInterface
  private interface RowCheck {
    void check(Row row, Semaphore inFlight) throws InterruptedException;
  }

  /** Reads {@code scan} over every token segment, in parallel, calling {@code check} on each row. */
  private void scan(String index, String phase, PreparedCql scan, Consumer<IndexProgress> progress, AtomicLong rows, RowCheck check) {
    List<long[]> ranges = segments(segments);
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallelSegments, ranges.size()), r -> {
      Thread t = new Thread(r, "denorm-index-" + phase);
      t.setDaemon(true);
      return t;
    });
    Semaphore inFlight = new Semaphore(readsInFlight);
    AtomicInteger done = new AtomicInteger();
    long t0 = System.nanoTime();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (long[] range : ranges) {
        futures.add(pool.submit(() -> {
          BoundStatement statement = scan.sync().bind(range[0], range[1]).setPageSize(500);
          for (Row row : dao.session().execute(statement)) {
            rows.incrementAndGet();
            check.check(row, inFlight);
          }
          synchronized (done) { // reports arrive one at a time, segment counts increasing
            int finished = done.incrementAndGet();
            if (progress != null) {
              double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
              double rate = rows.get() / seconds;
              double eta = seconds / finished * (ranges.size() - finished);
              progress.accept(new IndexProgress(index, phase, finished, ranges.size(), rows.get(), rate, eta));
            }
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
      inFlight.acquire(readsInFlight); // every lookup started has finished
      inFlight.release(readsInFlight);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while scanning " + index, e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new DenormException(phase + " scan of " + index + " failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private void checkIndexRow(CassandraIndexTable table, Row row, boolean fix, Counters c, Semaphore inFlight) throws InterruptedException {
    IndexEntry hit = new IndexEntry(table.definition(), table.values(row));
    long writeTime = table.writeTime(row);
    inFlight.acquire();
    lookup.apply(hit.masterKey()).thenCompose(master -> {
      boolean needed = master.isPresent() && entries.apply(master.get()).stream()
          .anyMatch(e -> e.sameRow(hit) && e.masterKey().equals(hit.masterKey()));
      if (needed) {
        return CompletableFuture.completedFuture(null);
      }
      c.stale.incrementAndGet();
      if (!fix) {
        return CompletableFuture.completedFuture(null);
      }
      if (writeTime > WriteClock.shared().next() - repairGrace.toNanos() / 1_000) {
        c.young.incrementAndGet();
        return CompletableFuture.completedFuture(null);
      }
      CompletionStage<?> repair = hit.index().unique()
          ? table.release.async().thenCompose(ps -> dao.session().executeAsync(table.bindRelease(ps, hit)))
          : table.delete.async().thenCompose(ps -> dao.writeAsync(table.bindIdentity(ps, hit), writeTime));
      return repair.thenRun(c.fixed::incrementAndGet);
    }).whenComplete((v, error) -> c.release(inFlight, error));
  }

  private void checkMasterRow(CassandraIndexTable table, Row row, boolean fix, Counters c, Semaphore inFlight) throws InterruptedException {
    E master = mapper.apply(row);
    for (IndexEntry needed : entries.apply(master)) {
      if (!needed.index().name().equals(table.definition().name())) {
        continue;
      }
      inFlight.acquire();
      table.selectRow.async()
          .thenCompose(ps -> dao.session().executeAsync(table.bindIdentity(ps, needed)))
          .thenCompose(rs -> {
            Row existing = rs.one();
            if (existing != null && table.values(existing).equals(needed.values())) {
              return CompletableFuture.completedFuture(null);
            }
            (existing == null ? c.missing : c.mismatched).incrementAndGet();
            if (!fix) {
              return CompletableFuture.completedFuture(null);
            }
            return write(table, needed, existing).thenRun(c.fixed::incrementAndGet);
          })
          .whenComplete((v, error) -> c.release(inFlight, error));
    }
  }

  /** Writes a needed entry: a plain insert, or for a unique index a claim (or an owner's overwrite). */
  private CompletionStage<Void> write(CassandraIndexTable table, IndexEntry needed, Row existing) {
    if (!needed.index().unique()) {
      return table.insert.async().thenCompose(ps -> dao.writeAsync(table.bindInsert(ps, needed), WriteClock.shared().next()));
    }
    if (existing == null) {
      return table.claim.async().thenCompose(ps -> dao.session().executeAsync(table.bindInsert(ps, needed))).thenApply(rs -> null);
    }
    if (table.overwriteOwned == null) {
      return CompletableFuture.completedFuture(null); // held by another entity: the stale pass releases it once its owner lets go
    }
    return table.overwriteOwned.async().thenCompose(ps -> dao.session().executeAsync(table.bindOverwrite(ps, needed))).thenApply(rs -> null);
  }

  /** Closed, disjoint token segments that cover the whole Murmur3 ring. */
  static List<long[]> segments(int n) {
    List<long[]> out = new ArrayList<>(n);
    java.math.BigInteger min = java.math.BigInteger.valueOf(Long.MIN_VALUE);
    java.math.BigInteger width = java.math.BigInteger.valueOf(Long.MAX_VALUE).subtract(min).add(java.math.BigInteger.ONE)
        .divide(java.math.BigInteger.valueOf(n));
    for (int i = 0; i < n; i++) {
      long lo = min.add(width.multiply(java.math.BigInteger.valueOf(i))).longValueExact();
      long hi = i == n - 1 ? Long.MAX_VALUE : min.add(width.multiply(java.math.BigInteger.valueOf(i + 1))).longValueExact() - 1;
      out.add(new long[] {lo, hi});
    }
    return out;
  }

  private static void requireMurmur3(CqlSession session) {
    String partitioner = session.getMetadata().getTokenMap().map(TokenMap::getPartitionerName).orElse(MURMUR3);
    if (!partitioner.endsWith("Murmur3Partitioner")) {
      throw new DenormException("index maintenance scans token ranges of the Murmur3Partitioner; this cluster uses " + partitioner);
    }
  }
}
