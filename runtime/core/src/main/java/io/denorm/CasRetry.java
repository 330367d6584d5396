package io.denorm;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The retry of a read-then-compare-and-set that lost to a concurrent writer (a count's move, a
 * recent list's replacement), the same everywhere: a random pause that grows with each loss, so
 * that racing writers stop colliding, and a bound on the attempts.
 */
public final class CasRetry {

  /** How many lost compare-and-sets one change retries before it gives up. */
  public static final int ATTEMPTS = 64;

  private CasRetry() {}

  /** Whether attempt number {@code attempt} (from 1) was the last one allowed. */
  public static boolean exhausted(int attempt) {
    return attempt >= ATTEMPTS;
  }

  /** Completes after the pause that follows lost attempt number {@code attempt}. */
  public static CompletionStage<Void> pause(int attempt) {
    long micros = ThreadLocalRandom.current().nextLong(100, 200L * Math.min(attempt, 20));
    return CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(micros, TimeUnit.MICROSECONDS));
  }
}
