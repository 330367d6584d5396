package io.denorm.examples.devices;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.Conversions;
import io.denorm.KeyChecks;
import io.denorm.cassandra.CassandraValues;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Device} to rows of table {@code devices}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, name, firmware, slot, uptime_millis, zone, level, load,
 * temperature, online, price, serial, installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at,
 * counters, notes, order.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.devices.Device"
)
public final class CassandraDeviceMapper {
  private CassandraDeviceMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Device entity) {
    Objects.requireNonNull(entity, "Device to write");
    KeyChecks.keyComponent("Device", "id", entity.getId());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Device entity) {
    statement = statement.setUuid(0, entity.getId());
    statement = statement.setString(1, entity.getName());
    statement = statement.setInt(2, entity.getFirmware());
    statement = statement.set(3, entity.getSlot(), Integer.class);
    statement = statement.setLong(4, entity.getUptimeMillis());
    statement = statement.setShort(5, entity.getZone());
    statement = statement.setByte(6, entity.getLevel());
    statement = statement.setFloat(7, entity.getLoad());
    statement = statement.set(8, entity.getTemperature(), Double.class);
    statement = statement.setBoolean(9, entity.isOnline());
    statement = statement.setBigDecimal(10, entity.getPrice());
    statement = statement.setBigInteger(11, entity.getSerial());
    statement = statement.setInstant(12, entity.getInstalledAt());
    statement = statement.setLocalDate(13, entity.getWarrantyEnds());
    statement = statement.setLocalTime(14, entity.getWakeAt());
    statement = statement.setByteBuffer(15, CassandraValues.buffer(entity.getKey()));
    statement = statement.setString(16, CassandraValues.name(entity.getStatus()));
    statement = statement.setList(17, entity.getTags(), String.class);
    statement = statement.setSet(18, CassandraValues.names(entity.getHistory()), String.class);
    statement = statement.setSet(19, Conversions.set(entity.getSeenAt(), e -> CassandraValues.millis(e)),
        Instant.class);
    statement = statement.setMap(20, entity.getCounters(), String.class, Integer.class);
    statement = statement.setMap(21, CassandraValues.namedKeys(entity.getNotes()), String.class, String.class);
    statement = statement.setString(22, entity.getOrder());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Device entity) {
    statement = statement.setUuid(0, entity.getId());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setUuid(0, (UUID) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Device entity) {
    return Arrays.asList(entity.getId());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Device fromRow(Row row) {
    Device entity = new Device();
    entity.setId(row.getUuid(0));
    entity.setName(row.getString(1));
    entity.setFirmware(row.getInt(2));
    entity.setSlot(row.get(3, Integer.class));
    entity.setUptimeMillis(row.getLong(4));
    entity.setZone(row.getShort(5));
    entity.setLevel(row.getByte(6));
    entity.setLoad(row.getFloat(7));
    entity.setTemperature(row.get(8, Double.class));
    entity.setOnline(row.getBoolean(9));
    entity.setPrice(row.getBigDecimal(10));
    entity.setSerial(row.getBigInteger(11));
    entity.setInstalledAt(row.getInstant(12));
    entity.setWarrantyEnds(row.getLocalDate(13));
    entity.setWakeAt(row.getLocalTime(14));
    entity.setKey(CassandraValues.bytes(row.getByteBuffer(15)));
    entity.setStatus(CassandraValues.enumValue(DeviceStatus.class, row.getString(16)));
    entity.setTags(row.getList(17, String.class));
    entity.setHistory(CassandraValues.enumSet(DeviceStatus.class, row.getSet(18, String.class)));
    entity.setSeenAt(row.getSet(19, Instant.class));
    entity.setCounters(row.getMap(20, String.class, Integer.class));
    entity.setNotes(CassandraValues.enumKeys(DeviceStatus.class, row.getMap(21, String.class, String.class)));
    entity.setOrder(row.getString(22));
    return entity;
  }
}
