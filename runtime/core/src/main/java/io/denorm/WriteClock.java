package io.denorm;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out one write timestamp per save or delete, in microseconds since the epoch, strictly
 * increasing within this clock.
 *
 * <p>Every statement of one operation carries the same timestamp, so that when two operations race
 * on the same entity the later-stamped one wins every cell both touched (docs/consistency.md). When
 * the system clock stalls or steps back, the clock keeps counting up from its last value instead.
 *
 * <p>Application instances run with clocks that disagree; {@link #skewed(Duration)} makes a clock
 * that runs ahead of or behind this machine's, so that tests can give each DAO instance its own.
 */
public final class WriteClock {

  private static final WriteClock SHARED = new WriteClock();

  private final AtomicLong last = new AtomicLong();
  private final long offsetMicros;

  WriteClock() {
    this(0);
  }

  private WriteClock(long offsetMicros) {
    this.offsetMicros = offsetMicros;
  }

  /** The clock shared by every DAO of this class loader. */
  public static WriteClock shared() {
    return SHARED;
  }

  /** A clock of its own that reads {@code offset} ahead of this machine's (behind, when negative). */
  public static WriteClock skewed(Duration offset) {
    return new WriteClock(offset.toNanos() / 1_000);
  }

  /** How far this clock reads ahead of the machine's, in microseconds. */
  public long offsetMicros() {
    return offsetMicros;
  }

  /** A timestamp greater than every one this clock returned before. */
  public long next() {
    long now = currentMicros() + offsetMicros;
    return last.accumulateAndGet(now, (prev, wall) -> wall > prev ? wall : prev + 1);
  }

  static long currentMicros() {
    java.time.Instant now = java.time.Instant.now();
    return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
  }
}
