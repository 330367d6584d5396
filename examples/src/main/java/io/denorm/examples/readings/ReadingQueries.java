package io.denorm.examples.readings;

import io.denorm.annotations.Dao;
import io.denorm.annotations.Query;
import io.denorm.annotations.Store;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Readings by hand-written CQL, checked at compile time against the model ({@code @Query}). CQL is
 * Cassandra's, so this DAO is generated for Cassandra only.
 */
@Dao(stores = Store.CASSANDRA)
public interface ReadingQueries {

  @Query("SELECT * FROM readings WHERE sensor_id = :sensorId AND day = :day AND at >= :from LIMIT 100")
  List<Reading> since(String sensorId, LocalDate day, Instant from);

  /** The day's first reading: the table keeps the newest first, the query reverses it. */
  @Query("SELECT * FROM readings WHERE sensor_id = ? AND day = ? ORDER BY at ASC LIMIT 1")
  Optional<Reading> earliest(String sensorId, LocalDate day);

  @Query("SELECT * FROM readings WHERE sensor_id = ? AND day = ? AND at > ? AND at < ?")
  CompletionStage<List<Reading>> betweenAsync(String sensorId, LocalDate day, Instant after, Instant before);
}
