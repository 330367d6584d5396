package io.denorm.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs one body on several threads at once and waits for all; the first failure is rethrown. */
final class Parallel {
  private Parallel() {}

  @FunctionalInterface
  interface Body {
    void run(int thread) throws Exception;
  }

  static void run(int threads, Body body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          body.run(thread);
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
