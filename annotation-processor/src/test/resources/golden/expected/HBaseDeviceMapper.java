package io.denorm.examples.devices;

import io.denorm.Conversions;
import io.denorm.hbase.HBaseValues;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Device} to rows of HBase table {@code devices}: row key (id), qualifiers name, firmware, slot,
 * uptime_millis, zone, level, load, temperature, online, price, serial, installed_at, warranty_ends, wake_at, key,
 * status, tags, history, seen_at, counters, notes, order.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.devices.Device"
)
public final class HBaseDeviceMapper {
  /**
   * The row key of table {@code devices}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Device", List.of(
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.UUID, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("name", "firmware", "slot", "uptime_millis", "zone", "level",
      "load", "temperature", "online", "price", "serial", "installed_at", "warranty_ends", "wake_at", "key", "status",
      "tags", "history", "seen_at", "counters", "notes", "order");

  private HBaseDeviceMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Device entity) {
    return Arrays.asList(
            entity.getId());
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Device entity) {
    return Arrays.asList(
            entity.getName(),
            entity.getFirmware(),
            entity.getSlot(),
            entity.getUptimeMillis(),
            entity.getZone(),
            entity.getLevel(),
            entity.getLoad(),
            entity.getTemperature(),
            entity.isOnline(),
            entity.getPrice(),
            entity.getSerial(),
            HBaseValues.millis(entity.getInstalledAt()),
            entity.getWarrantyEnds(),
            entity.getWakeAt(),
            HBaseValues.buffer(entity.getKey()),
            HBaseValues.name(entity.getStatus()),
            entity.getTags(),
            HBaseValues.names(entity.getHistory()),
            Conversions.set(entity.getSeenAt(), e1 -> HBaseValues.millis(e1)),
            entity.getCounters(),
            HBaseValues.namedKeys(entity.getNotes()),
            entity.getOrder());
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Device entity) {
    Object key0 = HBaseValues.keyValue(entity.getId());
    return KEY.writer(0)
            .value(key0)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Device fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    Object key0 = HBaseValues.storedValue(reader.value());
    reader.end();
    Device entity = new Device();
    entity.setId((UUID) key0);
    entity.setName((String) cells.get(0));
    entity.setFirmware(HBaseValues.orDefault(cells.get(1), 0));
    entity.setSlot((Integer) cells.get(2));
    entity.setUptimeMillis(HBaseValues.orDefault(cells.get(3), 0L));
    entity.setZone(HBaseValues.orDefault(cells.get(4), (short) 0));
    entity.setLevel(HBaseValues.orDefault(cells.get(5), (byte) 0));
    entity.setLoad(HBaseValues.orDefault(cells.get(6), 0f));
    entity.setTemperature((Double) cells.get(7));
    entity.setOnline(HBaseValues.orDefault(cells.get(8), false));
    entity.setPrice((BigDecimal) cells.get(9));
    entity.setSerial((BigInteger) cells.get(10));
    entity.setInstalledAt((Instant) cells.get(11));
    entity.setWarrantyEnds((LocalDate) cells.get(12));
    entity.setWakeAt((LocalTime) cells.get(13));
    entity.setKey(HBaseValues.bytes(cells.get(14)));
    entity.setStatus(HBaseValues.enumValue(DeviceStatus.class, cells.get(15)));
    entity.setTags(HBaseValues.list(cells.get(16), element -> (String) element));
    entity.setHistory(HBaseValues.set(cells.get(17), element -> HBaseValues.enumValue(DeviceStatus.class, element)));
    entity.setSeenAt(HBaseValues.set(cells.get(18), element -> (Instant) element));
    entity.setCounters(HBaseValues.map(cells.get(19), k -> (String) k, v -> (Integer) v));
    entity.setNotes(HBaseValues.map(cells.get(20), k -> HBaseValues.enumValue(DeviceStatus.class, k), v -> (String) v));
    entity.setOrder((String) cells.get(21));
    return entity;
  }
}
