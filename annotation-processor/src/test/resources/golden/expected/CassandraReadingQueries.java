package io.denorm.examples.readings;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link ReadingQueries}, storing {@link Reading} in table {@code readings}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.readings.ReadingQueries"
)
public final class CassandraReadingQueries extends CassandraDaoBase<Reading> implements ReadingQueries,
    ScannableDao<Reading> {
  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? AND at >= ? LIMIT 100}
   */
  private final PreparedCql querySince;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? ORDER BY at ASC LIMIT
   * 1}
   */
  private final PreparedCql queryEarliest;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? AND at > ? AND at < ?}
   */
  private final PreparedCql queryBetweenAsync;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE token(sensor_id, day) >= ? AND token(sensor_id,
   * day) <= ?}
   */
  private final PreparedCql scanReading;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraReadingQueries(CqlSession session, String keyspace) {
    super(session, keyspace);
    plainWrites();
    this.querySince = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE sensor_id = ? AND "
        + "day = ? AND at >= ? LIMIT 100");
    this.queryEarliest = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE sensor_id = ? "
        + "AND day = ? ORDER BY at ASC LIMIT 1");
    this.queryBetweenAsync = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE sensor_id "
        + "= ? AND day = ? AND at > ? AND at < ?");
    this.scanReading = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE token(sensor_id, "
        + "day) >= ? AND token(sensor_id, day) <= ?");
  }

  /**
   * {@code @Query}, checked against table {@code readings} at compile time.
   */
  @Override
  public List<Reading> since(String sensorId, LocalDate day, Instant from) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", from);
    return list(
        querySince.sync().boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .setInstant(2, from)
        .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * {@code @Query}, checked against table {@code readings} at compile time.
   */
  @Override
  public Optional<Reading> earliest(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return one(
        queryEarliest.sync().boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * {@code @Query}, checked against table {@code readings} at compile time.
   */
  @Override
  public CompletionStage<List<Reading>> betweenAsync(String sensorId, LocalDate day, Instant after,
      Instant before) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", after);
    KeyChecks.argument("Reading", "at", before);
    return queryBetweenAsync.async().thenCompose(prepared -> listAsync(
        prepared.boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .setInstant(2, after)
        .setInstant(3, before)
        .build(),
        CassandraReadingMapper::fromRow));
  }

  @Override
  public List<IndexScans.Segment<Reading>> scanSegments(int segments) {
    return masterSegments(scanReading, CassandraReadingMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Reading> scanSegment(String range) {
    return masterSegment(scanReading, CassandraReadingMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraReadingQueries withStatementOptions(StatementOptions options) {
    CassandraReadingQueries other = new CassandraReadingQueries(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
