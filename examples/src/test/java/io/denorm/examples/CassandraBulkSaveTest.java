package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link BulkSaveContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraBulkSaveTest extends BulkSaveContract {

  static CqlSession client;

  @BeforeAll
  static void open(CqlSession c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.cassandra(client);
  }

  /**
   * A plain entity's saveAll sends the rows of one partition together: 2,000 readings of 7 sensors
   * on one day (7 partitions of 285 or 286 rows) go as 21 unlogged batches of one partition each,
   * counted by a request tracker on the session, each with the DAO's timeout, and every row is stored.
   */
  @org.junit.jupiter.api.Test
  void rowsOfOnePartitionGoAsUnloggedBatches(org.junit.jupiter.api.TestInfo info) throws InterruptedException {
    SentRequests sent = new SentRequests();
    try (CqlSession tracked = io.denorm.testkit.CassandraExtension.sharedTarget().newSession(b -> b.addRequestTracker(sent))) {
      io.denorm.examples.readings.ReadingDao dao = Stores.cassandra(tracked).dao(io.denorm.examples.readings.ReadingDao.class, "bulk_partition_batches", "Reading");
      java.time.LocalDate day = java.time.LocalDate.of(2026, 11, 25);
      java.util.List<io.denorm.examples.readings.Reading> readings = new java.util.ArrayList<>();
      for (int i = 0; i < 2_000; i++) {
        readings.add(new io.denorm.examples.readings.Reading("part-" + i % 7, day.atStartOfDay(java.time.ZoneOffset.UTC).toInstant().plusSeconds(i), i, "C"));
      }
      // the driver keeps no timeout on a batch: the DAO's reaches each through the profile it is sent with
      java.time.Duration timeout = java.time.Duration.ofMillis(9_876);
      ((io.denorm.cassandra.CassandraReadBase) dao).setStatementOptions(io.denorm.cassandra.StatementOptions.DEFAULTS.withTimeout(timeout));
      sent.clear();
      dao.saveAll(readings);
      // the tracker hears of a request after its result reached the caller: wait for the last ones
      for (int i = 0; i < 100 && sent.batchesNow().stream().mapToInt(com.datastax.oss.driver.api.core.cql.BatchStatement::size).sum() < 2_000; i++) {
        Thread.sleep(50);
      }
      // statements only: a PREPARE of the insert, if the call makes one, is no write
      java.util.List<com.datastax.oss.driver.api.core.session.Request> requests = sent.all().stream()
          .filter(com.datastax.oss.driver.api.core.cql.Statement.class::isInstance).toList();
      java.util.List<com.datastax.oss.driver.api.core.cql.BatchStatement> batches = requests.stream()
          .filter(com.datastax.oss.driver.api.core.cql.BatchStatement.class::isInstance).map(com.datastax.oss.driver.api.core.cql.BatchStatement.class::cast).toList();
      org.junit.jupiter.api.Assertions.assertEquals(requests.size(), batches.size(), "every request of the call was a batch: " + requests.size());
      org.junit.jupiter.api.Assertions.assertEquals(21, batches.size(), "7 partitions of 285 or 286 rows, 100 rows a batch");
      int rows = 0;
      for (com.datastax.oss.driver.api.core.cql.BatchStatement b : batches) {
        org.junit.jupiter.api.Assertions.assertEquals(com.datastax.oss.driver.api.core.cql.BatchType.UNLOGGED, b.getBatchType());
        java.util.Set<java.nio.ByteBuffer> partitions = new java.util.HashSet<>();
        b.forEach(statement -> partitions.add(statement.getRoutingKey()));
        org.junit.jupiter.api.Assertions.assertEquals(1, partitions.size(), "a batch holds rows of one partition");
        org.junit.jupiter.api.Assertions.assertEquals(timeout,
            sent.profileOf(b).getDuration(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_TIMEOUT));
        rows += b.size();
      }
      org.junit.jupiter.api.Assertions.assertEquals(2_000, rows);
      long stored = 0;
      for (int s = 0; s < 7; s++) {
        stored += dao.countBySensorIdAndDay("part-" + s, day);
      }
      org.junit.jupiter.api.Assertions.assertEquals(2_000, stored);
    }
  }
}
