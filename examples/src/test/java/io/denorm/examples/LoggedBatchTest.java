package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.examples.books.Book;
import io.denorm.examples.books.CassandraBookDao;
import io.denorm.index.UniqueConstraintViolationException;
import io.denorm.index.WriteStep;
import io.denorm.testkit.CassandraExtension;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An entity declared with WriteMode.LOGGED_BATCH: index rows and master row change together. */
@ExtendWith(CassandraExtension.class)
class LoggedBatchTest {

  static CassandraBookDao dao;

  @BeforeAll
  static void schema(CqlSession session) {
    dao = new CassandraBookDao(session, TestKeyspaces.fresh(session, "books_test"));
  }

  @Test
  void findersFollowBatchedSavesAndDeletes() {
    Book dune = new Book("978-1", "Dune", "Herbert", "dune", Set.of("sf", "classic"));
    Book emma = new Book("978-2", "Emma", "Austen", "emma", Set.of("classic"));
    dao.save(dune);
    dao.save(emma);
    assertEquals(List.of(dune), dao.findByAuthor("Herbert"));
    assertEquals(Set.of(dune, emma), Set.copyOf(dao.findByGenresContains("classic")));
    Book retitled = new Book("978-1", "Dune Messiah", "F. Herbert", "dune-messiah", Set.of("sf"));
    dao.save(retitled);
    assertEquals(List.of(), dao.findByAuthor("Herbert"));
    assertEquals(List.of(retitled), dao.findByAuthor("F. Herbert"));
    assertEquals(List.of(emma), dao.findByGenresContains("classic"));
    assertEquals(Optional.of(retitled), dao.findBySlug("dune-messiah"));
    assertTrue(dao.findBySlug("dune").isEmpty());
    assertThrows(UniqueConstraintViolationException.class, () -> dao.save(new Book("978-3", "Copy", "X", "emma", Set.of())));
    assertTrue(dao.deleteByIsbn("978-2"));
    assertEquals(List.of(), dao.findByGenresContains("classic"));
    assertTrue(dao.findBySlug("emma").isEmpty());
  }

  /**
   * In parallel mode a crash right after the master write leaves the old entries behind; in a
   * logged batch they were removed with the master row, so nothing is stale.
   */
  @Test
  void aCrashAfterTheBatchLeavesNothingStale() {
    Book b = new Book("978-9", "Old", "Someone", "old", Set.of("poetry"));
    dao.save(b);
    dao.setWriteObserver((step, e) -> {
      if (step == WriteStep.MASTER) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(new Book("978-9", "New", "Someone Else", "new", Set.of("drama"))));
    dao.setWriteObserver(null);
    var maintenance = dao.indexMaintenance().repairGrace(Duration.ZERO);
    assertEquals(0, maintenance.verify("books_by_author", null).problems());
    assertEquals(0, maintenance.verify("books_by_genre", null).problems());
    assertEquals(List.of(), dao.findByAuthor("Someone"));
    assertEquals(1, dao.findByGenresContains("drama").size());
  }

  /**
   * The DAO's timeout reaches its logged batch: the driver keeps no timeout on a batch, so the
   * batch goes with a profile whose request timeout is the DAO's (seen by a request tracker).
   */
  @Test
  void theLoggedBatchIsSentWithTheDaosTimeout() throws InterruptedException {
    SentRequests sent = new SentRequests();
    try (CqlSession tracked = CassandraExtension.sharedTarget().newSession(b -> b.addRequestTracker(sent))) {
      CassandraBookDao books = new CassandraBookDao(tracked, dao.keyspace().asInternal());
      Book b = new Book("978-7", "Timed", "Timekeeper", "timed", Set.of("essays"));
      books.save(b); // prepares every statement once
      for (Duration timeout : List.of(Duration.ofMillis(6_543), Duration.ofMillis(7_654))) {
        books.setStatementOptions(io.denorm.cassandra.StatementOptions.DEFAULTS.withTimeout(timeout));
        Thread.sleep(300); // the tracker hears of the last save's batch late: it may not count below
        sent.clear();
        books.save(new Book("978-7", "Timed " + timeout.toMillis(), "Timekeeper", "timed", Set.of("essays")));
        List<com.datastax.oss.driver.api.core.cql.BatchStatement> batches = sent.batches(1);
        assertEquals(1, batches.size(), "one logged batch: " + sent.all());
        assertEquals(com.datastax.oss.driver.api.core.cql.DefaultBatchType.LOGGED, batches.get(0).getBatchType());
        assertEquals(timeout, sent.profileOf(batches.get(0)).getDuration(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_TIMEOUT));
      }
      assertEquals(List.of("Timed 7654"), books.findByAuthor("Timekeeper").stream().map(Book::title).toList());
    }
  }
}
