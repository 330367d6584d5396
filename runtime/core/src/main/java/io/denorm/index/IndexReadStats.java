package io.denorm.index;

import java.util.concurrent.atomic.AtomicLong;

/** What reads through index tables found: rows read, stale rows dropped, and repairs sent. */
public final class IndexReadStats {
  final AtomicLong indexRows = new AtomicLong();
  final AtomicLong stale = new AtomicLong();
  final AtomicLong repairs = new AtomicLong();
  final AtomicLong repairFailures = new AtomicLong();

  public long indexRows() {
    return indexRows.get();
  }

  /** Index rows whose master did not match; they were left out of the results. */
  public long stale() {
    return stale.get();
  }

  /** Deletes sent for stale rows. */
  public long repairs() {
    return repairs.get();
  }

  public long repairFailures() {
    return repairFailures.get();
  }

  @Override
  public String toString() {
    return "indexRows=" + indexRows() + " stale=" + stale() + " repairs=" + repairs() + " repairFailures=" + repairFailures();
  }
}
