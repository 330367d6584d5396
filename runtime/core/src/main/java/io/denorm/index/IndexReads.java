package io.denorm.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The read side of {@link IndexProtocol}: index rows resolved to the master rows they point at, a
 * hit kept only while its master still needs it, and a stale row (one its master no longer needs)
 * removed once it is older than the repair grace, so that a save still on its way to its master
 * write keeps its entries (docs/consistency.md, "The promise": stale, not missing).
 */
final class IndexReads {

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(IndexReads.class);

  private final IndexProtocol<?> p;

  IndexReads(IndexProtocol<?> protocol) {
    this.p = protocol;
  }

  /**
   * Each hit whose master still needs it, as {@code result} of the hit and its master; the others
   * dropped and repaired. A trusted hit (a verified row of a covering index, {@link IndexHit#covered})
   * is its own master: nothing is read for it. A row of a covering index that matches its master in
   * every value, and was written longer ago than the repair grace, is marked verified for the reads
   * after this one (a younger one may belong to a save whose master write is still on its way, or to
   * one that another save, stamped later but begun before it, is about to replace without knowing it).
   */
  <E, R> CompletionStage<List<R>> resolve(List<IndexHit> hits, Function<List<Object>, CompletionStage<Optional<E>>> masterByKey,
      Function<E, List<IndexEntry>> entries, java.util.function.BiFunction<IndexHit, E, R> result) {
    p.stats.indexRows.addAndGet(hits.size());
    if (allCovered(hits)) { // settled rows of a covering index: nothing to read
      p.stats.trusted.addAndGet(hits.size());
      List<R> out = new ArrayList<>(hits.size());
      for (IndexHit hit : hits) {
        out.add(result.apply(hit, coveredOf(hit)));
      }
      return java.util.concurrent.CompletableFuture.completedFuture(out);
    }
    return io.denorm.Bounded.map(hits, IndexProtocol.MASTER_READS_IN_FLIGHT, hit -> {
      if (hit.covered() != null) {
        p.stats.trusted.incrementAndGet();
        return java.util.concurrent.CompletableFuture.completedFuture(Optional.of(result.apply(hit, IndexReads.<E>coveredOf(hit))));
      }
      return masterByKey.apply(hit.entry().masterKey()).thenApply(master -> {
        if (master.isPresent()) {
          IndexEntry want = NeededRows.neededRow(entries.apply(master.get()), hit.entry());
          if (want != null) {
            if (NeededRows.sameValues(want.values(), hit.entry().values())) {
              verifyIfSettled(hit);
            } else {
              rewriteInBackground(hit, want, neededNow(hit, masterByKey, entries));
            }
            return Optional.of(result.apply(hit, master.get()));
          }
        }
        p.stats.stale.incrementAndGet();
        repair(hit, neededNow(hit, masterByKey, entries));
        return Optional.<R>empty();
      });
    }).thenApply(found -> {
      List<R> out = new ArrayList<>(found.size());
      found.forEach(f -> f.ifPresent(out::add));
      return out;
    });
  }

  /**
   * The row {@code hit}'s master needs now for the hit's identity (null: none), its master read
   * again: for a hit read without its write time (see {@link #repair}).
   */
  private static <E> java.util.function.Supplier<CompletionStage<IndexEntry>> neededNow(IndexHit hit,
      Function<List<Object>, CompletionStage<Optional<E>>> masterByKey, Function<E, List<IndexEntry>> entries) {
    return () -> masterByKey.apply(hit.entry().masterKey())
        .thenApply(master -> master.map(m -> NeededRows.neededRow(entries.apply(m), hit.entry())).orElse(null));
  }

  /** The entity a trusted hit holds. */
  @SuppressWarnings("unchecked")
  private static <E> E coveredOf(IndexHit hit) {
    return (E) hit.covered();
  }

