package io.denorm.examples.readings;

import io.denorm.hbase.HBaseValues;
import io.denorm.hbase.KeySalt;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Reading} to rows of HBase table {@code readings}: row key (sensorId, day, at), qualifiers value, unit.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.readings.Reading"
)
public final class HBaseReadingMapper {
  /**
   * The row key of table {@code readings}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Reading", List.of(
      new RowKeyCodec.Component("sensorId", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("day", RowKeyCodec.Kind.LOCAL_DATE, false, false, null),
      new RowKeyCodec.Component("at", RowKeyCodec.Kind.INSTANT, true, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("value", "unit");

  /**
   * Row keys of table {@code readings} start with one of 16 salt buckets, picked by sensorId.
   */
  public static final KeySalt SALT = KeySalt.of(16, 1);

  private HBaseReadingMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Reading entity) {
    return Arrays.asList(
            entity.sensorId,
            entity.day,
            HBaseValues.millis(entity.at));
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Reading entity) {
    return Arrays.asList(
            entity.value,
            entity.unit);
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Reading entity) {
    String key0 = entity.sensorId;
    Object key1 = HBaseValues.keyValue(entity.day);
    Object key2 = HBaseValues.keyValue(HBaseValues.millis(entity.at));
    return KEY.writer((key0 == null ? 0 : key0.length()))
            .string(key0)
            .value(key1)
            .value(key2)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Reading fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    Object key1 = HBaseValues.storedValue(reader.value());
    Object key2 = HBaseValues.storedValue(reader.value());
    reader.end();
    Reading entity = new Reading();
    entity.sensorId = (String) key0;
    entity.day = (LocalDate) key1;
    entity.at = (Instant) key2;
    entity.value = HBaseValues.orDefault(cells.get(0), 0d);
    entity.unit = (String) cells.get(1);
    return entity;
  }
}
