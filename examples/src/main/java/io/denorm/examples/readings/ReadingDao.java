package io.denorm.examples.readings;

import io.denorm.Attributes;
import io.denorm.annotations.StatementAttributes;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

/** A sensor's readings of one day, by exact time, time range, all, or page by page. */
@Dao
@StatementAttributes(timeoutMillis = 60_000)
public interface ReadingDao {
  /**
   * This DAO with more statement attributes: another instance whose calls all carry them (timeouts
   * on both stores; consistency, tracing and profiles on Cassandra; durability on HBase).
   */
  ReadingDao withAttributes(Attributes attributes);

  void save(Reading r);

  CompletionStage<Void> saveAsync(Reading r);

  /** Many readings at once: on HBase multi-row batches of 1,000, on Cassandra 64 inserts in flight. */
  void saveAll(Collection<Reading> readings);

  CompletionStage<Void> saveAllAsync(List<? extends Reading> readings);

  CompletionStage<Void> deleteAllAsync(List<Reading> readings);

  Optional<Reading> findBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at);

  List<Reading> findBySensorIdAndDay(String sensorId, LocalDate day);

  /** The same rows published with back-pressure: read page by page as the subscriber requests them. */
  java.util.concurrent.Flow.Publisher<Reading> findEachBySensorIdAndDay(String sensorId, LocalDate day);

  /** The same rows as projections: the words between find and By name what is returned. */
  List<ReadingValue> findValuesBySensorIdAndDay(String sensorId, LocalDate day);

  CompletionStage<Optional<ReadingValue>> findFirstValueBySensorIdAndDayAsync(String sensorId, LocalDate day);

  Stream<Reading> findBySensorIdAndDayAndAtBetween(String s, LocalDate d, Instant from, Instant to);

  Page<Reading> findBySensorIdAndDay(String s, LocalDate d, PageRequest page);

  boolean deleteBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at);

  // Beyond the list: the other method kinds the processor implements.

  /** The latest reading of a day (rows are stored newest first). */
  Optional<Reading> findFirstBySensorIdAndDay(String sensorId, LocalDate day);

  List<Reading> findFirst3BySensorIdAndDayAndAtBefore(String sensorId, LocalDate day, Instant before);

  Stream<Reading> findBySensorIdAndDayAndAtGreaterThanEqualAndAtLessThan(String sensorId, LocalDate day, Instant from, Instant until);

  CompletionStage<List<Reading>> findBySensorIdAndDayAsync(String sensorId, LocalDate day);

  CompletionStage<Optional<Reading>> findBySensorIdAndDayAndAtAsync(String sensorId, LocalDate day, Instant at);

  CompletionStage<Page<Reading>> findBySensorIdAndDayAsync(String sensorId, LocalDate day, PageRequest page);

  CompletionStage<Boolean> deleteBySensorIdAndDayAndAtAsync(String sensorId, LocalDate day, Instant at);

  boolean delete(Reading r);

  /** How many readings a sensor has on a day: one COUNT(*) on Cassandra, one key-only scan on HBase. */
  long countBySensorIdAndDay(String sensorId, LocalDate day);

  long countBySensorIdAndDayAndAtBetween(String sensorId, LocalDate day, Instant from, Instant to);

  CompletionStage<Long> countBySensorIdAndDayAsync(String sensorId, LocalDate day);

  boolean existsBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at);

  CompletionStage<Boolean> existsBySensorIdAndDayAndAtAfterAsync(String sensorId, LocalDate day, Instant after);

  /** Deletes without reading first: nothing to return. */
  void deleteAllBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at);

  /** A default method is the user's own code, left alone by Denorm. */
  default List<Reading> today(String sensorId) {
    return findBySensorIdAndDay(sensorId, LocalDate.now(java.time.ZoneOffset.UTC));
  }
}
