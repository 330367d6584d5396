package io.denorm.hbase;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * Cell values on HBase, and the conversions generated mappers call between an entity's Java values
 * and their stored form (the form index entries compare in): enums as names, byte arrays as {@link
 * ByteBuffer}, embedded objects as lists of their field values.
 *
 * <p>A cell holds one stored value as a tag byte and a payload (big-endian, lengths as ints), so it
 * decodes without knowing its type and two equal values always encode to the same bytes (which
 * compare-and-set on a unique index's owner relies on).
 */
public final class HBaseValues {

  private HBaseValues() {}

  /** The cell bytes of a stored value. */
  public static byte[] encode(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(16);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      io.denorm.TaggedValues.write(value, out, false);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** The stored value of cell bytes made by {@link #encode}; null for null bytes. */
  public static Object decode(byte[] cell) {
    if (cell == null) {
      return null;
    }
    try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(cell))) {
      return io.denorm.TaggedValues.read(in);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a Denorm cell value: " + e.getMessage(), e);
    }
  }

  // ---- conversions the generated mappers call -------------------------------------------------

  public static ByteBuffer buffer(byte[] bytes) {
    return bytes == null ? null : ByteBuffer.wrap(bytes.clone());
  }

  /** A key value in the row-key codec's form: a stored byte array ({@code ByteBuffer}) as {@code byte[]}, anything else as it is. */
  public static Object keyValue(Object stored) {
    return stored instanceof ByteBuffer b ? bytes(b) : stored;
  }

  /** A key value the row-key codec decoded, in stored form: {@code byte[]} as a {@code ByteBuffer}, anything else as it is. */
  public static Object storedValue(Object key) {
    return key instanceof byte[] b ? ByteBuffer.wrap(b) : key;
  }

  public static byte[] bytes(Object stored) {
    if (stored == null) {
      return null;
    }
    ByteBuffer b = ((ByteBuffer) stored).duplicate();
    byte[] raw = new byte[b.remaining()];
    b.get(raw);
    return raw;
  }

  /**
   * An instant at millisecond precision, as Cassandra keeps it: both stores store, key and compare
   * instants alike (a finder's bound included).
   */
  public static Instant millis(Instant value) {
    return value == null ? null : value.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  }

  public static String name(Enum<?> value) {
    return value == null ? null : value.name();
  }

  public static <E extends Enum<E>> E enumValue(Class<E> type, Object name) {
    return name == null ? null : Enum.valueOf(type, (String) name);
  }

  public static List<String> names(List<? extends Enum<?>> values) {
    return values == null ? null : values.stream().map(v -> v == null ? null : v.name()).toList();
  }

  public static Set<String> names(Set<? extends Enum<?>> values) {
    if (values == null) {
      return null;
    }
    Set<String> out = new LinkedHashSet<>();
    values.forEach(v -> out.add(v == null ? null : v.name()));
    return out;
  }

  public static <V> Map<String, V> namedKeys(Map<? extends Enum<?>, V> map) {
    if (map == null) {
      return null;
    }
    Map<String, V> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k.name(), v));
    return out;
  }

  /** A stored list (absent: empty), each element converted. */
  @SuppressWarnings("unchecked")
  public static <T> List<T> list(Object stored, Function<Object, T> element) {
    List<T> out = new ArrayList<>();
    if (stored != null) {
      for (Object o : (Collection<Object>) stored) {
        out.add(element.apply(o));
      }
    }
    return out;
  }

  /** A stored set (absent: empty), each element converted. */
  @SuppressWarnings("unchecked")
  public static <T> Set<T> set(Object stored, Function<Object, T> element) {
    Set<T> out = new LinkedHashSet<>();
    if (stored != null) {
      for (Object o : (Collection<Object>) stored) {
        out.add(element.apply(o));
      }
    }
    return out;
  }

  /** A stored map (absent: empty), keys and values converted. */
  @SuppressWarnings("unchecked")
  public static <K, V> Map<K, V> map(Object stored, Function<Object, K> key, Function<Object, V> value) {
    Map<K, V> out = new LinkedHashMap<>();
    if (stored != null) {
      ((Map<Object, Object>) stored).forEach((k, v) -> out.put(key.apply(k), value.apply(v)));
    }
    return out;
  }

  /** Field {@code i} of an embedded element in stored form. */
  @SuppressWarnings("unchecked")
  public static Object field(Object struct, int i) {
    return ((List<Object>) struct).get(i);
  }

  /** A primitive read back: its default when the cell is absent. */
  public static <T> T orDefault(Object stored, T defaultValue) {
    @SuppressWarnings("unchecked")
    T value = (T) stored;
    return value == null ? defaultValue : value;
  }

  // The primitive overloads, which the generated mappers' calls (orDefault(cell, 0L)) pick: no default boxed per read.

  public static int orDefault(Object stored, int defaultValue) {
    return stored == null ? defaultValue : (Integer) stored;
  }

  public static long orDefault(Object stored, long defaultValue) {
    return stored == null ? defaultValue : (Long) stored;
  }

  public static double orDefault(Object stored, double defaultValue) {
    return stored == null ? defaultValue : (Double) stored;
  }

  public static float orDefault(Object stored, float defaultValue) {
    return stored == null ? defaultValue : (Float) stored;
  }

  public static short orDefault(Object stored, short defaultValue) {
    return stored == null ? defaultValue : (Short) stored;
  }

  public static byte orDefault(Object stored, byte defaultValue) {
    return stored == null ? defaultValue : (Byte) stored;
  }

  public static boolean orDefault(Object stored, boolean defaultValue) {
    return stored == null ? defaultValue : (Boolean) stored;
  }
}
