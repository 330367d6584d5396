package io.denorm.examples.readings;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.Attributes;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.Publishers;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import io.denorm.write.BulkWrites;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link ReadingDao}, storing {@link Reading} in table {@code readings}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.readings.ReadingDao"
)
public final class CassandraReadingDao extends CassandraDaoBase<Reading> implements ReadingDao, ScannableDao<Reading> {
  /**
   * {@code INSERT INTO readings (sensor_id, day, at, value, unit) VALUES (?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertReading;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? AND at = ?}
   */
  private final PreparedCql selectBySensorIdAndDayAndAt;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ?}
   */
  private final PreparedCql selectBySensorIdAndDay;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? LIMIT ?}
   */
  private final PreparedCql selectFirstValueBySensorIdAndDay;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? AND at >= ? AND at <=
   * ?}
   */
  private final PreparedCql selectBySensorIdAndDayAndAtBetween;

  /**
   * {@code DELETE FROM readings WHERE sensor_id = ? AND day = ? AND at = ?}
   */
  private final PreparedCql deleteReading;

  /**
   * {@code SELECT sensor_id FROM readings WHERE sensor_id = ? AND day = ? AND at = ?}
   */
  private final PreparedCql selectReadingKey;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? AND at < ? LIMIT ?}
   */
  private final PreparedCql selectFirst3BySensorIdAndDayAndAtBefore;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE sensor_id = ? AND day = ? AND at >= ? AND at < ?}
   */
  private final PreparedCql selectBySensorIdAndDayAndAtGreaterThanEqualAndAtLessThan;

  /**
   * {@code SELECT COUNT(*) FROM readings WHERE sensor_id = ? AND day = ?}
   */
  private final PreparedCql countBySensorIdAndDay;

  /**
   * {@code SELECT COUNT(*) FROM readings WHERE sensor_id = ? AND day = ? AND at >= ? AND at <= ?}
   */
  private final PreparedCql countBySensorIdAndDayAndAtBetween;

  /**
   * {@code SELECT sensor_id FROM readings WHERE sensor_id = ? AND day = ? AND at = ? LIMIT 1}
   */
  private final PreparedCql existsBySensorIdAndDayAndAt;

  /**
   * {@code SELECT sensor_id FROM readings WHERE sensor_id = ? AND day = ? AND at > ? LIMIT 1}
   */
  private final PreparedCql existsBySensorIdAndDayAndAtAfter;

  /**
   * {@code SELECT sensor_id, day, at, value, unit FROM readings WHERE token(sensor_id, day) >= ? AND token(sensor_id,
   * day) <= ?}
   */
  private final PreparedCql scanReading;

  /**
   * {@code SELECT sensor_id, day, at, value, unit, WRITETIME(value), WRITETIME(unit) FROM readings WHERE sensor_id = ?
   * AND day = ? AND at = ?}
   */
  private final PreparedCql selectReadingRow;

  /**
   * The steps of a save of Reading, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Reading> saves;

  /**
   * The steps of a delete of Reading; every delete method is one call of it.
   */
  private final DeletePipeline<Reading> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraReadingDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    plainWrites();
    applyAttributes(Attributes.none().withTimeout(Duration.ofMillis(60000L)));
    this.insertReading = prepare("INSERT INTO {keyspace}.readings (sensor_id, day, at, value, unit) VALUES (?, ?, ?, "
        + "?, ?)");
    this.selectBySensorIdAndDayAndAt = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE "
        + "sensor_id = ? AND day = ? AND at = ?");
    this.selectBySensorIdAndDay = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE "
        + "sensor_id = ? AND day = ?");
    this.selectFirstValueBySensorIdAndDay = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings "
        + "WHERE sensor_id = ? AND day = ? LIMIT ?");
    this.selectBySensorIdAndDayAndAtBetween = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings "
        + "WHERE sensor_id = ? AND day = ? AND at >= ? AND at <= ?");
    this.deleteReading = prepare("DELETE FROM {keyspace}.readings WHERE sensor_id = ? AND day = ? AND at = ?");
    this.selectReadingKey = prepare("SELECT sensor_id FROM {keyspace}.readings WHERE sensor_id = ? AND day = ? AND at "
        + "= ?");
    this.selectFirst3BySensorIdAndDayAndAtBefore = prepare("SELECT sensor_id, day, at, value, unit FROM "
        + "{keyspace}.readings WHERE sensor_id = ? AND day = ? AND at < ? LIMIT ?");
    this.selectBySensorIdAndDayAndAtGreaterThanEqualAndAtLessThan = prepare("SELECT sensor_id, day, at, value, unit "
        + "FROM {keyspace}.readings WHERE sensor_id = ? AND day = ? AND at >= ? AND at < ?");
    this.countBySensorIdAndDay = prepare("SELECT COUNT(*) FROM {keyspace}.readings WHERE sensor_id = ? AND day = ?");
    this.countBySensorIdAndDayAndAtBetween = prepare("SELECT COUNT(*) FROM {keyspace}.readings WHERE sensor_id = ? AND "
        + "day = ? AND at >= ? AND at <= ?");
    this.existsBySensorIdAndDayAndAt = prepare("SELECT sensor_id FROM {keyspace}.readings WHERE sensor_id = ? AND day "
        + "= ? AND at = ? LIMIT 1");
    this.existsBySensorIdAndDayAndAtAfter = prepare("SELECT sensor_id FROM {keyspace}.readings WHERE sensor_id = ? AND "
        + "day = ? AND at > ? LIMIT 1");
    this.scanReading = prepare("SELECT sensor_id, day, at, value, unit FROM {keyspace}.readings WHERE token(sensor_id, "
        + "day) >= ? AND token(sensor_id, day) <= ?");
    this.selectReadingRow = prepare("SELECT sensor_id, day, at, value, unit, WRITETIME(value), WRITETIME(unit) FROM "
        + "{keyspace}.readings WHERE sensor_id = ? AND day = ? AND at = ?");
    master(MasterTable.<Reading>of("Reading", selectReadingRow, CassandraReadingMapper::fromRow,
        CassandraReadingMapper::keyOf, CassandraReadingMapper::bindKeyValues)
        .inserting(insertReading, CassandraReadingMapper::bindAll)
        .deleting(deleteReading, selectReadingKey));
    this.saves = savePipeline()
        .checking(CassandraReadingMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraReadingMapper::keyOf)
        .checking(CassandraReadingMapper::requireValidKey)
        .build();
  }

  /**
   * Another instance of this DAO, over the same session and tables, whose statements carry {@code attributes} on top of
   * this one's.
   * It shares this one's clock, repair grace, write observer and list limit.
   */
  @Override
  public ReadingDao withAttributes(Attributes attributes) {
    Objects.requireNonNull(attributes, "attributes");
    CassandraReadingDao other = withStatementOptions(statementOptions());
    other.applyAttributes(attributes);
    return other;
  }

  /**
   * Writes every column of the {@code Reading} row in table {@code readings}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   */
  @Override
  public void save(Reading r) {
    CassandraReadingMapper.requireValidKey(r);
    long writeTimestamp = nextWriteTimestamp();
    write(CassandraReadingMapper.bindAll(insertReading.sync().boundStatementBuilder(), r), writeTimestamp);
  }

  /**
   * Writes every column of the {@code Reading} row in table {@code readings}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   */
  @Override
  public CompletionStage<Void> saveAsync(Reading r) {
    return saves.save(r);
  }

  /**
   * Saves every {@code Reading} of {@code readings} as {@code save} does; all are checked before anything is sent.
   * Of those with one key, the last one given is stored.
   * The rows of one partition go together as unlogged batches of up to {@value
   * io.denorm.cassandra.CassandraDaoBase#BATCH_ROWS} rows (one mutation each),
   * {@value io.denorm.cassandra.CassandraDaoBase#BATCHES_IN_FLIGHT} batches in flight.
   * A failed batch does not stop the others: the call then fails with {@link io.denorm.BulkWriteException},
   * naming its rows.
   */
  @Override
  public void saveAll(Collection<Reading> readings) {
    join(insertAllAsync(readings, CassandraReadingMapper::requireValidKey));
  }

  /**
   * Saves every {@code Reading} of {@code readings} as {@code save} does; all are checked before anything is sent.
   * Of those with one key, the last one given is stored.
   * The rows of one partition go together as unlogged batches of up to {@value
   * io.denorm.cassandra.CassandraDaoBase#BATCH_ROWS} rows (one mutation each),
   * {@value io.denorm.cassandra.CassandraDaoBase#BATCHES_IN_FLIGHT} batches in flight.
   * A failed batch does not stop the others: the call then fails with {@link io.denorm.BulkWriteException},
   * naming its rows.
   */
  @Override
  public CompletionStage<Void> saveAllAsync(List<? extends Reading> readings) {
    return insertAllAsync(readings, CassandraReadingMapper::requireValidKey);
  }

  /**
   * Deletes every {@code Reading} of {@code readings} as {@code delete} does, with its index rows and the rows it keeps
   * in step;
   * all are checked before anything is sent, {@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight, those
   * with one key one after the other.
   * A failed delete does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming
   * each.
   */
  @Override
  public CompletionStage<Void> deleteAllAsync(List<Reading> readings) {
    return deletes.deleteAll("Reading", readings, BulkWrites.DEFAULT_IN_FLIGHT);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ? AND at = ?}.
   */
  @Override
  public Optional<Reading> findBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", at);
    return one(
        selectBySensorIdAndDayAndAt.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, at),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public List<Reading> findBySensorIdAndDay(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return list(
        selectBySensorIdAndDay.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   * Published with back-pressure: each subscriber runs the read anew, and a page is read only when the rows before it
   * are delivered and more are requested ({@link Publishers}).
   */
  @Override
  public Flow.Publisher<Reading> findEachBySensorIdAndDay(String sensorId, LocalDate day) {
    return Publishers.ofStream(() -> findEachBySensorIdAndDay$stream(sensorId, day));
  }

  private Stream<Reading> findEachBySensorIdAndDay$stream(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return stream(
        selectBySensorIdAndDay.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   * Each {@code Reading} read is returned as a {@link ReadingValue} of its fields at, value.
   */
  @Override
  public List<ReadingValue> findValuesBySensorIdAndDay(String sensorId, LocalDate day) {
    return findValuesBySensorIdAndDay$rows(sensorId, day).stream().map(row -> new ReadingValue(row.at, row.value))
        .toList();
  }

  private List<Reading> findValuesBySensorIdAndDay$rows(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return list(
        selectBySensorIdAndDay.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}, first 1 row(s).
   * Each {@code Reading} read is returned as a {@link ReadingValue} of its fields at, value.
   */
  @Override
  public CompletionStage<Optional<ReadingValue>> findFirstValueBySensorIdAndDayAsync(
      String sensorId, LocalDate day) {
    return findFirstValueBySensorIdAndDayAsync$rows(sensorId, day).thenApply(found -> found.map(row ->
        new ReadingValue(row.at, row.value)));
  }

  private CompletionStage<Optional<Reading>> findFirstValueBySensorIdAndDayAsync$rows(
      String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return selectFirstValueBySensorIdAndDay.async().thenCompose(prepared -> oneAsync(
        prepared.boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInt(2, 1),
        CassandraReadingMapper::fromRow));
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ? AND at >= ? AND at <= ?}.
   */
  @Override
  public Stream<Reading> findBySensorIdAndDayAndAtBetween(String s, LocalDate d, Instant from,
      Instant to) {
    KeyChecks.argument("Reading", "sensorId", s);
    KeyChecks.argument("Reading", "day", d);
    KeyChecks.argument("Reading", "at", from);
    KeyChecks.argument("Reading", "at", to);
    return stream(
        selectBySensorIdAndDayAndAtBetween.sync().boundStatementBuilder()
            .setString(0, s)
            .setLocalDate(1, d)
            .setInstant(2, from)
            .setInstant(3, to)
            .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public Page<Reading> findBySensorIdAndDay(String s, LocalDate d, PageRequest page) {
    KeyChecks.argument("Reading", "sensorId", s);
    KeyChecks.argument("Reading", "day", d);
    return page(
        selectBySensorIdAndDay.sync().boundStatementBuilder()
            .setString(0, s)
            .setLocalDate(1, d)
            .build(),
        CassandraReadingMapper::fromRow, page);
  }

  /**
   * Deletes one row of table {@code readings} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.keyComponent("Reading", "sensorId", sensorId);
    KeyChecks.keyComponent("Reading", "day", day);
    KeyChecks.keyComponent("Reading", "at", at);
    long writeTimestamp = nextWriteTimestamp();
    boolean existed = exists(selectReadingKey.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, at)
            .build());
    write(deleteReading.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, at)
            .build(), writeTimestamp);
    return existed;
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}, first 1 row(s).
   */
  @Override
  public Optional<Reading> findFirstBySensorIdAndDay(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return one(
        selectFirstValueBySensorIdAndDay.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInt(2, 1),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ? AND at < ?}, first 3 row(s).
   */
  @Override
  public List<Reading> findFirst3BySensorIdAndDayAndAtBefore(String sensorId, LocalDate day,
      Instant before) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", before);
    return list(
        selectFirst3BySensorIdAndDayAndAtBefore.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, before)
            .setInt(3, 3)
            .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ? AND at >= ? AND at < ?}.
   */
  @Override
  public Stream<Reading> findBySensorIdAndDayAndAtGreaterThanEqualAndAtLessThan(String sensorId,
      LocalDate day, Instant from, Instant until) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", from);
    KeyChecks.argument("Reading", "at", until);
    return stream(
        selectBySensorIdAndDayAndAtGreaterThanEqualAndAtLessThan.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, from)
            .setInstant(3, until)
            .build(),
        CassandraReadingMapper::fromRow);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public CompletionStage<List<Reading>> findBySensorIdAndDayAsync(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return selectBySensorIdAndDay.async().thenCompose(prepared -> listAsync(
        prepared.boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .build(),
        CassandraReadingMapper::fromRow));
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ? AND at = ?}.
   */
  @Override
  public CompletionStage<Optional<Reading>> findBySensorIdAndDayAndAtAsync(String sensorId,
      LocalDate day, Instant at) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", at);
    return selectBySensorIdAndDayAndAt.async().thenCompose(prepared -> oneAsync(
        prepared.boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, at),
        CassandraReadingMapper::fromRow));
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public CompletionStage<Page<Reading>> findBySensorIdAndDayAsync(String sensorId, LocalDate day,
      PageRequest page) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return selectBySensorIdAndDay.async().thenCompose(prepared -> pageAsync(
        prepared.boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .build(),
        CassandraReadingMapper::fromRow, page));
  }

  /**
   * Deletes one row of table {@code readings} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public CompletionStage<Boolean> deleteBySensorIdAndDayAndAtAsync(String sensorId, LocalDate day,
      Instant at) {
    KeyChecks.keyComponent("Reading", "sensorId", sensorId);
    KeyChecks.keyComponent("Reading", "day", day);
    KeyChecks.keyComponent("Reading", "at", at);
    long writeTimestamp = nextWriteTimestamp();
    return selectReadingKey.async()
            .thenCompose(prepared -> existsAsync(prepared.boundStatementBuilder()
                .setString(0, sensorId)
                .setLocalDate(1, day)
                .setInstant(2, at)
                .build()))
            .thenCompose(existed -> deleteReading.async().thenCompose(prepared ->
                writeAsync(prepared.boundStatementBuilder()
                .setString(0, sensorId)
                .setLocalDate(1, day)
                .setInstant(2, at)
                .build(), writeTimestamp)).thenApply(done -> existed));
  }

  /**
   * Deletes one row of table {@code readings} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean delete(Reading r) {
    CassandraReadingMapper.requireValidKey(r);
    long writeTimestamp = nextWriteTimestamp();
    boolean existed = exists(CassandraReadingMapper.bindKey(selectReadingKey.sync().boundStatementBuilder(), r)
        .build());
    write(CassandraReadingMapper.bindKey(deleteReading.sync().boundStatementBuilder(), r).build(), writeTimestamp);
    return existed;
  }

  /**
   * Counted by the server in table {@code readings}: {@code sensor_id = ? AND day = ?} (a {@code SELECT COUNT(*)}).
   */
  @Override
  public long countBySensorIdAndDay(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return count(countBySensorIdAndDay.sync().boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .build());
  }

  /**
   * Counted by the server in table {@code readings}: {@code sensor_id = ? AND day = ? AND at >= ? AND at <= ?} (a
   * {@code SELECT COUNT(*)}).
   */
  @Override
  public long countBySensorIdAndDayAndAtBetween(String sensorId, LocalDate day, Instant from,
      Instant to) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", from);
    KeyChecks.argument("Reading", "at", to);
    return count(countBySensorIdAndDayAndAtBetween.sync().boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .setInstant(2, from)
        .setInstant(3, to)
        .build());
  }

  /**
   * Counted by the server in table {@code readings}: {@code sensor_id = ? AND day = ?} (a {@code SELECT COUNT(*)}).
   */
  @Override
  public CompletionStage<Long> countBySensorIdAndDayAsync(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return countBySensorIdAndDay.async().thenCompose(prepared -> countAsync(prepared.boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .build()));
  }

  /**
   * Reads at most one key of table {@code readings}: {@code sensor_id = ? AND day = ? AND at = ?}.
   */
  @Override
  public boolean existsBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", at);
    return exists(existsBySensorIdAndDayAndAt.sync().boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .setInstant(2, at)
        .build());
  }

  /**
   * Reads at most one key of table {@code readings}: {@code sensor_id = ? AND day = ? AND at > ?}.
   */
  @Override
  public CompletionStage<Boolean> existsBySensorIdAndDayAndAtAfterAsync(String sensorId,
      LocalDate day, Instant after) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", after);
    return existsBySensorIdAndDayAndAtAfter.async().thenCompose(prepared -> existsAsync(prepared.boundStatementBuilder()
        .setString(0, sensorId)
        .setLocalDate(1, day)
        .setInstant(2, after)
        .build()));
  }

  /**
   * Deletes one row of table {@code readings} by its primary key, at one client-side write timestamp.
   */
  @Override
  public void deleteAllBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.keyComponent("Reading", "sensorId", sensorId);
    KeyChecks.keyComponent("Reading", "day", day);
    KeyChecks.keyComponent("Reading", "at", at);
    long writeTimestamp = nextWriteTimestamp();
    write(deleteReading.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setLocalDate(1, day)
            .setInstant(2, at)
            .build(), writeTimestamp);
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
  public CassandraReadingDao withStatementOptions(StatementOptions options) {
    CassandraReadingDao other = new CassandraReadingDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
