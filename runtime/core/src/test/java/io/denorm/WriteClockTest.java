package io.denorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WriteClockTest {

  @Test
  void strictlyIncreasingInOneThread() {
    WriteClock clock = new WriteClock();
    long previous = clock.next();
    for (int i = 0; i < 200_000; i++) {
      long next = clock.next();
      assertTrue(next > previous, "timestamp " + next + " after " + previous);
      previous = next;
    }
  }

  @Test
  void uniqueAcrossThreads() throws Exception {
    WriteClock clock = new WriteClock();
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    for (int t = 0; t < 4; t++) {
      pool.submit(() -> {
        for (int i = 0; i < 50_000; i++) {
          seen.add(clock.next());
        }
      });
    }
    pool.shutdown();
    assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
    assertEquals(200_000, seen.size());
  }

  @Test
  void closeToWallClockInMicros() {
    long micros = new WriteClock().next();
    long wallMicros = System.currentTimeMillis() * 1000;
    assertTrue(Math.abs(micros - wallMicros) < 5_000_000, "clock is in microseconds since the epoch");
  }

  @Test
  void skewedClockReadsAheadOrBehindByItsOffset() {
    long ahead = WriteClock.skewed(java.time.Duration.ofSeconds(5)).next();
    long behind = WriteClock.skewed(java.time.Duration.ofSeconds(-5)).next();
    long wall = new WriteClock().next();
    assertTrue(ahead - wall > 4_000_000 && ahead - wall < 6_000_000, "5 s ahead: " + (ahead - wall));
    assertTrue(wall - behind > 4_000_000 && wall - behind < 6_000_000, "5 s behind: " + (wall - behind));
  }
}
