package io.denorm;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
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

/**
 * Stored values (the form index entries compare in) as a tag byte and a payload (big-endian,
 * lengths as ints): they decode without knowing their type, and two equal values always encode to
 * the same bytes. HBase cells hold values in this form ({@code HBaseValues}), and so do the spill
 * files of index verify and rebuild, which may also hold other serializable values. Blobs decode as
 * {@link ByteBuffer}, enums as their names, any collection that is not a set as a list.
 */
public final class TaggedValues {

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
  /** Spill files only: a value of another serializable type, by Java serialization. */
  private static final byte SERIALIZED = 19;

  private TaggedValues() {}

  public static void write(Object v, DataOutput out, boolean serializeOthers) throws IOException {
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
        write(o, out, serializeOthers);
      }
    } else if (v instanceof Collection<?> list) {
      out.writeByte(LIST);
      out.writeInt(list.size());
      for (Object o : list) {
        write(o, out, serializeOthers);
      }
    } else if (v instanceof Map<?, ?> map) {
      out.writeByte(MAP);
      out.writeInt(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        write(e.getKey(), out, serializeOthers);
        write(e.getValue(), out, serializeOthers);
      }
    } else if (serializeOthers && v instanceof java.io.Serializable) {
      out.writeByte(SERIALIZED);
      java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream objects = new java.io.ObjectOutputStream(buffer)) {
        objects.writeObject(v);
      }
      bytes(buffer.toByteArray(), out);
    } else {
      throw new IllegalArgumentException("no tagged encoding for a value of type " + v.getClass().getName());
    }
  }

  private static void bytes(byte[] b, DataOutput out) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  private static byte[] bytes(DataInput in) throws IOException {
    byte[] b = new byte[in.readInt()];
    in.readFully(b);
    return b;
  }

  public static Object read(DataInput in) throws IOException {
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
      case SERIALIZED:
        try (java.io.ObjectInputStream objects = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes(in)))) {
          return objects.readObject();
        } catch (ClassNotFoundException e) {
          throw new IOException("the class of a serialized value is gone: " + e.getMessage(), e);
        }
      default:
        throw new IOException("unknown tag " + tag);
    }
  }
}
