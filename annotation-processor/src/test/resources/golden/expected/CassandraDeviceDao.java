package io.denorm.examples.devices.dao;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.examples.devices.CassandraDeviceMapper;
import io.denorm.examples.devices.Device;
import io.denorm.index.IndexScans;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link DeviceDao}, storing {@link Device} in table {@code devices}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.devices.dao.DeviceDao"
)
public final class CassandraDeviceDao extends CassandraDaoBase<Device> implements DeviceDao, ScannableDao<Device> {
  /**
   * {@code INSERT INTO devices (id, name, firmware, slot, uptime_millis, zone, level, load, temperature, online, price,
   * serial, installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, notes, "order") VALUES
   * (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertDevice;

  /**
   * {@code SELECT id, name, firmware, slot, uptime_millis, zone, level, load, temperature, online, price, serial,
   * installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, notes, "order" FROM devices
   * WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code DELETE FROM devices WHERE id = ?}
   */
  private final PreparedCql deleteDevice;

  /**
   * {@code SELECT id FROM devices WHERE id = ?}
   */
  private final PreparedCql selectDeviceKey;

  /**
   * {@code SELECT id, name, firmware, slot, uptime_millis, zone, level, load, temperature, online, price, serial,
   * installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, notes, "order" FROM devices
   * WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanDevice;

  /**
   * {@code SELECT id, name, firmware, slot, uptime_millis, zone, level, load, temperature, online, price, serial,
   * installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, notes, "order",
   * WRITETIME(name), WRITETIME(firmware), WRITETIME(slot), WRITETIME(uptime_millis), WRITETIME(zone), WRITETIME(level),
   * WRITETIME(load), WRITETIME(temperature), WRITETIME(online), WRITETIME(price), WRITETIME(serial),
   * WRITETIME(installed_at), WRITETIME(warranty_ends), WRITETIME(wake_at), WRITETIME(key), WRITETIME(status),
   * MAXWRITETIME(tags), MAXWRITETIME(history), MAXWRITETIME(seen_at), MAXWRITETIME(counters), MAXWRITETIME(notes),
   * WRITETIME("order") FROM devices WHERE id = ?}
   */
  private final PreparedCql selectDeviceRow;

  /**
   * The steps of a save of Device, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Device> saves;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraDeviceDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    plainWrites();
    this.insertDevice = prepare("INSERT INTO {keyspace}.devices (id, name, firmware, slot, uptime_millis, zone, level, "
        + "load, temperature, online, price, serial, installed_at, warranty_ends, wake_at, key, status, tags, history, "
        + "seen_at, counters, notes, \"order\") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        + "?, ?)");
    this.selectById = prepare("SELECT id, name, firmware, slot, uptime_millis, zone, level, load, temperature, online, "
        + "price, serial, installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, notes, "
        + "\"order\" FROM {keyspace}.devices WHERE id = ?");
    this.deleteDevice = prepare("DELETE FROM {keyspace}.devices WHERE id = ?");
    this.selectDeviceKey = prepare("SELECT id FROM {keyspace}.devices WHERE id = ?");
    this.scanDevice = prepare("SELECT id, name, firmware, slot, uptime_millis, zone, level, load, temperature, online, "
        + "price, serial, installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, notes, "
        + "\"order\" FROM {keyspace}.devices WHERE token(id) >= ? AND token(id) <= ?");
    this.selectDeviceRow = prepare("SELECT id, name, firmware, slot, uptime_millis, zone, level, load, temperature, "
        + "online, price, serial, installed_at, warranty_ends, wake_at, key, status, tags, history, seen_at, counters, "
        + "notes, \"order\", WRITETIME(name), WRITETIME(firmware), WRITETIME(slot), WRITETIME(uptime_millis), "
        + "WRITETIME(zone), WRITETIME(level), WRITETIME(load), WRITETIME(temperature), WRITETIME(online), "
        + "WRITETIME(price), WRITETIME(serial), WRITETIME(installed_at), WRITETIME(warranty_ends), WRITETIME(wake_at), "
        + "WRITETIME(key), WRITETIME(status), MAXWRITETIME(tags), MAXWRITETIME(history), MAXWRITETIME(seen_at), "
        + "MAXWRITETIME(counters), MAXWRITETIME(notes), WRITETIME(\"order\") FROM {keyspace}.devices WHERE id = ?");
    master(MasterTable.<Device>of("Device", selectDeviceRow, CassandraDeviceMapper::fromRow,
        CassandraDeviceMapper::keyOf, CassandraDeviceMapper::bindKeyValues)
        .inserting(insertDevice, CassandraDeviceMapper::bindAll));
    this.saves = savePipeline()
        .checking(CassandraDeviceMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Device} row in table {@code devices}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   */
  @Override
  public void save(Device device) {
    CassandraDeviceMapper.requireValidKey(device);
    long writeTimestamp = nextWriteTimestamp();
    write(CassandraDeviceMapper.bindAll(insertDevice.sync().boundStatementBuilder(), device), writeTimestamp);
  }

  /**
   * Served by table {@code devices}: {@code id = ?}.
   */
  @Override
  public Optional<Device> findById(UUID id) {
    KeyChecks.argument("Device", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setUuid(0, id),
        CassandraDeviceMapper::fromRow);
  }

  /**
   * Writes every column of the {@code Device} row in table {@code devices}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   */
  @Override
  public CompletionStage<Void> saveAsync(Device device) {
    return saves.save(device);
  }

  /**
   * Served by table {@code devices}: {@code id = ?}.
   */
  @Override
  public CompletionStage<Optional<Device>> findByIdAsync(UUID id) {
    KeyChecks.argument("Device", "id", id);
    return selectById.async().thenCompose(prepared -> oneAsync(
        prepared.boundStatementBuilder()
            .setUuid(0, id),
        CassandraDeviceMapper::fromRow));
  }

  /**
   * Deletes one row of table {@code devices} by its primary key, at one client-side write timestamp.
   */
  @Override
  public CompletionStage<Void> deleteAsync(Device device) {
    CassandraDeviceMapper.requireValidKey(device);
    long writeTimestamp = nextWriteTimestamp();
    return deleteDevice.async().thenCompose(prepared ->
        writeAsync(CassandraDeviceMapper.bindKey(prepared.boundStatementBuilder(), device).build(), writeTimestamp));
  }

  /**
   * Deletes one row of table {@code devices} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(UUID id) {
    KeyChecks.keyComponent("Device", "id", id);
    long writeTimestamp = nextWriteTimestamp();
    boolean existed = exists(selectDeviceKey.sync().boundStatementBuilder()
            .setUuid(0, id)
            .build());
    write(deleteDevice.sync().boundStatementBuilder()
            .setUuid(0, id)
            .build(), writeTimestamp);
    return existed;
  }

  @Override
  public List<IndexScans.Segment<Device>> scanSegments(int segments) {
    return masterSegments(scanDevice, CassandraDeviceMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Device> scanSegment(String range) {
    return masterSegment(scanDevice, CassandraDeviceMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraDeviceDao withStatementOptions(StatementOptions options) {
    CassandraDeviceDao other = new CassandraDeviceDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
