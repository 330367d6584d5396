package io.denorm.index;

/** At most a number of permits a second, spread evenly (no bursts), shared by the threads of a scan. */
final class RateLimit {
  private final long intervalNanos;
  private long next;

  RateLimit(double perSecond) {
    this.intervalNanos = Math.max(1, Math.round(1e9 / perSecond));
    this.next = System.nanoTime();
  }

  void acquire() throws InterruptedException {
    long wait;
    synchronized (this) {
      long now = System.nanoTime();
      next = Math.max(next, now - intervalNanos); // an idle moment does not bank permits
      wait = next - now;
      next += intervalNanos;
    }
    if (wait > 0) {
      java.util.concurrent.TimeUnit.NANOSECONDS.sleep(wait);
    }
  }
}
