package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PublisherContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraPublisherTest extends PublisherContract {

  @BeforeAll
  static void open(CqlSession client) {
    use(Stores.cassandra(client));
  }

  /**
   * Pages are read as the demand reaches them: with 50 rows a page, 7 rows requested read one page,
   * 60 more a second, and the rest the others (a request tracker on the session counts the reads).
   */
  @org.junit.jupiter.api.Test
  void thePublisherReadsTheNextPageOnlyWhenTheDemandReachesIt() throws Exception {
    java.util.concurrent.atomic.AtomicInteger pages = new java.util.concurrent.atomic.AtomicInteger();
    com.datastax.oss.driver.api.core.tracker.RequestTracker tracker = new com.datastax.oss.driver.api.core.tracker.RequestTracker() {
      @Override
      public void onSuccess(com.datastax.oss.driver.api.core.session.Request request, long latencyNanos,
          com.datastax.oss.driver.api.core.config.DriverExecutionProfile profile, com.datastax.oss.driver.api.core.metadata.Node node, String prefix) {
        if (request instanceof com.datastax.oss.driver.api.core.cql.BoundStatement b && b.getPreparedStatement().getQuery().startsWith("SELECT")
            && b.getPreparedStatement().getQuery().contains(".readings ")) {
          pages.incrementAndGet();
        }
      }

      @Override
      public void close() {}
    };
    io.denorm.testkit.CassandraTarget target = io.denorm.testkit.CassandraExtension.sharedTarget();
    try (CqlSession paged = target.newSession(c -> c.withInt(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_PAGE_SIZE, 50),
        b -> b.addRequestTracker(tracker))) {
      io.denorm.examples.readings.ReadingDao dao = Stores.cassandra(paged).dao(io.denorm.examples.readings.ReadingDao.class, "publisher_pages", "Reading");
      java.time.LocalDate day = java.time.LocalDate.of(2026, 3, 2);
      java.util.List<io.denorm.examples.readings.Reading> rows = new java.util.ArrayList<>();
      for (int i = 0; i < 250; i++) {
        rows.add(new io.denorm.examples.readings.Reading("paged", day.atStartOfDay(java.time.ZoneOffset.UTC).toInstant().plusSeconds(i * 60L), i, "C"));
      }
      dao.saveAll(rows);
      Recorder<io.denorm.examples.readings.Reading> recorder = new Recorder<>();
      pages.set(0);
      dao.findEachBySensorIdAndDay("paged", day).subscribe(recorder);
      Thread.sleep(300);
      org.junit.jupiter.api.Assertions.assertEquals(0, pages.get(), "no read before a request");
      recorder.subscription.request(7);
      recorder.awaitItems(7);
      Thread.sleep(300);
      org.junit.jupiter.api.Assertions.assertEquals(1, pages.get(), "7 rows: the first page only");
      recorder.subscription.request(60);
      recorder.awaitItems(67);
      Thread.sleep(300);
      org.junit.jupiter.api.Assertions.assertEquals(67, recorder.items.size());
      org.junit.jupiter.api.Assertions.assertEquals(2, pages.get(), "67 rows: two pages of 50");
      recorder.subscription.request(Long.MAX_VALUE);
      org.junit.jupiter.api.Assertions.assertTrue(recorder.done.get(30, java.util.concurrent.TimeUnit.SECONDS));
      org.junit.jupiter.api.Assertions.assertEquals(250, recorder.items.size());
      Thread.sleep(300); // the tracker hears of a page after the rows reached the stream
      org.junit.jupiter.api.Assertions.assertTrue(pages.get() >= 5 && pages.get() <= 6, "250 rows: 5 pages (and perhaps an empty sixth): " + pages.get());
    }
  }
}
