package io.denorm.snippet;

import java.util.concurrent.atomic.AtomicLong;

/** Running totals of the fan-outs of one DAO, for monitoring. */
public final class FanOutStats {
  final AtomicLong fanOuts = new AtomicLong();
  final AtomicLong holders = new AtomicLong();
  final AtomicLong updated = new AtomicLong();
  final AtomicLong unchanged = new AtomicLong();
  final AtomicLong retried = new AtomicLong();
  final AtomicLong failed = new AtomicLong();
  final AtomicLong skipped = new AtomicLong();
  final AtomicLong nanos = new AtomicLong();

  void add(FanOutReport r, long elapsedNanos) {
    fanOuts.incrementAndGet();
    nanos.addAndGet(elapsedNanos);
    holders.addAndGet(r.holders());
    updated.addAndGet(r.updated());
    unchanged.addAndGet(r.unchanged());
    retried.addAndGet(r.retried());
    failed.addAndGet(r.failed());
  }

  /** Fan-outs run (a save whose copied fields did not change runs none). */
  public long fanOuts() {
    return fanOuts.get();
  }

  /** The total time of the fan-outs run, in nanoseconds: from the first holder read to the last rewrite settled. */
  public long totalNanos() {
    return nanos.get();
  }

  /** Saves of a source that changed no copied field, so read no holder. */
  public long skipped() {
    return skipped.get();
  }

  public long holders() {
    return holders.get();
  }

  public long updated() {
    return updated.get();
  }

  public long unchanged() {
    return unchanged.get();
  }

  public long retried() {
    return retried.get();
  }

  public long failed() {
    return failed.get();
  }

  @Override
  public String toString() {
    return fanOuts() + " fan-out(s), " + skipped() + " skipped, " + holders() + " holder(s) read, " + updated() + " rewritten, "
        + unchanged() + " up to date, " + retried() + " retried, " + failed() + " failed";
  }
}
