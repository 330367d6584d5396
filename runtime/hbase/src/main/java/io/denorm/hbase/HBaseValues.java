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

  private static final byte NULL = 0;
  private static final byte STRING = 1;
  private static final byte INT = 2;
  private static final byte LONG = 3;
  private static final byte SHORT = 4;
  private static final byte BYTE = 5;
  private static final byte FLOAT = 6;
  private static final byte DOUBLE = 7;
  private static final byte BOOLEAN = 8;
  private static final byte DECIMAL = 9;
  private static final byte VARINT = 10;
  private static final byte UUID_TAG = 11;
  private static final byte INSTANT = 12;
  private static final byte LOCAL_DATE = 13;
  private static final byte LOCAL_TIME = 14;
  private static final byte BYTES = 15;
  private static final byte LIST = 16;
  private static final byte SET = 17;
  private static final byte MAP = 18;

  private HBaseValues() {}

  /** The cell bytes of a stored value. */
  public static byte[] encode(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(16);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(value, out);
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
      return read(in);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a Denorm cell value: " + e.getMessage(), e);
    }
  }

  private static void write(Object v, DataOutputStream out) throws IOException {
    if (v == null) {
      out.writeByte(NULL);
    } else if (v instanceof String s) {
      out.writeByte(STRING);
      bytes(s.getBytes(StandardCharsets.UTF_8), out);
    } else if (v instanceof Integer i) {
      out.writeByte(INT);
      out.writeInt(i);
    } else if (v instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (v instanceof Short s) {
      out.writeByte(SHORT);
      out.writeShort(s);
    } else if (v instanceof Byte b) {
      out.writeByte(BYTE);
      out.writeByte(b);
    } else if (v instanceof Float f) {
      out.writeByte(FLOAT);
      out.writeInt(Float.floatToIntBits(f));
    } else if (v instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeLong(Double.doubleToLongBits(d));
    } else if (v instanceof Boolean b) {
      out.writeByte(BOOLEAN);
      out.writeBoolean(b);
    } else if (v instanceof BigDecimal d) {
      out.writeByte(DECIMAL);
      out.writeInt(d.scale());
      bytes(d.unscaledValue().toByteArray(), out);
    } else if (v instanceof BigInteger b) {
      out.writeByte(VARINT);
      bytes(b.toByteArray(), out);
    } else if (v instanceof UUID u) {
      out.writeByte(UUID_TAG);
      out.writeLong(u.getMostSignificantBits());
      out.writeLong(u.getLeastSignificantBits());
    } else if (v instanceof Instant t) {
      out.writeByte(INSTANT);
      out.writeLong(t.getEpochSecond());
      out.writeInt(t.getNano());
    } else if (v instanceof LocalDate d) {
      out.writeByte(LOCAL_DATE);
      out.writeLong(d.toEpochDay());
    } else if (v instanceof LocalTime t) {
      out.writeByte(LOCAL_TIME);
      out.writeLong(t.toNanoOfDay());
    } else if (v instanceof ByteBuffer b) {
      out.writeByte(BYTES);
      ByteBuffer copy = b.duplicate();
      byte[] raw = new byte[copy.remaining()];
      copy.get(raw);
      bytes(raw, out);
    } else if (v instanceof byte[] raw) {
      out.writeByte(BYTES);
      bytes(raw, out);
    } else if (v instanceof Enum<?> e) {
      out.writeByte(STRING);
      bytes(e.name().getBytes(StandardCharsets.UTF_8), out);
    } else if (v instanceof Set<?> set) {
      out.writeByte(SET);
      out.writeInt(set.size());
      for (Object o : set) {
        write(o, out);
      }
    } else if (v instanceof Collection<?> list) {
      out.writeByte(LIST);
      out.writeInt(list.size());
      for (Object o : list) {
        write(o, out);
      }
    } else if (v instanceof Map<?, ?> map) {
      out.writeByte(MAP);
      out.writeInt(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        write(e.getKey(), out);
        write(e.getValue(), out);
      }
    } else {
      throw new IllegalArgumentException("no HBase cell encoding for " + v.getClass().getName());
    }
  }

  private static void bytes(byte[] b, DataOutputStream out) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  private static byte[] bytes(DataInputStream in) throws IOException {
    byte[] b = new byte[in.readInt()];
    in.readFully(b);
    return b;
  }

  private static Object read(DataInputStream in) throws IOException {
    byte tag = in.readByte();
    switch (tag) {
      case NULL: return null;
      case STRING: return new String(bytes(in), StandardCharsets.UTF_8);
      case INT: return in.readInt();
      case LONG: return in.readLong();
      case SHORT: return in.readShort();
      case BYTE: return in.readByte();
      case FLOAT: return Float.intBitsToFloat(in.readInt());
      case DOUBLE: return Double.longBitsToDouble(in.readLong());
      case BOOLEAN: return in.readBoolean();
      case DECIMAL: {
        int scale = in.readInt();
        return new BigDecimal(new BigInteger(bytes(in)), scale);
      }
      case VARINT: return new BigInteger(bytes(in));
      case UUID_TAG: return new UUID(in.readLong(), in.readLong());
      case INSTANT: return Instant.ofEpochSecond(in.readLong(), in.readInt());
      case LOCAL_DATE: return LocalDate.ofEpochDay(in.readLong());
      case LOCAL_TIME: return LocalTime.ofNanoOfDay(in.readLong());
      case BYTES: return ByteBuffer.wrap(bytes(in));
      case LIST: {
        int n = in.readInt();
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          list.add(read(in));
        }
        return list;
      }
      case SET: {
        int n = in.readInt();
        Set<Object> set = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
          set.add(read(in));
        }
        return set;
      }
      case MAP: {
        int n = in.readInt();
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          map.put(read(in), read(in));
        }
        return map;
      }
      default:
        throw new IOException("unknown tag " + tag);
    }
  }

  // ---- conversions the generated mappers call -------------------------------------------------

  public static ByteBuffer buffer(byte[] bytes) {
    return bytes == null ? null : ByteBuffer.wrap(bytes.clone());
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
}
