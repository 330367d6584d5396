package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.denorm.WriteClock;
import io.denorm.examples.readings.Reading;
import io.denorm.testkit.CassandraExtension;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ReadingDaoContract} on a real Cassandra, and what only Cassandra shows: write times. */
@ExtendWith(CassandraExtension.class)
class CassandraReadingDaoTest extends ReadingDaoContract {

  static CqlSession session;

  @BeforeAll
  static void open(CqlSession client) {
    session = client;
    use(Stores.cassandra(client));
  }

  @Override
  io.denorm.Attributes refused() {
    return io.denorm.Attributes.none().withConsistency(io.denorm.Attributes.Level.THREE);
  }

  @Override
  boolean isRefusal(Throwable t) {
    // the driver reports each node's error in AllNodesFailedException.getAllErrors, not as a cause
    return t instanceof com.datastax.oss.driver.api.core.servererrors.UnavailableException u && u.getRequired() == 3
        || t instanceof com.datastax.oss.driver.api.core.AllNodesFailedException all
        && all.getAllErrors().values().stream().flatMap(java.util.List::stream).anyMatch(this::isRefusal);
  }

  @Override
  io.denorm.Attributes accepted() {
    return io.denorm.Attributes.none().withConsistency(io.denorm.Attributes.Level.QUORUM);
  }

  @Override
  Object effectiveAttributes(io.denorm.examples.readings.ReadingDao d) {
    return ((io.denorm.examples.readings.CassandraReadingDao) d).statementOptions();
  }

  /** Tracing asked for by attributes reaches the server: a session of the traced query shows up in system_traces. */
  @Test
  void tracingAttributeTracesTheStatements() throws InterruptedException {
    Instant at = Instant.parse("2026-11-20T07:00:00Z");
    dao.save(new Reading("traced", at, 1, "C"));
    java.util.Set<java.util.UUID> before = traceSessions();
    assertEquals(1, dao.withAttributes(io.denorm.Attributes.none().withTracing()).findBySensorIdAndDay("traced", LocalDate.of(2026, 11, 20)).size());
    java.util.Set<java.util.UUID> traced = new java.util.HashSet<>();
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
    while (traced.isEmpty() && System.nanoTime() < deadline) {
      for (com.datastax.oss.driver.api.core.cql.Row row : session.execute("SELECT session_id, parameters FROM system_traces.sessions")) {
        java.util.Map<String, String> parameters = row.getMap("parameters", String.class, String.class);
        if (!before.contains(row.getUuid("session_id")) && parameters != null && String.valueOf(parameters.get("query")).contains("readings_test")) {
          traced.add(row.getUuid("session_id"));
        }
      }
      Thread.sleep(200);
    }
    assertFalse(traced.isEmpty(), "a traced session of the finder's query");
  }

  private static java.util.Set<java.util.UUID> traceSessions() {
    java.util.Set<java.util.UUID> ids = new java.util.HashSet<>();
    session.execute("SELECT session_id FROM system_traces.sessions").forEach(r -> ids.add(r.getUuid(0)));
    return ids;
  }

  @Test
  void writesCarryTheClientTimestamp() {
    Instant at = Instant.parse("2026-11-20T06:00:00Z");
    long before = WriteClock.shared().next();
    dao.save(new Reading("ts", at, 1, "C"));
    long after = WriteClock.shared().next();
    long written = session.execute(SimpleStatement.newInstance(
            "SELECT WRITETIME(value) FROM readings_test.readings WHERE sensor_id = ? AND day = ? AND at = ?", "ts", LocalDate.of(2026, 11, 20), at))
        .one().getLong(0);
    assertTrue(written > before && written < after, "write time " + written + " between " + before + " and " + after);
  }
}