  private static boolean allCovered(List<IndexHit> hits) {
    for (IndexHit hit : hits) {
      if (hit.covered() == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * Verifies {@code hit}'s row, in the background, when its table is trusted and the row is older
   * than the grace: the master row is read again with its write time, and when it needs exactly this
   * row and was written longer ago than the grace, the row is marked verified at that write time.
   * (Not at the row's own write time: a write that cleared the mark and then failed before its
   * master write moves that time above the state, and a delete stamped just above the state would
   * then clear the mark below it.) A hit read without its write time is read again for it first;
   * a row found young is not read again for it until it can have settled ({@link #youngUntil}).
   */
  private void verifyIfSettled(IndexHit read) {
    var settledAt = p.settledAt;
    if (settledAt == null || !p.store.trusts(read.entry().index()) || (read.hasWriteTime() && isYoung(read.writeTime(), p.repairGraceMicros))
        || (!read.hasWriteTime() && knownYoung(read.entry()))) {
      return;
    }
    withWriteTime(read).thenCompose(found -> {
      if (found.isEmpty()) {
        return java.util.concurrent.CompletableFuture.completedFuture(false);
      }
      IndexHit hit = found.get();
      if (isYoung(hit.writeTime(), p.repairGraceMicros)) {
        rememberYoung(hit);
        return java.util.concurrent.CompletableFuture.completedFuture(false);
      }
      return settledAt.apply(hit.entry().masterKey(), hit.entry())
          // a row written after its master (by a rebuild, or by a write that failed) keeps its false mark: no write
          .thenCompose(at -> at == Stamped.UNKNOWN || isYoung(at, p.repairGraceMicros) || hit.writeTime() > at
              ? java.util.concurrent.CompletableFuture.<Boolean>completedFuture(false)
              : p.store.verify(hit.entry(), at).thenApply(v -> true));
    }).whenComplete((marked, error) -> {
      if (error != null) {
        p.stats.repairFailures.incrementAndGet();
        LOG.warn("{}: marking row {} of index {} verified failed (a later read tries again): {}", read.entry().index().entity(),
            read.entry().values(), read.entry().index().name(), String.valueOf(IndexProtocol.unwrapped(error)));
      } else if (marked) {
        p.stats.verified.incrementAndGet();
      }
    });
  }

  /**
   * {@code hit} with its write time: as it is when it was read with it, else its row read again by
   * its identity, kept only when it holds the same values (empty: the row is gone or was rewritten
   * since, and a later read judges it again).
   */
  private CompletionStage<Optional<IndexHit>> withWriteTime(IndexHit hit) {
    if (hit.hasWriteTime()) {
      return java.util.concurrent.CompletableFuture.completedFuture(Optional.of(hit));
    }
    p.stats.writeTimeReads.incrementAndGet();
    return p.store.read(hit.entry()).thenApply(again -> again.filter(h -> h.entry().equals(hit.entry()) && h.hasWriteTime()));
  }

  /**
   * Rows of trusted indexes read again for their write time and found young, each with the clock
   * time (µs) before which it cannot have settled: a finder that returns a fresh row on every call
   * reads it again for its write time once per grace, not once per call. Bounded: emptied when full
   * (forgetting a row costs one read more, never a wrong mark).
   */
  private final java.util.concurrent.ConcurrentHashMap<IndexEntry, Long> youngUntil = new java.util.concurrent.ConcurrentHashMap<>();

  /** How many rows {@link #youngUntil} holds at most. */
  static final int YOUNG_ROWS_REMEMBERED = 4096;

  private boolean knownYoung(IndexEntry entry) {
    Long until = youngUntil.get(entry);
    if (until == null) {
      return false;
    }
    if (until > p.clock().next()) {
      return true;
    }
    youngUntil.remove(entry, until);
    return false;
  }

  private void rememberYoung(IndexHit hit) {
    if (hit.writeTime() == Stamped.UNKNOWN || hit.writeTime() > Long.MAX_VALUE - p.repairGraceMicros) {
      return;
    }
    if (youngUntil.size() >= YOUNG_ROWS_REMEMBERED) {
      youngUntil.clear();
    }
    youngUntil.put(hit.entry(), hit.writeTime() + p.repairGraceMicros);
  }

  /**
   * Deletes a stale row at its own write time, so that a write of the same row stamped later
   * survives. A row written within the grace period is left alone: it may come from a save whose
   * master write is still on its way, and deleting it would leave that save's entry missing.
   *
   * <p>The protocol's order is: the row with its write time W, then its master, then the delete at
   * W; a save that writes the row after it was read is stamped above W and keeps it. A hit read
   * without its write time is read again for it after its master was judged, so its master is read
   * once more ({@code neededNow}) after that, and the row deleted only if the master still does not
   * need it: the same order again.
   */
  private void repair(IndexHit read, java.util.function.Supplier<CompletionStage<IndexEntry>> neededNow) {
    if (read.hasWriteTime() && isYoung(read.writeTime(), p.repairGraceMicros)) {
      return;
    }
    withWriteTime(read).thenCompose(found -> {
      if (found.isEmpty() || isYoung(found.get().writeTime(), p.repairGraceMicros)) {
        return java.util.concurrent.CompletableFuture.<Void>completedFuture(null);
      }
      IndexHit stale = found.get();
      CompletionStage<Boolean> stillStale = read.hasWriteTime() ? java.util.concurrent.CompletableFuture.completedFuture(true)
          : neededNow.get().thenApply(java.util.Objects::isNull);
      return stillStale.thenCompose(gone -> {
        if (!gone) {
          return java.util.concurrent.CompletableFuture.<Void>completedFuture(null);
        }
        p.stats.repairs.incrementAndGet();
        IndexEntry e = stale.entry();
        LOG.debug("{}: deleting stale row {} of index {} (its master {} no longer needs it)", e.index().entity(), e.values(), e.index().name(),
            e.masterKey());
        return remove(stale);
      });
    }).whenComplete((v, error) -> {
      if (error != null) {
        IndexEntry e = read.entry();
        p.stats.repairFailures.incrementAndGet();
        LOG.warn("{}: repair of stale row {} of index {} failed (a later read tries again): {}", e.index().entity(), e.values(),
            e.index().name(), String.valueOf(IndexProtocol.unwrapped(error)));
      }
    });
  }

  private void rewriteInBackground(IndexHit hit, IndexEntry want, java.util.function.Supplier<CompletionStage<IndexEntry>> neededNow) {
    rewrite(hit, want, neededNow).whenComplete((done, error) -> {
      if (error != null) {
        p.stats.repairFailures.incrementAndGet();
        LOG.warn("{}: rewriting row {} of index {} with its master's values failed (a later read tries again): {}", want.index().entity(),
            want.identity(), want.index().name(), String.valueOf(IndexProtocol.unwrapped(error)));
      }
    });
  }

  /**
   * A plain row that its master needs but that holds other included values ({@code read}; a save
   * that failed after its index writes, over the row of the state that stands, leaves one): once the
   * row is older than the grace, {@code want} (the master's values) is written just above the row's
   * write time W. That write hides only writes stamped at or below W, which the row hid already when
   * it was read, so a later save of the entity still wins. A claimed row is left to the save that
   * asserts it next. Completes with false when the row is still young (nothing written). {@code read}
   * must carry its write time (rows read by their identity).
   */
  CompletionStage<Boolean> rewrite(IndexHit read, IndexEntry want) {
    if (!read.hasWriteTime()) {
      throw new IllegalArgumentException("row " + read.entry().values() + " of index " + read.entry().index().name() + " was read without its write time");
    }
    return rewrite(read, want, null);
  }

  /**
   * {@link #rewrite(IndexHit, IndexEntry)} for a hit that may have been read without its write time:
   * the row is then read again for it, and its master after that ({@code neededNow}), so that the
   * values written are those the master needs after W was read (see {@link #repair}).
   */
  private CompletionStage<Boolean> rewrite(IndexHit read, IndexEntry want, java.util.function.Supplier<CompletionStage<IndexEntry>> neededNow) {
    if (p.store.claimed(want.index()) || NeededRows.sameValues(read.entry().values(), want.values()) || read.writeTime() == Stamped.UNKNOWN) {
      return java.util.concurrent.CompletableFuture.completedFuture(true);
    }
    if (read.hasWriteTime() && isYoung(read.writeTime(), p.repairGraceMicros)) {
      return java.util.concurrent.CompletableFuture.completedFuture(false);
    }
    return withWriteTime(read).thenCompose(found -> {
      if (found.isEmpty()) {
        return java.util.concurrent.CompletableFuture.completedFuture(true); // gone or rewritten since: a later read judges it
      }
      IndexHit hit = found.get();
      if (hit.writeTime() == Stamped.UNKNOWN) {
        return java.util.concurrent.CompletableFuture.completedFuture(true);
      }
      if (isYoung(hit.writeTime(), p.repairGraceMicros)) {
        return java.util.concurrent.CompletableFuture.completedFuture(false);
      }
      CompletionStage<IndexEntry> wanted = read.hasWriteTime() ? java.util.concurrent.CompletableFuture.completedFuture(want) : neededNow.get();
      return wanted.thenCompose(now -> {
        if (now == null || NeededRows.sameValues(now.values(), hit.entry().values())) {
          return java.util.concurrent.CompletableFuture.completedFuture(true); // stale since, or matching: a later read judges it
        }
        p.stats.repairs.incrementAndGet();
        LOG.debug("{}: row {} of index {} held other included values than its master {} needs; rewritten", now.index().entity(),
            now.identity(), now.index().name(), now.masterKey());
        return p.store.insert(now, hit.writeTime() + 1).thenApply(v -> true);
      });
    });
  }

  /** Removes a stale row: released if unique, else deleted at its own write time. */
  CompletionStage<Void> remove(IndexHit stale) {
    return remove(stale, p.repairGraceMicros);
  }

  /**
   * Removes a stale row: deleted at its own write time, or for a unique row released only while no
   * operation has asserted it within {@code graceMicros} (the store checks the stamp).
   */
  CompletionStage<Void> remove(IndexHit stale, long graceMicros) {
    if (!stale.hasWriteTime()) { // its master was judged without it: see repair
      throw new IllegalArgumentException("row " + stale.entry().values() + " of index " + stale.entry().index().name() + " was read without its write time");
    }
    IndexEntry e = stale.entry();
    if (!p.store.claimed(e.index())) {
      return p.store.delete(e, stale.writeTime());
    }
    long fence = p.clock().next() - graceMicros;
    if (graceMicros <= 0 && stale.writeTime() != Stamped.UNKNOWN) {
      // no grace: the row as it was read goes, even when a contended save stamped it ahead of this
      // clock; an operation that asserted it again since then stamped it higher and keeps it
      fence = Math.max(fence, stale.writeTime() + 1);
    }
    return p.release(e, fence);
  }

  /**
   * Whether a row written at {@code writeTime} is within {@code graceMicros} of this DAO's clock (a
   * row of unknown write time, or one stamped ahead of the clock by a contended save, always is).
   */
  boolean isYoung(long writeTime, long graceMicros) {
    return writeTime == Stamped.UNKNOWN || writeTime == IndexHit.UNREAD || writeTime > p.clock().next() - graceMicros;
  }
}
