package io.denorm.index;

import java.util.concurrent.Semaphore;

/**
 * Lookups and writes in flight: at most a bound at once across everything that shares them, and
 * those one segment started can be awaited alone.
 */
final class Permits {
  private final Semaphore shared;
  private final int bound;
  private int pending;

  Permits(int bound) {
    this(new Semaphore(bound), bound);
  }

  private Permits(Semaphore shared, int bound) {
    this.shared = shared;
    this.bound = bound;
  }

  /** Permits that share this one's bound, for one segment. */
  Permits segment() {
    return new Permits(shared, bound);
  }

  void acquire() throws InterruptedException {
    shared.acquire();
    synchronized (this) {
      pending++;
    }
  }

  void release() {
    synchronized (this) {
      pending--;
      if (pending == 0) {
        notifyAll();
      }
    }
    shared.release();
  }

  /** Returns once everything started through this instance has finished. */
  synchronized void awaitMine() throws InterruptedException {
    while (pending > 0) {
      wait();
    }
  }

  /** Returns once everything started through any instance sharing the bound has finished. */
  void awaitAll() throws InterruptedException {
    shared.acquire(bound);
    shared.release(bound);
  }
}
