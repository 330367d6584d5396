package io.denorm.index;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long the single writes of each protocol step took (a claim, an index row, the master row, a
 * removal), from the call to its completion, counted only once enabled (by {@code
 * io.denorm.metrics.DenormMetrics.bind}): a DAO nobody measures pays nothing for it.
 */
public final class WriteTimes {

  private volatile boolean enabled;
  private final AtomicLongArray counts = new AtomicLongArray(WriteStep.values().length);
  private final AtomicLongArray nanos = new AtomicLongArray(WriteStep.values().length);

  /** Starts counting. */
  public void enable() {
    enabled = true;
  }

  public boolean enabled() {
    return enabled;
  }

  void record(WriteStep step, long elapsedNanos) {
    counts.incrementAndGet(step.ordinal());
    nanos.addAndGet(step.ordinal(), elapsedNanos);
  }

  /** Writes of {@code step} completed (or failed) since counting started. */
  public long count(WriteStep step) {
    return counts.get(step.ordinal());
  }

  /** Their total time, in nanoseconds. */
  public long totalNanos(WriteStep step) {
    return nanos.get(step.ordinal());
  }
}
