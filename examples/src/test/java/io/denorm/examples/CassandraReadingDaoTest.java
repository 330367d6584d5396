package io.denorm.examples;

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
