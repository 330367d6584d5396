package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.ConcurrentUpdateException;
import io.denorm.examples.people.Address;
import io.denorm.examples.people.Person;
import io.denorm.examples.people.PersonDao;
import io.denorm.index.IndexReport;
import io.denorm.index.IndexedDao;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The generated PersonDao on a real store: Person is an atomic aggregate (@Version), so every save is
 * a compare-and-set, and a save that loses leaves nothing behind in the master row or the index.
 */
abstract class PersonDaoContract {

  static Stores.Store store;
  static PersonDao dao;

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(PersonDao.class, "people_test", "Person");
  }

  private static final Address HOME = new Address("100 Some Street", "Unit 1", "Seattle", "WA", 98012);

  private static Person person(String id, String lastName) {
    return new Person(id, "Thomas", lastName, List.of(HOME));
  }

  private static IndexReport verify() {
    @SuppressWarnings("unchecked")
    IndexedDao<Person> indexed = (IndexedDao<Person>) dao;
    return indexed.indexMaintenance().verify("people_by_last_name", null);
  }

  private static long undone() {
    return ((IndexedDao<?>) dao).indexReadStats().deferred();
  }

  @Test
  void eachSaveWritesTheNextVersionAndSetsIt() {
    Person p = person("v-1", "Andersen");
    assertEquals(0, p.version());
    dao.save(p);
    assertEquals(1, p.version());
    assertEquals(p, dao.findById("v-1").orElseThrow());
    p.lastName("Andersson");
    dao.save(p);
    assertEquals(2, p.version());
    Person stored = dao.findById("v-1").orElseThrow();
    assertEquals(2, stored.version());
    assertEquals("Andersson", stored.lastName());
    assertEquals(List.of(HOME), stored.addresses());
    assertEquals(List.of(stored), dao.findByLastName("Andersson"));
    assertEquals(List.of(), dao.findByLastName("Andersen"));
  }

  @Test
  void aSaveFromAStaleCopyFailsAndLeavesNoTrace() {
    Person p = person("v-2", "Miller");
    dao.save(p);
    Person first = p.copy();
    Person second = p.copy();
    first.lastName("Smith");
    dao.save(first);
    second.lastName("Jones");
    ConcurrentUpdateException e = assertThrows(ConcurrentUpdateException.class, () -> dao.save(second));
    assertEquals("Person", e.entity());
    assertEquals(List.of("v-2"), e.key());
    assertEquals(1, e.expectedVersion());
    assertEquals(2, e.currentVersion());
    assertEquals(1, second.version(), "the failed save does not change the version it carries");
    Person stored = dao.findById("v-2").orElseThrow();
    assertEquals("Smith", stored.lastName());
    assertEquals(2, stored.version());
    assertEquals(List.of(), dao.findByLastName("Jones"));
    IndexReport report = verify();
    assertEquals(0, report.problems(), report.toString());
  }

  @Test
  void aNewEntityWhoseKeyIsTakenConflictsWithTheStoredOne() {
    dao.save(person("v-3", "Brown"));
    Person again = person("v-3", "Green");
    ConcurrentUpdateException e = assertThrows(ConcurrentUpdateException.class, () -> dao.save(again));
    assertEquals(0, e.expectedVersion());
    assertEquals(1, e.currentVersion());
    assertEquals("Brown", dao.findById("v-3").orElseThrow().lastName());
    assertEquals(List.of(), dao.findByLastName("Green"));
  }

  @Test
  void deletesAreCompareAndSetToo() {
    Person p = person("v-4", "White");
    dao.save(p);
    Person stale = p.copy();
    p.lastName("Black");
    dao.save(p);
    ConcurrentUpdateException e = assertThrows(ConcurrentUpdateException.class, () -> dao.delete(stale));
    assertEquals(1, e.expectedVersion());
    assertEquals(2, e.currentVersion());
    assertEquals(p, dao.findById("v-4").orElseThrow());
    dao.delete(p);
    assertTrue(dao.findById("v-4").isEmpty());
    assertEquals(List.of(), dao.findByLastName("Black"));
    assertFalse(dao.deleteById("v-4"));
    dao.save(person("v-5", "Grey"));
    assertTrue(dao.deleteById("v-5"));
    assertEquals(List.of(), dao.findByLastName("Grey"));
    assertEquals(0, verify().problems());
  }

  /**
   * 8 clients load the same version of one person and save a rename each, at once, 25 rounds on 4
   * people. Per round exactly one save wins; every loser gets a conflict, and the index holds
   * exactly the winners' names.
   */
  @Test
  void racingSavesHaveOneWinnerAndTheLosersLeaveNoIndexRows() throws Exception {
    int people = 4;
    int clients = 8;
    int rounds = 25;
    for (int i = 0; i < people; i++) {
      dao.save(person("race-" + i, "Start"));
    }
    long undoneBefore = undone();
    ((IndexedDao<?>) dao).setIndexRepairGrace(java.time.Duration.ofMillis(500));
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    int conflicts = 0;
    try {
      for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < people; i++) {
          Person loaded = dao.findById("race-" + i).orElseThrow();
          CountDownLatch start = new CountDownLatch(1);
          List<Future<Boolean>> results = new ArrayList<>();
          for (int c = 0; c < clients; c++) {
            Person mine = loaded.copy();
            mine.lastName("p" + i + "-r" + round + "-c" + c);
            results.add(pool.submit(() -> {
              start.await();
              try {
                dao.save(mine);
                return true;
              } catch (ConcurrentUpdateException lost) {
                if (lost.currentVersion() <= loaded.version()) {
                  throw new AssertionError("a conflict must report a newer version: " + lost.getMessage());
                }
                return false;
              }
            }));
          }
          start.countDown();
          int won = 0;
          for (Future<Boolean> f : results) {
            won += f.get() ? 1 : 0;
          }
          assertEquals(1, won, "round " + round + " of race-" + i);
          conflicts += clients - won;
          Person stored = dao.findById("race-" + i).orElseThrow();
          assertEquals(loaded.version() + 1, stored.version());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    long undone = undone() - undoneBefore;
    // The losers' plain entries are checked again once the grace has passed, and repaired then.
    var stats = ((IndexedDao<?>) dao).indexReadStats();
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (stats.deferredDone() < stats.deferred() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    ((IndexedDao<?>) dao).setIndexRepairGrace(java.time.Duration.ofSeconds(60));
    assertEquals(stats.deferred(), stats.deferredDone(), stats.toString());
    IndexReport report = verify();
    System.out.printf("[%s racingSaves] %d people x %d rounds x %d clients: %d conflicts, %d index rows of losers checked again after the grace; verify %s%n",
        store.name(), people, rounds, clients, conflicts, undone, report);
    assertEquals(people * rounds * (clients - 1), conflicts);
    assertEquals(0, report.problems(), report.toString());
    for (int i = 0; i < people; i++) {
      Person stored = dao.findById("race-" + i).orElseThrow();
      assertEquals(List.of(stored), dao.findByLastName(stored.lastName()));
    }
    assertTrue(undone > 0, "some losers passed the version check and wrote index rows before losing the compare-and-set");
  }

  @Test
  void anAsyncSaveCompletesWithTheConflict() {
    Person p = person("v-6", "Stone");
    dao.saveAsync(p).toCompletableFuture().join();
    assertEquals(1, p.version());
    Person stale = p.copy();
    p.lastName("Rock");
    dao.saveAsync(p).toCompletableFuture().join();
    stale.lastName("Pebble");
    CompletableFuture<Void> lost = dao.saveAsync(stale).toCompletableFuture();
    CompletionException e = assertThrows(CompletionException.class, lost::join);
    assertTrue(e.getCause() instanceof ConcurrentUpdateException, String.valueOf(e.getCause()));
    assertEquals(List.of(), dao.findByLastName("Pebble"));
  }
}
