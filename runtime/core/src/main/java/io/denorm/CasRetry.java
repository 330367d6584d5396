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

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CasRetry.class);
  private static final java.util.concurrent.atomic.AtomicLong CONFLICTS = new java.util.concurrent.atomic.AtomicLong();

  /** How many compare-and-sets retried here lost to a concurrent change, across the class loader. */
  public static long conflicts() {
    return CONFLICTS.get();
  }

  /** {@code failure}, the end of a change that lost every attempt, logged (warning) before it is passed on. */
  public static DenormException gaveUp(DenormException failure) {
    LOG.warn(failure.getMessage());
    return failure;
  }

  /**
   * Completes after the pause that follows lost attempt number {@code attempt} of the change {@code
   * what} describes (logged at debug level).
   */
  public static CompletionStage<Void> pause(int attempt, java.util.function.Supplier<String> what) {
    CONFLICTS.incrementAndGet();
    if (LOG.isDebugEnabled()) {
      LOG.debug("{}: compare-and-set lost to a concurrent change (attempt {} of {}), retrying", what.get(), attempt, ATTEMPTS);
    }
    long micros = ThreadLocalRandom.current().nextLong(100, 200L * Math.min(attempt, 20));
    return CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(micros, TimeUnit.MICROSECONDS));
  }
}
