package io.denorm;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out one write timestamp per save or delete, in microseconds since the epoch, strictly
 * increasing within this clock.
 *
 * <p>Every statement of one operation carries the same timestamp, so that when two operations race
 * on the same entity the later one wins every cell both touched (see DESIGN.md, "Consistency of the
 * dual writes"). When the system clock stalls or steps back, the clock keeps counting up from its
 * last value instead.
 */
public final class WriteClock {

  private static final WriteClock SHARED = new WriteClock();

  private final AtomicLong last = new AtomicLong();

  /** The clock shared by every DAO of this class loader. */
  public static WriteClock shared() {
    return SHARED;
  }

  /** A timestamp greater than every one this clock returned before. */
  public long next() {
    long now = currentMicros();
    return last.accumulateAndGet(now, (prev, wall) -> wall > prev ? wall : prev + 1);
  }

  static long currentMicros() {
    java.time.Instant now = java.time.Instant.now();
    return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
  }
}
