package io.denorm.examples.readings;

import io.denorm.Attributes;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.Publishers;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseValues;
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
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link ReadingDao}, storing {@link Reading} in table {@code readings}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.readings.ReadingDao"
)
public final class HBaseReadingDao extends HBaseDaoBase<Reading> implements ReadingDao {
  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseReadingDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseReadingDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Reading", "readings", HBaseReadingMapper.KEY, HBaseReadingMapper.SALT,
        HBaseReadingMapper.COLUMNS, HBaseReadingMapper::key, HBaseReadingMapper::cells, HBaseReadingMapper::fromRow,
        entity -> List.of());
    typedKeys(HBaseReadingMapper::rowKey);
    plainWrites();
    setAttributes(Attributes.none().withTimeout(Duration.ofMillis(60000L)));
  }

  /**
   * Another instance of this DAO, over the same session and tables, whose statements carry {@code attributes} on top of
   * this one's.
   * It shares this one's clock, repair grace, write observer and list limit.
   */
  @Override
  public ReadingDao withAttributes(Attributes attributes) {
    Objects.requireNonNull(attributes, "attributes");
    HBaseReadingDao other = new HBaseReadingDao(connection(), namespace());
    other.copySettingsFrom(this);
    other.setAttributes(attributes().overriddenBy(attributes));
    return other;
  }

  /**
   * Writes every column of the {@code Reading} row in table {@code readings} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   */
  @Override
  public void save(Reading r) {
    write(r);
  }

  /**
   * Writes every column of the {@code Reading} row in table {@code readings} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   */
  @Override
  public CompletionStage<Void> saveAsync(Reading r) {
    return writeAsync(r);
  }

  /**
   * Saves every {@code Reading} of {@code readings} as {@code save} does; all are checked before anything is sent.
   * The rows are sent as multi-row batches (one RPC per region server each), stamped in the order given.
   * A failed one does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.
   */
  @Override
  public void saveAll(Collection<Reading> readings) {
    join(writeAllAsync(readings));
  }

  /**
   * Saves every {@code Reading} of {@code readings} as {@code save} does; all are checked before anything is sent.
   * The rows are sent as multi-row batches (one RPC per region server each), stamped in the order given.
   * A failed one does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.
   */
  @Override
  public CompletionStage<Void> saveAllAsync(List<? extends Reading> readings) {
    return writeAllAsync(readings);
  }

  /**
   * Deletes the row of every {@code Reading} of {@code readings}; all keys are checked before anything is sent, then
   * the rows
   * are deleted in multi-row batches (one RPC per region server each), each at its own stamp.
   * A failed one does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.
   */
  @Override
  public CompletionStage<Void> deleteAllAsync(List<Reading> readings) {
    return removeAllAsync(readings);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ? AND at = ?}.
   */
  @Override
  public Optional<Reading> findBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", at);
    return get(List.<Object>of(sensorId, day, HBaseValues.millis(at)));
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public List<Reading> findBySensorIdAndDay(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return list(range(List.<Object>of(sensorId, day)), 0);
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
    return stream(range(List.<Object>of(sensorId, day)), 0);
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
    return list(range(List.<Object>of(sensorId, day)), 0);
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
    return firstAsync(range(List.<Object>of(sensorId, day)));
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
    return stream(range(List.<Object>of(s, d), HBaseValues.millis(from), true, HBaseValues.millis(to), true), 0);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public Page<Reading> findBySensorIdAndDay(String s, LocalDate d, PageRequest page) {
    KeyChecks.argument("Reading", "sensorId", s);
    KeyChecks.argument("Reading", "day", d);
    return page(range(List.<Object>of(s, d)), page);
  }

  /**
   * Deletes one row of table {@code readings} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.keyComponent("Reading", "sensorId", sensorId);
    KeyChecks.keyComponent("Reading", "day", day);
    KeyChecks.keyComponent("Reading", "at", at);
    return join(removeAsync(List.<Object>of(sensorId, day, HBaseValues.millis(at))));
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}, first 1 row(s).
   */
  @Override
  public Optional<Reading> findFirstBySensorIdAndDay(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return first(range(List.<Object>of(sensorId, day)));
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
    return list(range(List.<Object>of(sensorId, day), null, false, HBaseValues.millis(before), false), 3);
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
    return stream(range(List.<Object>of(sensorId, day), HBaseValues.millis(from), true, HBaseValues.millis(until),
        false), 0);
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public CompletionStage<List<Reading>> findBySensorIdAndDayAsync(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return listAsync(range(List.<Object>of(sensorId, day)), 0);
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
    return getAsync(List.<Object>of(sensorId, day, HBaseValues.millis(at)));
  }

  /**
   * Served by table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public CompletionStage<Page<Reading>> findBySensorIdAndDayAsync(String sensorId, LocalDate day,
      PageRequest page) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return pageAsync(range(List.<Object>of(sensorId, day)), page);
  }

  /**
   * Deletes one row of table {@code readings} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public CompletionStage<Boolean> deleteBySensorIdAndDayAndAtAsync(String sensorId, LocalDate day,
      Instant at) {
    KeyChecks.keyComponent("Reading", "sensorId", sensorId);
    KeyChecks.keyComponent("Reading", "day", day);
    KeyChecks.keyComponent("Reading", "at", at);
    return removeAsync(List.<Object>of(sensorId, day, HBaseValues.millis(at)));
  }

  /**
   * Deletes one row of table {@code readings} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean delete(Reading r) {
    return join(removeEntityAsync(r));
  }

  /**
   * Counts by key-only scans the rows of table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public long countBySensorIdAndDay(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return count(range(List.<Object>of(sensorId, day)));
  }

  /**
   * Counts by key-only scans the rows of table {@code readings}: {@code sensor_id = ? AND day = ? AND at >= ? AND at <=
   * ?}.
   */
  @Override
  public long countBySensorIdAndDayAndAtBetween(String sensorId, LocalDate day, Instant from,
      Instant to) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", from);
    KeyChecks.argument("Reading", "at", to);
    return count(range(List.<Object>of(sensorId, day), HBaseValues.millis(from), true, HBaseValues.millis(to), true));
  }

  /**
   * Counts by key-only scans the rows of table {@code readings}: {@code sensor_id = ? AND day = ?}.
   */
  @Override
  public CompletionStage<Long> countBySensorIdAndDayAsync(String sensorId, LocalDate day) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    return countAsync(range(List.<Object>of(sensorId, day)));
  }

  /**
   * Reads the first row of each salt bucket of table {@code readings}: {@code sensor_id = ? AND day = ? AND at = ?}.
   */
  @Override
  public boolean existsBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", at);
    return exists(range(List.<Object>of(sensorId, day, HBaseValues.millis(at))));
  }

  /**
   * Reads the first row of each salt bucket of table {@code readings}: {@code sensor_id = ? AND day = ? AND at > ?}.
   */
  @Override
  public CompletionStage<Boolean> existsBySensorIdAndDayAndAtAfterAsync(String sensorId,
      LocalDate day, Instant after) {
    KeyChecks.argument("Reading", "sensorId", sensorId);
    KeyChecks.argument("Reading", "day", day);
    KeyChecks.argument("Reading", "at", after);
    return existsAsync(range(List.<Object>of(sensorId, day), HBaseValues.millis(after), false, null, false));
  }

  /**
   * Deletes one row of table {@code readings} by its key, at one timestamp.
   */
  @Override
  public void deleteAllBySensorIdAndDayAndAt(String sensorId, LocalDate day, Instant at) {
    KeyChecks.keyComponent("Reading", "sensorId", sensorId);
    KeyChecks.keyComponent("Reading", "day", day);
    KeyChecks.keyComponent("Reading", "at", at);
    join(removeAsync(List.<Object>of(sensorId, day, HBaseValues.millis(at))));
  }
}
