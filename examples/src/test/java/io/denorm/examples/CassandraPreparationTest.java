package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import io.denorm.examples.people.CassandraPersonDao;
import io.denorm.examples.people.Person;
import io.denorm.testkit.CassandraExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Statements are prepared on a DAO's first use, and a preparation that fails is forgotten: a DAO
 * made before its tables exist fails each call with the server's error, from many threads at once,
 * and works once the tables are created, without being made again.
 *
 * <p>The threads also race on the preparations as they fail and are forgotten: the path where a
 * caller that lost the race could once read the forgotten preparation back as null. That window is
 * too narrow for a test to hit reliably; this one does not claim to.
 */
@ExtendWith(CassandraExtension.class)
class CassandraPreparationTest {

  private static final String KS = "preparation_test";
  private static final int THREADS = 8;
  private static final int CALLS = 60;

  @Test
  void aFailedPreparationFailsEveryCallerAndIsPreparedAgainOnceTheTableExists(CqlSession session) throws Exception {
    TestKeyspaces.fresh(session, KS, List.of("NoEntityOfThatName")); // the keyspace, without the people tables
    CassandraPersonDao dao = new CassandraPersonDao(session, KS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<Throwable>>> results = new ArrayList<>();
    try {
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        results.add(pool.submit(() -> {
          start.await();
          List<Throwable> errors = new ArrayList<>();
          for (int i = 0; i < CALLS; i++) {
            try {
              dao.findById("p-" + thread + "-" + i);
              fail("findById on a table that does not exist returned");
            } catch (RuntimeException e) {
              errors.add(e);
            }
          }
          return errors;
        }));
      }
      start.countDown();
      int failed = 0;
      for (Future<List<Throwable>> result : results) {
        List<Throwable> errors;
        try {
          errors = result.get(120, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
          throw new AssertionError("a caller still waited after 120 s", e);
        }
        for (Throwable e : errors) {
          InvalidQueryException server = cause(e, InvalidQueryException.class);
          assertTrue(server != null && String.valueOf(server.getMessage()).contains("people"),
              () -> "each call fails with the server's error naming the table, not " + e);
          failed++;
        }
      }
      assertEquals(THREADS * CALLS, failed);
    } finally {
      pool.shutdownNow();
    }

    TestKeyspaces.fresh(session, KS, List.of("Person")); // now with the tables
    assertTrue(dao.findById("ada").isEmpty(), "the statement whose preparations failed is prepared again");
    Person ada = new Person("ada", "Ada", "Lovelace", List.of());
    dao.save(ada);
    assertEquals("Lovelace", dao.findById("ada").orElseThrow().lastName(), "the same DAO prepares again and works");
    assertEquals(List.of("ada"), dao.findByLastName("Lovelace").stream().map(Person::id).toList());
  }

  /** The first {@code type} in {@code e}'s chain of causes, or null. */
  private static <X extends Throwable> X cause(Throwable e, Class<X> type) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return type.cast(c);
      }
    }
    return null;
  }
}
