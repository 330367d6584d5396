package io.denorm.index;

import java.util.Optional;

/**
 * A stored state as a save or a delete read it, with the newest write time among its cells (for an
 * absent row, the stamp of its last delete when the store remembers one; {@link #UNKNOWN} when the
 * store could not tell). An operation is stamped
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

  /** How far above the newest cell read a stamp may land, in microseconds: ties between two operations that read one state are unlikely. */
  static final int SPREAD = 1 << 16;

  /**
   * The band just above the newest cell read that is kept for rewrites made from the state
   * ({@link #justAbove}), in microseconds: saves and deletes that read the same state are stamped
   * above it, so a rewrite never hides them.
   */
  public static final int REWRITE_BAND = 1 << 12;

  /**
   * The stamp of an operation that read this state, whose own clock says {@code clock}: its clock
   * when that is above the newest cell read, else a random stamp within {@value #SPREAD} µs above
   * that cell. Two operations that read the same state and both have clocks behind it must not take
   * the same stamp: the stores would merge their rows cell by cell.
   */
  public long above(long clock) {
    if (writeTime == UNKNOWN || writeTime + REWRITE_BAND < clock) {
      return clock;
    }
    return writeTime + REWRITE_BAND + 1 + java.util.concurrent.ThreadLocalRandom.current().nextInt(SPREAD);
  }

  /**
   * A stamp within {@value #REWRITE_BAND} µs above this state's newest cell ({@code clock} when that
   * is unknown), at random so that two rewrites that read one state rarely tie (a tie merges their
   * rows cell by cell). For a rewrite made on the strength of this state (a snippet refreshed by a
   * fan-out): a save or a delete that read the same state is stamped above the band, and one made
   * later reads the rewrite or is stamped at a later clock, so it keeps every cell it wrote.
   */
  public long justAbove(long clock) {
    return writeTime == UNKNOWN ? clock : writeTime + 1 + java.util.concurrent.ThreadLocalRandom.current().nextInt(REWRITE_BAND);
  }
}
