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
  /** A clock of caller-given times ({@link #startingAt}): counts up from its start, whatever the time. */
  private final boolean given;

  WriteClock() {
    this(0);
  }

  private WriteClock(long offsetMicros) {
    this.offsetMicros = offsetMicros;
    this.given = false;
  }

  private WriteClock(long startMicros, boolean given) {
    this.offsetMicros = 0;
    this.given = given;
    last.set(startMicros - 1);
  }

  /**
   * A clock whose first timestamp is {@code time} (to the microsecond) and each next one a
   * microsecond later, whatever this machine's time: the caller-given write time of {@link
   * Attributes#withWriteTime}.
   */
  public static WriteClock startingAt(java.time.Instant time) {
    long micros = Math.addExact(Math.multiplyExact(time.getEpochSecond(), 1_000_000L), time.getNano() / 1_000);
    return new WriteClock(micros, true);
  }

  /** Whether this clock hands out caller-given times ({@link #startingAt}) rather than this machine's. */
  public boolean isGiven() {
    return given;
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
    if (given) {
      return last.incrementAndGet();
    }
    long now = currentMicros() + offsetMicros;
    return last.accumulateAndGet(now, (prev, wall) -> wall > prev ? wall : prev + 1);
  }

  static long currentMicros() {
    java.time.Instant now = java.time.Instant.now();
    return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
  }
}
