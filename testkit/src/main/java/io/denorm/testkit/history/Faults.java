package io.denorm.testkit.history;

import io.denorm.DenormException;
import io.denorm.index.IndexEntry;
import io.denorm.index.WriteObserver;
import io.denorm.index.WriteStep;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Faults injected into the writes of one client's DAOs (install it with {@code
 * IndexedDao.setWriteObserver}), planned anew before each operation by {@link #arm}:
 *
 * <ul>
 *   <li>a <b>step boundary</b>: every write of one step is refused, so the operation stops between
 *       the step before and that one;
 *   <li>a <b>refusal inside a step</b>: one write of the step fails unsent while its siblings run;
 *   <li>an <b>unknown outcome</b>: one write applies, and the caller sees it fail (a timeout).
 * </ul>
 *
 * A refusal is an {@link InjectedRefusal} (a {@link DenormException}: the stores report it as not
 * applied); an unknown outcome an {@link InjectedTimeout}. Not thread-safe: one instance per client
 * thread.
 */
public final class Faults implements WriteObserver {

  /** A write refused before it was sent. */
  public static final class InjectedRefusal extends DenormException {
    public InjectedRefusal(String message) {
      super(message);
    }
  }

  /** A write that applied, reported to the caller as failed: its outcome is unknown to the caller. */
  public static final class InjectedTimeout extends RuntimeException {
    public InjectedTimeout(String message) {
      super(message);
    }
  }

  private enum Kind { NONE, BOUNDARY, REFUSE_ONE, UNKNOWN_ONE }

  private final double rate;
  private volatile Kind kind = Kind.NONE;
  private volatile WriteStep step;
  private volatile int skip;
  final AtomicLong boundaries = new AtomicLong();
  final AtomicLong refusals = new AtomicLong();
  final AtomicLong unknowns = new AtomicLong();

  /** Faults in about {@code rate} of the operations (0 to 1). */
  public Faults(double rate) {
    this.rate = rate;
  }

  /** Plans the fault of the next operation (most often none). */
  public void arm(Random random) {
    kind = random.nextDouble() >= rate ? Kind.NONE : Kind.values()[1 + random.nextInt(3)];
    step = WriteStep.values()[random.nextInt(WriteStep.values().length)];
    skip = random.nextInt(2);
  }

  /** No fault for the rest of the current operation (for reads of the checker itself). */
  public void disarm() {
    kind = Kind.NONE;
  }

  public long injected() {
    return boundaries.get() + refusals.get() + unknowns.get();
  }

  @Override
  public void afterStep(WriteStep s, Object entity) {}

  @Override
  public void beforeWrite(WriteStep s, IndexEntry entry) {
    if (s != step) {
      return;
    }
    if (kind == Kind.BOUNDARY) {
      boundaries.incrementAndGet();
      throw new InjectedRefusal("injected: every write of " + s + " refused");
    }
    if (kind == Kind.REFUSE_ONE && skip-- <= 0) {
      kind = Kind.NONE;
      refusals.incrementAndGet();
      throw new InjectedRefusal("injected: one write of " + s + " refused" + (entry == null ? " (master)" : " (" + entry.index().name() + ")"));
    }
  }

  @Override
  public void afterWrite(WriteStep s, IndexEntry entry) {
    if (s == step && kind == Kind.UNKNOWN_ONE && skip-- <= 0) {
      kind = Kind.NONE;
      unknowns.incrementAndGet();
      throw new InjectedTimeout("injected: one write of " + s + " applied, reported as timed out");
    }
  }
}
