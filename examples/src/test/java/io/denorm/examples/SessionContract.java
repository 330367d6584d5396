package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.Attributes;
import io.denorm.examples.sessions.Session;
import io.denorm.examples.sessions.SessionDao;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code @TimeToLive} sessions on a real store: rows and their index rows expire together, a save
 * pushes both expiries back, and no read returns an expired session. Run on each store by its
 * subclasses.
 */
abstract class SessionContract {

  static Stores.Store store;
  static SessionDao dao;

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(SessionDao.class, "sessions_test", "Session");
  }

  static Session session(String user) {
    return new Session(UUID.randomUUID(), user, "phone", Instant.now().truncatedTo(ChronoUnit.MILLIS));
  }

  /** The rows of {@code user} in {@code sessions_by_user} (read raw, expired ones not counted by the store). */
  private static long indexRows() {
    return store.count("sessions_by_user");
  }

  @Test
  void aSessionAndItsIndexRowExpireTogetherAndNoReadReturnsItAfterwards() throws InterruptedException {
    store.truncate("sessions_by_user");
    store.truncate("sessions");
    Session s = session("ada");
    dao.withAttributes(Attributes.none().withTtl(Duration.ofSeconds(2))).save(s);
    assertEquals(s, dao.findById(s.getId()).orElseThrow());
    assertEquals(List.of(s), dao.findByUserId("ada"));
    assertEquals(1, indexRows());
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    boolean expired = false;
    while (!expired && System.nanoTime() < deadline) {
      expired = dao.findById(s.getId()).isEmpty();
      if (expired) {
        // the index row is written before the master row, with the same lifetime: it is gone by now
        assertEquals(0, indexRows(), "an index row outlived its expired master");
      }
      Thread.sleep(100);
    }
    assertTrue(expired, "the session expired within 15 s of a 2 s time to live");
    assertEquals(List.of(), dao.findByUserId("ada"));
    assertEquals(0, store.count("sessions"));
  }

  /** A save with a shorter lifetime than the one before it: once it expires, nothing of the earlier save comes back. */
  @Test
  void aShorterLifetimeExpiresTheRowAndNoEarlierVersionComesBack() throws InterruptedException {
    Session s = session("hopper");
    dao.save(s); // 1800 s
    s.setDevice("laptop");
    dao.withAttributes(Attributes.none().withTtl(Duration.ofSeconds(2))).save(s);
    assertEquals(List.of(s), dao.findByUserId("hopper"));
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (dao.findById(s.getId()).isPresent() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    Thread.sleep(1500); // and a little longer: an index row or an older version would show by now
    assertEquals(java.util.Optional.empty(), dao.findById(s.getId()), "the 2 s save expired, and the 1800 s one before it does not show again");
    assertEquals(List.of(), dao.findByUserId("hopper"));
  }

  @Test
  void aSaveRefreshesTheExpiryOfTheRowAndOfItsIndexRow() throws InterruptedException {
    Session s = session("grace");
    SessionDao shortLived = dao.withAttributes(Attributes.none().withTtl(Duration.ofSeconds(8)));
    long start = System.nanoTime();
    shortLived.save(s);
    sleepUntil(start, Duration.ofSeconds(4));
    s.setLastSeen(s.getLastSeen().plusSeconds(4));
    shortLived.save(s);
    // 9 s after the first save: its lifetime (8 s) is over, the second save's (until at least 11 s) is not
    sleepUntil(start, Duration.ofSeconds(9));
    assertEquals(s, dao.findById(s.getId()).orElseThrow(), "the second save gave the row a new lifetime");
    assertEquals(List.of(s), dao.findByUserId("grace"), "and its index row too");
  }

  private static void sleepUntil(long start, Duration after) throws InterruptedException {
    long wait = start + after.toNanos() - System.nanoTime();
    if (wait > 0) {
      Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
    }
  }

  /** A caller-given write time would contradict the protocol of an entity with an index table: refused, naming it. */
  @Test
  void aWriteTimeIsRefusedForAnEntityWithAnIndex() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> dao.withAttributes(Attributes.none().withWriteTime(Instant.now())));
    assertTrue(e.getMessage().startsWith("Session: a caller-given write time"), e.getMessage());
  }
}
