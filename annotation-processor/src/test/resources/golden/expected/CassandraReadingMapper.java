package io.denorm.examples.readings;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.KeyChecks;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Reading} to rows of table {@code readings}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: sensor_id, day, at, value, unit.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.readings.Reading"
)
public final class CassandraReadingMapper {
  private CassandraReadingMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Reading entity) {
    Objects.requireNonNull(entity, "Reading to write");
    KeyChecks.keyComponent("Reading", "sensorId", entity.sensorId);
    KeyChecks.keyComponent("Reading", "day", entity.day);
    KeyChecks.keyComponent("Reading", "at", entity.at);
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Reading entity) {
    statement = statement.setString(0, entity.sensorId);
    statement = statement.setLocalDate(1, entity.day);
    statement = statement.setInstant(2, entity.at);
    statement = statement.setDouble(3, entity.value);
    statement = statement.setString(4, entity.unit);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Reading entity) {
    statement = statement.setString(0, entity.sensorId);
    statement = statement.setLocalDate(1, entity.day);
    statement = statement.setInstant(2, entity.at);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    statement = statement.setLocalDate(1, (LocalDate) key.get(1));
    statement = statement.setInstant(2, (Instant) key.get(2));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Reading entity) {
    return Arrays.asList(entity.sensorId, entity.day, entity.at);
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Reading fromRow(Row row) {
    Reading entity = new Reading();
    entity.sensorId = row.getString(0);
    entity.day = row.getLocalDate(1);
    entity.at = row.getInstant(2);
    entity.value = row.getDouble(3);
    entity.unit = row.getString(4);
    return entity;
  }
}
