package io.denorm.index;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** What a run of {@link IndexMaintenance} (or one task of it) has counted so far. */
final class Counters {
  final AtomicLong masterRows = new AtomicLong();
  final AtomicLong indexRows = new AtomicLong();
  final AtomicLong missing = new AtomicLong();
  final AtomicLong stale = new AtomicLong();
  final AtomicLong mismatched = new AtomicLong();
  final AtomicLong fixed = new AtomicLong();
  final AtomicLong young = new AtomicLong();
  final AtomicLong counts = new AtomicLong();
  final AtomicLong wrongCounts = new AtomicLong();
  final AtomicLong wrongInverse = new AtomicLong();
  /** Lookups or repairs that failed: a report with any would be incomplete, so the run fails. */
  final AtomicLong failed = new AtomicLong();
  volatile Throwable firstFailure;

  void release(Permits inFlight, Throwable error) {
    if (error != null && failed.getAndIncrement() == 0) {
      firstFailure = error;
    }
    inFlight.release();
  }

  private AtomicLong[] all() {
    return new AtomicLong[] {masterRows, indexRows, missing, stale, mismatched, fixed, young, counts, wrongCounts, wrongInverse};
  }

  private static final String[] NAMES = {"masterRows", "indexRows", "missing", "stale", "mismatched", "fixed", "young", "counts",
      "wrongCounts", "wrongInverse"};

  /** The counts by name, as a checkpoint keeps them. */
  Map<String, Long> values() {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    AtomicLong[] all = all();
    for (int i = 0; i < all.length; i++) {
      out.put(NAMES[i], all[i].get());
    }
    return out;
  }

  /** Adds {@code other}'s counts (and failures) to these. */
  void add(Counters other) {
    AtomicLong[] mine = all();
    AtomicLong[] theirs = other.all();
    for (int i = 0; i < mine.length; i++) {
      mine[i].addAndGet(theirs[i].get());
    }
    if (other.failed.get() > 0 && failed.getAndAdd(other.failed.get()) == 0) {
      firstFailure = other.firstFailure;
    }
  }

  /** The counts the checkpoint's finished segments and files added, or none. */
  static Counters restored(Checkpoint checkpoint) {
    Counters c = new Counters();
    if (checkpoint != null) {
      AtomicLong[] all = c.all();
      for (int i = 0; i < all.length; i++) {
        all[i].set(checkpoint.count(NAMES[i]));
      }
    }
    return c;
  }
}
