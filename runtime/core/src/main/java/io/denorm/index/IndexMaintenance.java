package io.denorm.index;

import io.denorm.DenormException;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Verifies an index against its master table, and rebuilds or back-fills it, on any backend.
 *
 * <p>Both tables are read by segments ({@link IndexScans}), several in parallel, page by page, into
 * spill files on disk; the files are then read one at a time and the rows the index holds matched
 * with the rows the master rows need ({@link SpillMerge}), so memory stays bounded whatever the
 * table size and no row is looked up unless the two sides differ. A row that differs is checked
 * again against the store (a save may have changed it since the scans), with a bounded number of
 * reads in flight, except a row a rebuild of a plain index finds missing: that one is written at
 * once, and counted missing. Of one row identity, the stale row is dealt with first, then the
 * needed one, so that a unique row held by a stale owner is released before it is refilled.
 *
 * <p>A rebuild deletes a stale row at its own write time (a newer write of it survives) and only
 * when it is older than the repair grace, judged when it is deleted; it writes a missing row with a
 * fresh timestamp (a concurrent move can at worst leave a stale row, never a missing one). Saves
 * during a run can make its counts include rows they wrote or removed between the scans and the
 * match (a row saved after the index scan reached it counts as missing); run it while writes are
 * quiet for exact counts.
 *
 * <p>A run given a {@linkplain #checkpoint checkpoint directory} keeps its state there after each
 * segment and each spill file, and a run stopped for any reason (killed, interrupted, a failed
 * write) resumes from it when started again with the same directory: the segments it finished are
 * not read again and the files it compared are not compared again. A {@linkplain #maxRowsPerSecond
 * rate limit} bounds how fast the scans read.
 */
public final class IndexMaintenance<E> {

  final Map<String, IndexDefinition> indexes;
  final IndexProtocol<?> protocol;
  final IndexScans<E> scans;
  final Function<E, List<IndexEntry>> entries;
  final Function<List<Object>, CompletionStage<Optional<E>>> lookup;
  final IndexRowChecks<E> checks = new IndexRowChecks<>(this); // single rows checked again, counted and fixed
  private int parallelSegments = 4;
  final int readsInFlight = 64;
  private Duration repairGrace = Duration.ofSeconds(60);
  private java.nio.file.Path spillDirectory = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"));
  private long spillBudget;
  private java.nio.file.Path checkpointDirectory;
  private double maxRowsPerSecond;

  public IndexMaintenance(Map<String, IndexDefinition> indexes, IndexProtocol<?> protocol, IndexScans<E> scans,
      Function<E, List<IndexEntry>> entries, Function<List<Object>, CompletionStage<Optional<E>>> lookup) {
    this.indexes = Map.copyOf(indexes);
    this.protocol = protocol;
    this.scans = scans;
    this.entries = entries;
    this.lookup = lookup;
  }

  /** How many segments are scanned at once (default 4). */
  public IndexMaintenance<E> parallelism(int parallel) {
    if (parallel < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1");
    }
    this.parallelSegments = parallel;
    return this;
  }

  /** How old a stale row must be before a rebuild deletes it (default 60 s). */
  public IndexMaintenance<E> repairGrace(Duration grace) {
    this.repairGrace = grace;
    return this;
  }

  /**
   * Where verify and rebuild write their spill files (default: {@code java.io.tmpdir}). They take
   * about the size of the index's entries, twice that while a large file is split, and are deleted
   * when the run ends.
   */
  public IndexMaintenance<E> spillDirectory(java.nio.file.Path directory) {
    this.spillDirectory = java.util.Objects.requireNonNull(directory, "directory");
    return this;
  }

  /**
   * The largest spill file read into memory at once, in bytes (default: a 64th of the maximum heap,
   * at least 256 KB); larger ones are split first. Its rows take up to about ten times this in
   * memory. A file no hash can split (one key needed by very many masters of a unique index) is
   * read row by row instead, each row looked up as it passes.
   */
  public IndexMaintenance<E> spillBudget(long bytes) {
    if (bytes < 1024) {
      throw new IllegalArgumentException("spill budget must be at least 1024 bytes");
    }
    this.spillBudget = bytes;
    return this;
  }

  /**
   * Keeps the state of each run in {@code directory} (one directory per index and kind of run), so
   * that a run that stops resumes where it was when started again with the same directory; the
   * directory is deleted when a run ends well. The spill files go there too (instead of the
   * {@linkplain #spillDirectory spill directory}), about the size of the index's entries per attempt
   * that scanned it, and are synced to disk before a segment is recorded. One run at a time holds a
   * directory; one written for another definition of the index is refused. Null: no checkpoint (the
   * default).
   */
  public IndexMaintenance<E> checkpoint(java.nio.file.Path directory) {
    this.checkpointDirectory = directory;
    return this;
  }

  /**
   * At most {@code rows} table rows read per second by the scans, across their parallel segments (0:
   * no limit, the default). A back-fill writes as it reads, so its writes follow; the comparison of
   * a verify or rebuild (its lookups and repairs of the rows that differ, at most 64 in flight) is
   * not limited.
   */
  public IndexMaintenance<E> maxRowsPerSecond(double rows) {
    if (rows < 0 || Double.isNaN(rows)) {
      throw new IllegalArgumentException("max rows per second must be positive, or 0 for no limit");
    }
    this.maxRowsPerSecond = rows;
    return this;
  }

  /**
   * What the checkpoint in {@code directory} holds, one line (the run, its attempts and the
   * segments and files done), or empty when there is none.
   */
  public static Optional<String> checkpointState(java.nio.file.Path directory) {
    return Checkpoint.describe(directory);
  }

  public List<String> indexes() {
    return indexes.keySet().stream().sorted().toList();
  }

  /**
   * The run over {@code index} cut into tasks that other machines can run (a Spark job's, see
   * {@link IndexTasks}), the tables read in about {@code segments} segments each; this instance's
   * repair grace applies.
   */
  public IndexTasks<E> tasks(String index, int segments) {
    IndexDefinition definition = indexes.get(index);
    if (definition == null) {
      throw new IllegalArgumentException("no index " + index + "; indexes: " + indexes());
    }
    if (segments < 1) {
      throw new IllegalArgumentException("segments must be at least 1");
    }
    return new IndexTasks<>(this, definition, segments);
  }

  Duration repairGrace() {
    return repairGrace;
  }

  /** The rows of {@code index} that master row {@code row} needs. */
  List<IndexEntry> neededBy(IndexDefinition index, E row) {
    List<IndexEntry> out = new ArrayList<>(1);
    for (IndexEntry needed : entries.apply(row)) {
      if (needed.index().name().equals(index.name())) {
        out.add(needed);
      }
    }
    return out;
  }

  /** Writes the rows of {@code index} that master row {@code row} needs, with a fresh timestamp, without reading them first. */
  void backfillRow(IndexDefinition index, E row, Permits inFlight, Counters k) throws InterruptedException {
    IndexStore<?> store = protocol.store();
    for (IndexEntry needed : neededBy(index, row)) {
      inFlight.acquire();
      store.insert(needed, protocol.clock().next()).thenRun(k.fixed::incrementAndGet).whenComplete((v, error) -> k.release(inFlight, error));
    }
  }

  /** Counts missing, stale and mismatched entries of {@code index}; changes nothing. */
  public IndexReport verify(String index, Consumer<IndexProgress> progress) {
    return run(index, false, progress);
  }

  /** Fills missing entries, deletes stale ones and rewrites mismatched ones; also back-fills a new index. */
  public IndexReport rebuild(String index, Consumer<IndexProgress> progress) {
    return run(index, true, progress);
  }

  /**
   * Back-fills {@code index}, a new index table (or one known to miss rows): writes every entry the
   * master rows need with a fresh timestamp, without reading the index first, so it runs at about
   * the rate of the writes. Nothing is counted as missing or stale, and stale rows are left: run
   * {@link #rebuild} for those. A concurrent move can at worst leave a stale row (as with a rebuild),
   * and a rewritten covering row is unverified, so nothing wrong is trusted. A unique index (whose
   * claims need their holder read) and one that feeds counts or inverse sides are rebuilt instead.
   */
  public IndexReport backfill(String indexName, Consumer<IndexProgress> progress) {
    IndexDefinition index = indexes.get(indexName);
    if (index == null) {
      throw new IllegalArgumentException("no index " + indexName + "; indexes: " + indexes());
    }
    IndexStore<?> store = protocol.store();
    if (store.claimed(index) || store.feedsMembers(index)) {
      return rebuild(indexName, progress);
    }
    try (Checkpoint checkpoint = checkpoint(index, "backfill")) {
      return backfill(index, progress, checkpoint);
    }
  }

  private IndexReport backfill(IndexDefinition index, Consumer<IndexProgress> progress, Checkpoint checkpoint) {
    String indexName = index.name();
    long start = System.nanoTime();
    Counters c = Counters.restored(checkpoint);
    scan(indexName, "backfill", scans.master(), progress, c, k -> k.masterRows, checkpoint, null, (row, segment, inFlight, k) -> {
      backfillRow(index, row, inFlight, k);
    });
    if (c.failed.get() > 0) {
      throw new DenormException("backfill of " + indexName + " is incomplete: " + c.failed.get() + " writes failed" + resumable(checkpoint)
          + "; first: " + c.firstFailure, c.firstFailure);
    }
    if (checkpoint != null) {
      checkpoint.finish();
    }
    return new IndexReport(indexName, true, c.masterRows.get(), 0, 0, 0, 0, c.fixed.get(), 0, 0, 0, 0, Duration.ofNanos(System.nanoTime() - start));
  }

  private IndexReport run(String indexName, boolean fix, Consumer<IndexProgress> progress) {
    IndexDefinition index = indexes.get(indexName);
    if (index == null) {
      throw new IllegalArgumentException("no index " + indexName + "; indexes: " + indexes());
    }
    try (Checkpoint checkpoint = checkpoint(index, fix ? "rebuild" : "verify")) {
      return run(index, fix, progress, checkpoint);
    }
  }

  /** The checkpoint of a {@code mode} of {@code index} in the checkpoint directory, or null when none is kept. */
  private Checkpoint checkpoint(IndexDefinition index, String mode) {
    return checkpointDirectory == null ? null : Checkpoint.open(checkpointDirectory, index.name(), index.toString(), mode);
  }

  private IndexReport run(IndexDefinition index, boolean fix, Consumer<IndexProgress> progress, Checkpoint checkpoint) {
    String indexName = index.name();
    long start = System.nanoTime();
    Counters c = Counters.restored(checkpoint);
    try (SpillMerge spill = checkpoint == null ? new SpillMerge(index, spillDirectory, spillBudget())
        : new SpillMerge(index, checkpoint, spillBudget())) {
      // Both tables are scanned into the spill files (no read per row), then matched row by row;
      // only the rows that differ are looked up, with the per-row checks of a concurrent writer in mind.
      scan(indexName, SpillMerge.HELD_PHASE, scans.index(index), progress, c, k -> k.indexRows, checkpoint, spill::flush,
          (hit, segment, inFlight, k) -> spill.held(hit, segment));
      scan(indexName, SpillMerge.NEEDED_PHASE, scans.master(), progress, c, k -> k.masterRows, checkpoint, spill::flush,
          (row, segment, inFlight, k) -> {
            for (IndexEntry needed : neededBy(index, row)) {
              spill.needed(needed, segment);
            }
          });
      Permits inFlight = new Permits(readsInFlight);
      boolean direct = fix && !protocol.store().claimed(index);
      long mergeStart = System.nanoTime();
      int firstFile = checkpoint == null ? 0 : checkpoint.compared();
      Counters[] file = {new Counters()}; // what the file being compared adds, kept with it by the checkpoint
      boolean[] keeping = {checkpoint != null};
      spill.merge(new SpillMerge.Sink() {
        @Override
        public void group(SpillMerge.Group group) {
          interruptible(indexName, () -> compare(group, fix, direct, file[0], inFlight));
        }

        @Override
        public void heldAlone(IndexHit hit) {
          interruptible(indexName, () -> {
            checks.checkIndexRow(hit, fix, file[0], inFlight);
          });
        }

        @Override
        public void heldDone() {
          awaitAll(inFlight, indexName); // stale holders let go before the needed rows are claimed
        }

        @Override
        public void neededAlone(IndexEntry needed) {
          interruptible(indexName, () -> checks.checkNeeded(needed, fix, file[0], inFlight));
        }

        @Override
        public void fileDone(int done, int files) {
          awaitAll(inFlight, indexName); // the file's lookups and repairs have all counted
          if (keeping[0]) {
            if (file[0].failed.get() > 0) {
              keeping[0] = false; // the file is compared again on resumption, and every one after it
            } else {
              checkpoint.compared(done - 1, file[0].values());
            }
          }
          c.add(file[0]);
          file[0] = new Counters();
          if (progress != null) {
            double seconds = Math.max(1e-9, (System.nanoTime() - mergeStart) / 1e9);
            long rows = c.indexRows.get() + c.masterRows.get();
            progress.accept(new IndexProgress(indexName, "compare", done, files, rows * done / files,
                rows * (done - firstFile) / files / seconds, seconds / Math.max(1, done - firstFile) * (files - done)));
          }
        }
      });
      awaitAll(inFlight, indexName);
      c.add(file[0]);
    } catch (java.io.UncheckedIOException e) {
      throw new DenormException((fix ? "rebuild" : "verify") + " of " + indexName + " failed" + resumable(checkpoint) + ": " + e.getMessage(), e);
    }
    if (protocol.store().feedsMembers(index)) {
      // The memberships are right now: a count or inverse side a crash left unmoved is set from them.
      // After a failed comparison none of it is recorded: the resumed run checks the memberships again.
      scan(indexName, "memberships", protocol.store().membershipRows(index), progress, c, k -> k.counts,
          c.failed.get() > 0 ? null : checkpoint, null,
          (row, segment, inFlight, k) -> checks.checkMembership(index, row, fix, k, inFlight));
    }
    if (c.failed.get() > 0) {
      throw new DenormException((fix ? "rebuild" : "verify") + " of " + indexName + " is incomplete: " + c.failed.get()
          + " lookups or repairs failed" + resumable(checkpoint) + "; first: " + c.firstFailure, c.firstFailure);
    }
    if (checkpoint != null) {
      checkpoint.finish();
    }
    return new IndexReport(indexName, fix, c.masterRows.get(), c.indexRows.get(), c.missing.get(), c.stale.get(), c.mismatched.get(),
        c.fixed.get(), c.young.get(), c.counts.get(), c.wrongCounts.get(), c.wrongInverse.get(), Duration.ofNanos(System.nanoTime() - start));
  }

  /**
   * One row identity, as the index holds it and as the master rows need it. A held row no master
   * needs is checked as a stale row (its master read again: it may have changed since the scan),
   * and those checks finish before the needed rows of the same identity are written, so that a
   * unique row is released before it is claimed again. A needed row the index lacks is written at
   * once by a rebuild of a plain index, and else read first like a row whose values differ.
   */
  void compare(SpillMerge.Group group, boolean fix, boolean direct, Counters c, Permits inFlight) throws InterruptedException {
    List<CompletableFuture<Void>> staleChecks = new ArrayList<>(0);
    for (IndexHit hit : group.held()) {
      if (!NeededRows.needs(group.needed(), hit.entry())) {
        staleChecks.add(checks.checkIndexRow(hit, fix, c, inFlight));
      }
    }
    if (!staleChecks.isEmpty() && !group.needed().isEmpty()) {
      CompletableFuture.allOf(staleChecks.toArray(CompletableFuture[]::new)).exceptionally(error -> null).join();
    }
    for (IndexEntry needed : group.needed()) {
      IndexHit held = null;
      for (IndexHit hit : group.held()) {
        if (hit.entry().sameRow(needed)) {
          held = hit;
        }
      }
      if (held != null && NeededRows.sameValues(held.entry().values(), needed.values())) {
        continue;
      }
      if (held == null && direct) {
        c.missing.incrementAndGet();
        inFlight.acquire();
        IndexProtocol.done().thenCompose(v -> checks.write(needed, false)).thenRun(c.fixed::incrementAndGet)
            .whenComplete((v, error) -> c.release(inFlight, error));
      } else {
        checks.checkNeeded(needed, fix, c, inFlight);
      }
    }
  }

  @FunctionalInterface
  private interface Interruptible {
    void run() throws InterruptedException;
  }

  private static void interruptible(String indexName, Interruptible step) {
    try {
      step.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while checking " + indexName, e);
    }
  }

  private static String resumable(Checkpoint checkpoint) {
    return checkpoint == null ? "" : " (run it again to resume from the checkpoint in " + checkpoint.directory() + ")";
  }

  private void awaitAll(Permits inFlight, String indexName) {
    try {
      inFlight.awaitAll();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while checking " + indexName, e);
    }
  }

  private long spillBudget() {
    return spillBudget > 0 ? spillBudget : Math.max(256 * 1024, Runtime.getRuntime().maxMemory() / 64);
  }

  @FunctionalInterface
  private interface RowCheck<T> {
    /** One row read by segment {@code segment}: lookups and writes through {@code inFlight}, counted in {@code counts}. */
    void check(T row, int segment, Permits inFlight, Counters counts) throws InterruptedException;
  }

  /**
   * Reads every segment, several in parallel, calling {@code check} on each row; each row counted in
   * the counter {@code rowsOf} picks. A segment's counts join {@code run} when every lookup and
   * write it started has finished; with a checkpoint, a segment it has as finished is skipped, and
   * one that finishes without a failure is recorded (after {@code beforeRecord}).
   */
  private <T> void scan(String index, String phase, List<IndexScans.Segment<T>> segments, Consumer<IndexProgress> progress,
      Counters run, Function<Counters, AtomicLong> rowsOf, Checkpoint checkpoint, Runnable beforeRecord, RowCheck<T> check) {
    if (checkpoint != null) {
      List<String> ranges = new ArrayList<>(segments.size());
      for (IndexScans.Segment<T> segment : segments) {
        if (segment.range() == null) {
          throw new IllegalStateException("the " + phase + " segments of " + index + " have no stable range: a checkpoint cannot name them");
        }
        ranges.add(segment.range());
      }
      checkpoint.plan(phase, ranges);
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallelSegments, segments.size())), r -> {
      Thread t = new Thread(r, "denorm-index-" + phase);
      t.setDaemon(true);
      return t;
    });
    Permits inFlight = new Permits(readsInFlight);
    RateLimit limit = maxRowsPerSecond > 0 ? new RateLimit(maxRowsPerSecond) : null;
    int skipped = checkpoint == null ? 0 : checkpoint.finished(phase, segments.size());
    AtomicInteger done = new AtomicInteger(skipped);
    AtomicLong rows = new AtomicLong(rowsOf.apply(run).get());
    long rowsBefore = rows.get();
    long t0 = System.nanoTime();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int s = 0; s < segments.size(); s++) {
        int segmentNumber = s;
        IndexScans.Segment<T> segment = segments.get(s);
        if (checkpoint != null && checkpoint.finishedBy(phase, s) > 0) {
          continue;
        }
        futures.add(pool.submit(() -> {
          Counters counts = new Counters();
          Permits mine = inFlight.segment();
          segment.forEach(row -> {
            if (limit != null) {
              limit.acquire();
            }
            rows.incrementAndGet();
            rowsOf.apply(counts).incrementAndGet();
            check.check(row, segmentNumber, mine, counts);
          });
          mine.awaitMine();
          if (checkpoint != null && counts.failed.get() == 0) {
            if (beforeRecord != null) {
              beforeRecord.run();
            }
            checkpoint.finished(phase, segmentNumber, counts.values());
          }
          synchronized (done) { // reports arrive one at a time, segment counts increasing
            run.add(counts);
            int finished = done.incrementAndGet();
            if (progress != null) {
              double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
              double rate = (rows.get() - rowsBefore) / seconds;
              double eta = seconds / Math.max(1, finished - skipped) * (segments.size() - finished);
              progress.accept(new IndexProgress(index, phase, finished, segments.size(), rows.get(), rate, eta));
            }
          }
          return null;
        }));
      }
      if (skipped == segments.size() && progress != null && !segments.isEmpty()) {
        progress.accept(new IndexProgress(index, phase, segments.size(), segments.size(), rows.get(), 0, 0));
      }
      for (Future<?> f : futures) {
        f.get();
      }
      inFlight.awaitAll(); // every lookup started has finished
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while scanning " + index, e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new DenormException(phase + " scan of " + index + " failed" + resumable(checkpoint) + ": " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
