package io.denorm.examples.calibrations;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link CalibrationDao}, storing {@link Calibration} in table {@code calibration}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.calibrations.CalibrationDao"
)
public final class CassandraCalibrationDao extends CassandraDaoBase<Calibration> implements CalibrationDao,
    ScannableDao<Calibration> {
  /**
   * {@code INSERT INTO calibration (sensor_id, version, at, offset, gain) VALUES (?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertCalibration;

  /**
   * {@code SELECT sensor_id, version, at, offset, gain FROM calibration WHERE sensor_id = ?}
   */
  private final PreparedCql selectBySensorId;

  /**
   * {@code SELECT sensor_id, version, at, offset, gain FROM calibration WHERE sensor_id = ? AND version = ?}
   */
  private final PreparedCql selectBySensorIdAndVersion;

  /**
   * {@code SELECT sensor_id, version, at, offset, gain FROM calibration WHERE sensor_id = ? AND version = ? AND at > ?}
   */
  private final PreparedCql selectBySensorIdAndVersionAndAtAfter;

  /**
   * {@code SELECT sensor_id, version, at, offset, gain FROM calibration WHERE sensor_id = ? AND version = ? AND at = ?}
   */
  private final PreparedCql selectBySensorIdAndVersionAndAt;

  /**
   * {@code SELECT sensor_id, version, at, offset, gain FROM calibration WHERE sensor_id = ? AND version >= ? AND
   * version <= ?}
   */
  private final PreparedCql selectBySensorIdAndVersionBetween;

  /**
   * {@code DELETE FROM calibration WHERE sensor_id = ? AND version = ? AND at = ?}
   */
  private final PreparedCql deleteCalibration;

  /**
   * {@code SELECT sensor_id FROM calibration WHERE sensor_id = ? AND version = ? AND at = ?}
   */
  private final PreparedCql selectCalibrationKey;

  /**
   * {@code SELECT sensor_id, version, at, offset, gain FROM calibration WHERE token(sensor_id) >= ? AND
   * token(sensor_id) <= ?}
   */
  private final PreparedCql scanCalibration;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraCalibrationDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    plainWrites();
    this.insertCalibration = prepare("INSERT INTO {keyspace}.calibration (sensor_id, version, at, offset, gain) VALUES "
        + "(?, ?, ?, ?, ?)");
    this.selectBySensorId = prepare("SELECT sensor_id, version, at, offset, gain FROM {keyspace}.calibration WHERE "
        + "sensor_id = ?");
    this.selectBySensorIdAndVersion = prepare("SELECT sensor_id, version, at, offset, gain FROM {keyspace}.calibration "
        + "WHERE sensor_id = ? AND version = ?");
    this.selectBySensorIdAndVersionAndAtAfter = prepare("SELECT sensor_id, version, at, offset, gain FROM "
        + "{keyspace}.calibration WHERE sensor_id = ? AND version = ? AND at > ?");
    this.selectBySensorIdAndVersionAndAt = prepare("SELECT sensor_id, version, at, offset, gain FROM "
        + "{keyspace}.calibration WHERE sensor_id = ? AND version = ? AND at = ?");
    this.selectBySensorIdAndVersionBetween = prepare("SELECT sensor_id, version, at, offset, gain FROM "
        + "{keyspace}.calibration WHERE sensor_id = ? AND version >= ? AND version <= ?");
    this.deleteCalibration = prepare("DELETE FROM {keyspace}.calibration WHERE sensor_id = ? AND version = ? AND at = "
        + "?");
    this.selectCalibrationKey = prepare("SELECT sensor_id FROM {keyspace}.calibration WHERE sensor_id = ? AND version "
        + "= ? AND at = ?");
    this.scanCalibration = prepare("SELECT sensor_id, version, at, offset, gain FROM {keyspace}.calibration WHERE "
        + "token(sensor_id) >= ? AND token(sensor_id) <= ?");
  }

  /**
   * Writes every column of the {@code Calibration} row in table {@code calibration}, replacing the row with the same
   * key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   */
  @Override
  public void save(Calibration calibration) {
    CassandraCalibrationMapper.requireValidKey(calibration);
    long writeTimestamp = nextWriteTimestamp();
    write(CassandraCalibrationMapper.bindAll(insertCalibration.sync().boundStatementBuilder(), calibration),
        writeTimestamp);
  }

  /**
   * Served by table {@code calibration}: {@code sensor_id = ?}.
   */
  @Override
  public List<Calibration> findBySensorId(String sensorId) {
    KeyChecks.argument("Calibration", "sensorId", sensorId);
    return list(
        selectBySensorId.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .build(),
        CassandraCalibrationMapper::fromRow);
  }

  /**
   * Served by table {@code calibration}: {@code sensor_id = ? AND version = ?}.
   */
  @Override
  public List<Calibration> findBySensorIdAndVersion(String sensorId, int version) {
    KeyChecks.argument("Calibration", "sensorId", sensorId);
    return list(
        selectBySensorIdAndVersion.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setInt(1, version)
            .build(),
        CassandraCalibrationMapper::fromRow);
  }

  /**
   * Served by table {@code calibration}: {@code sensor_id = ? AND version = ? AND at > ?}.
   */
  @Override
  public List<Calibration> findBySensorIdAndVersionAndAtAfter(String sensorId, int version,
      Instant after) {
    KeyChecks.argument("Calibration", "sensorId", sensorId);
    KeyChecks.argument("Calibration", "at", after);
    return list(
        selectBySensorIdAndVersionAndAtAfter.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setInt(1, version)
            .setInstant(2, after)
            .build(),
        CassandraCalibrationMapper::fromRow);
  }

  /**
   * Served by table {@code calibration}: {@code sensor_id = ? AND version = ? AND at = ?}.
   */
  @Override
  public Optional<Calibration> findBySensorIdAndVersionAndAt(String sensorId, int version,
      Instant at) {
    KeyChecks.argument("Calibration", "sensorId", sensorId);
    KeyChecks.argument("Calibration", "at", at);
    return one(
        selectBySensorIdAndVersionAndAt.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setInt(1, version)
            .setInstant(2, at),
        CassandraCalibrationMapper::fromRow);
  }

  /**
   * Served by table {@code calibration}: {@code sensor_id = ? AND version >= ? AND version <= ?}.
   */
  @Override
  public List<Calibration> findBySensorIdAndVersionBetween(String sensorId, int from, int to) {
    KeyChecks.argument("Calibration", "sensorId", sensorId);
    return list(
        selectBySensorIdAndVersionBetween.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setInt(1, from)
            .setInt(2, to)
            .build(),
        CassandraCalibrationMapper::fromRow);
  }

  /**
   * Deletes one row of table {@code calibration} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteBySensorIdAndVersionAndAt(String sensorId, int version, Instant at) {
    KeyChecks.keyComponent("Calibration", "sensorId", sensorId);
    KeyChecks.keyComponent("Calibration", "at", at);
    long writeTimestamp = nextWriteTimestamp();
    boolean existed = exists(selectCalibrationKey.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setInt(1, version)
            .setInstant(2, at)
            .build());
    write(deleteCalibration.sync().boundStatementBuilder()
            .setString(0, sensorId)
            .setInt(1, version)
            .setInstant(2, at)
            .build(), writeTimestamp);
    return existed;
  }

  @Override
  public List<IndexScans.Segment<Calibration>> scanSegments(int segments) {
    return masterSegments(scanCalibration, CassandraCalibrationMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Calibration> scanSegment(String range) {
    return masterSegment(scanCalibration, CassandraCalibrationMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraCalibrationDao withStatementOptions(StatementOptions options) {
    CassandraCalibrationDao other = new CassandraCalibrationDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
