package io.denorm.index;

import java.util.concurrent.atomic.AtomicLong;

/** What reads through index tables found (rows read, stale rows dropped, repairs sent), and what lost compare-and-sets took back. */
public final class IndexReadStats {
  final WriteTimes writeTimes = new WriteTimes();
  final AtomicLong indexRows = new AtomicLong();
  final AtomicLong trusted = new AtomicLong();
  final AtomicLong verified = new AtomicLong();
  final AtomicLong writeTimeReads = new AtomicLong();
  final AtomicLong stale = new AtomicLong();
  final AtomicLong repairs = new AtomicLong();
  final AtomicLong repairFailures = new AtomicLong();
  final AtomicLong undone = new AtomicLong();
  final AtomicLong takenBack = new AtomicLong();
  final AtomicLong takenOver = new AtomicLong();
  final AtomicLong deferred = new AtomicLong();
  final AtomicLong removalRetries = new AtomicLong();
  final AtomicLong removalRetriesDone = new AtomicLong();
  final AtomicLong deferredDone = new AtomicLong();
  final AtomicLong deferredDropped = new AtomicLong();
  final AtomicLong deferredRetried = new AtomicLong();

  /** Rows of a covering index returned as verified, without reading their master rows. */
  public long trusted() {
    return trusted.get();
  }

  /** Rows of a covering index marked verified by a read that found them matching their master. */
  public long verified() {
    return verified.get();
  }

  /**
   * Index rows read again by their identity for their write time, which a finder's select leaves
   * out: a stale row before its repair, a covering row before its verification.
   */
  public long writeTimeReads() {
    return writeTimeReads.get();
  }

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

  /**
   * Plain index rows a {@code @Version} save wrote before it lost its compare-and-set, scheduled to
   * be checked and repaired once the repair grace has passed.
   */
  public long deferred() {
    return deferred.get();
  }

  /** Times the removals after a master write were sent again because some failed. */
  public long removalRetries() {
    return removalRetries.get();
  }

  /** Removal retries that ended (succeeded, or gave up after their last attempt). */
  public long removalRetriesDone() {
    return removalRetriesDone.get();
  }

  /** How long the single writes of each protocol step took, once enabled. */
  public WriteTimes writeTimes() {
    return writeTimes;
  }

  /** Whether every deferred check and removal retry this DAO started has run: then its index tables are quiet. */
  public boolean settled() {
    return deferredDone.get() >= deferred.get() && removalRetriesDone.get() >= removalRetries.get();
  }

  /** Deferred checks that failed (a read or write timed out) and were scheduled again a grace later. */
  public long deferredRetried() {
    return deferredRetried.get();
  }

  /** Deferred checks that have run (whether or not they found the row stale). */
  public long deferredDone() {
    return deferredDone.get();
  }

  /**
   * Rows not scheduled for a deferred check because {@value DeferredRepairs#MAX_PENDING} were
   * pending already, or removals not sent again because {@value DeferredRepairs#MAX_PENDING_RETRIES}
   * retries were waiting (memory stays bounded under a burst of failures): reads and {@code verify}
   * still find them.
   */
  public long deferredDropped() {
    return deferredDropped.get();
  }

  /** Claimed rows (unique rows, memberships) released after a {@code @Version} save lost its compare-and-set. */
  public long undone() {
    return undone.get();
  }

  /** Unique rows released again because the save that created them failed before its master write applied. */
  public long takenBack() {
    return takenBack.get();
  }

  /** Unique rows taken from another master that no longer needed them (an abandoned or superseded claim). */
  public long takenOver() {
    return takenOver.get();
  }

  @Override
  public String toString() {
    return "indexRows=" + indexRows() + " stale=" + stale() + " repairs=" + repairs() + " repairFailures=" + repairFailures()
        + " writeTimeReads=" + writeTimeReads()
        + " undone=" + undone() + " deferred=" + deferred() + "/" + deferredDone() + " retried=" + deferredRetried() + " dropped=" + deferredDropped() + " takenBack=" + takenBack() + " takenOver=" + takenOver();
  }
}
