package io.denorm.examples.calibrations;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.KeyChecks;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Calibration} to rows of table {@code calibration}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: sensor_id, version, at, offset, gain.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.calibrations.Calibration"
)
public final class CassandraCalibrationMapper {
  private CassandraCalibrationMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Calibration entity) {
    Objects.requireNonNull(entity, "Calibration to write");
    KeyChecks.keyComponent("Calibration", "sensorId", entity.sensorId());
    KeyChecks.keyComponent("Calibration", "at", entity.at());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Calibration entity) {
    statement = statement.setString(0, entity.sensorId());
    statement = statement.setInt(1, entity.version());
    statement = statement.setInstant(2, entity.at());
    statement = statement.setDouble(3, entity.offset());
    statement = statement.setDouble(4, entity.gain());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Calibration entity) {
    statement = statement.setString(0, entity.sensorId());
    statement = statement.setInt(1, entity.version());
    statement = statement.setInstant(2, entity.at());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    statement = statement.setInt(1, (Integer) key.get(1));
    statement = statement.setInstant(2, (Instant) key.get(2));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Calibration entity) {
    return Arrays.asList(entity.sensorId(), entity.version(), entity.at());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Calibration fromRow(Row row) {
    return new Calibration(
            row.getString(0),
            row.getInt(1),
            row.getInstant(2),
            row.getDouble(3),
            row.getDouble(4),
            0L);
  }
}
