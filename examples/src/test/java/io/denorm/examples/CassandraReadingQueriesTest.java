package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.InvalidEntityException;
import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import io.denorm.examples.readings.ReadingQueries;
import io.denorm.testkit.CassandraExtension;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code @Query} methods on a real Cassandra: named and positional markers, a reversed order, a limit, an async call. */
@ExtendWith(CassandraExtension.class)
class CassandraReadingQueriesTest {

  static ReadingDao readings;
  static ReadingQueries queries;

  @BeforeAll
  static void open(CqlSession client) {
    Stores.Store store = Stores.cassandra(client);
    readings = store.dao(ReadingDao.class, "reading_queries_test", "Reading");
    queries = store.sameSchema(ReadingQueries.class);
  }

  @Test
  void theQueriesReturnTheRowsTheirCqlSelects() throws Exception {
    String sensor = "q-" + UUID.randomUUID();
    LocalDate day = LocalDate.of(2026, 4, 2);
    Instant start = day.atStartOfDay(ZoneOffset.UTC).toInstant();
    for (int i = 0; i < 150; i++) {
      readings.save(new Reading(sensor, start.plusSeconds(i * 60L), i, "C"));
    }
    List<Reading> since = queries.since(sensor, day, start.plusSeconds(120 * 60L));
    assertEquals(30, since.size(), "minutes 120 to 149");
    assertEquals(149.0, since.get(0).value(), "the table's order: newest first");
    assertEquals(100, queries.since(sensor, day, start).size(), "LIMIT 100");
    assertEquals(0.0, queries.earliest(sensor, day).orElseThrow().value(), "ORDER BY at ASC LIMIT 1");
    assertEquals(List.of(12.0, 11.0), queries.betweenAsync(sensor, day, start.plusSeconds(10 * 60L), start.plusSeconds(13 * 60L))
        .toCompletableFuture().get().stream().map(Reading::value).toList());
    assertEquals(List.of(), queries.since(sensor, day.plusDays(1), start));
    assertThrows(InvalidEntityException.class, () -> queries.earliest(null, day), "a null key argument is refused before the query");
  }
}
