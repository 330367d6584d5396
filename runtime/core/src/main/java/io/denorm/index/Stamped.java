package io.denorm.index;

import java.util.Optional;

/**
 * A stored state as a save or a delete read it, with the newest write time among its cells
 * ({@link #UNKNOWN} when the store could not tell, or the row is absent). An operation is stamped
 * above it ({@link #above}): of two operations on one row, the one that read the other's state is
 * stamped later whatever the clocks of their clients say, so a save acknowledged before another
 * starts is never hidden by it, and never hides it.
 */
public record Stamped<E>(Optional<E> state, long writeTime) {

  public static final long UNKNOWN = Long.MIN_VALUE;

  public Stamped {
    java.util.Objects.requireNonNull(state, "state");
  }

  /** A state read without its write time. */
  public static <E> Stamped<E> unknown(Optional<E> state) {
    return new Stamped<>(state, UNKNOWN);
  }

  /** The stamp of an operation that read this state, whose own clock says {@code clock}: above the newest cell read. */
  public long above(long clock) {
    return writeTime == UNKNOWN || writeTime < clock ? clock : writeTime + 1;
  }
}
