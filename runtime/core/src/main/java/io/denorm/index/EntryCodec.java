package io.denorm.index;

import io.denorm.DenormException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Writes the values of an index entry (in their stored form) to bytes and reads them back, for the
 * spill files of {@link SpillMerge}. A value has one encoding, so two key values are equal exactly
 * when their bytes are; values of a type not listed here go through Java serialization.
 */
final class EntryCodec {

  private EntryCodec() {}

  private static final byte NULL = 0;
  private static final byte STRING = 1;
  private static final byte LONG = 2;
  private static final byte INT = 3;
  private static final byte SHORT = 4;
  private static final byte BYTE = 5;
  private static final byte BOOLEAN = 6;
  private static final byte DOUBLE = 7;
  private static final byte FLOAT = 8;
  private static final byte UUID_ = 9;
  private static final byte INSTANT = 10;
  private static final byte LOCAL_DATE = 11;
  private static final byte LOCAL_TIME = 12;
  private static final byte DECIMAL = 13;
  private static final byte VARINT = 14;
  private static final byte BYTES = 15;
  private static final byte BUFFER = 16;
  private static final byte LIST = 17;
  private static final byte SET = 18;
  private static final byte MAP = 19;
  private static final byte SERIALIZED = 20;

  static void write(DataOutput out, Object v) throws IOException {
    if (v == null) {
      out.writeByte(NULL);
    } else if (v instanceof String s) {
      out.writeByte(STRING);
      byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      out.writeInt(utf8.length);
      out.write(utf8);
    } else if (v instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (v instanceof Integer i) {
      out.writeByte(INT);
      out.writeInt(i);
    } else if (v instanceof Short s) {
      out.writeByte(SHORT);
      out.writeShort(s);
    } else if (v instanceof Byte b) {
      out.writeByte(BYTE);
      out.writeByte(b);
    } else if (v instanceof Boolean b) {
      out.writeByte(BOOLEAN);
      out.writeBoolean(b);
    } else if (v instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeLong(Double.doubleToLongBits(d)); // NaNs as one, as Double.equals sees them
    } else if (v instanceof Float f) {
      out.writeByte(FLOAT);
      out.writeInt(Float.floatToIntBits(f));
    } else if (v instanceof UUID u) {
      out.writeByte(UUID_);
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
    } else if (v instanceof BigDecimal d) {
      out.writeByte(DECIMAL);
      out.writeInt(d.scale());
      bytes(out, d.unscaledValue().toByteArray());
    } else if (v instanceof BigInteger i) {
      out.writeByte(VARINT);
      bytes(out, i.toByteArray());
    } else if (v instanceof byte[] b) {
      out.writeByte(BYTES);
      bytes(out, b);
    } else if (v instanceof ByteBuffer b) {
      out.writeByte(BUFFER);
      byte[] copy = new byte[b.remaining()];
      b.duplicate().get(copy);
      bytes(out, copy);
    } else if (v instanceof List<?> list) {
      out.writeByte(LIST);
      out.writeInt(list.size());
      for (Object e : list) {
        write(out, e);
      }
    } else if (v instanceof Set<?> set) {
      out.writeByte(SET);
      out.writeInt(set.size());
      for (Object e : set) {
        write(out, e);
      }
    } else if (v instanceof Map<?, ?> map) {
      out.writeByte(MAP);
      out.writeInt(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        write(out, e.getKey());
        write(out, e.getValue());
      }
    } else if (v instanceof Serializable) {
      out.writeByte(SERIALIZED);
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      try (ObjectOutputStream objects = new ObjectOutputStream(buffer)) {
        objects.writeObject(v);
      }
      bytes(out, buffer.toByteArray());
    } else {
      throw new DenormException("an index value of type " + v.getClass().getName() + " cannot be written to a spill file");
    }
  }

  static Object read(DataInput in) throws IOException {
    byte tag = in.readByte();
    switch (tag) {
      case NULL:
        return null;
      case STRING:
        return new String(bytes(in), java.nio.charset.StandardCharsets.UTF_8);
      case LONG:
        return in.readLong();
      case INT:
        return in.readInt();
      case SHORT:
        return in.readShort();
      case BYTE:
        return in.readByte();
      case BOOLEAN:
        return in.readBoolean();
      case DOUBLE:
        return Double.longBitsToDouble(in.readLong());
      case FLOAT:
        return Float.intBitsToFloat(in.readInt());
      case UUID_:
        return new UUID(in.readLong(), in.readLong());
      case INSTANT:
        return Instant.ofEpochSecond(in.readLong(), in.readInt());
      case LOCAL_DATE:
        return LocalDate.ofEpochDay(in.readLong());
      case LOCAL_TIME:
        return LocalTime.ofNanoOfDay(in.readLong());
      case DECIMAL: {
        int scale = in.readInt();
        return new BigDecimal(new BigInteger(bytes(in)), scale);
      }
      case VARINT:
        return new BigInteger(bytes(in));
      case BYTES:
        return bytes(in);
      case BUFFER:
        return ByteBuffer.wrap(bytes(in));
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
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(bytes(in)))) {
          return objects.readObject();
        } catch (ClassNotFoundException e) {
          throw new IOException("a spilled index value's class is gone: " + e.getMessage(), e);
        }
      default:
        throw new IOException("corrupt spill file: value tag " + tag);
    }
  }

  private static void bytes(DataOutput out, byte[] b) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  private static byte[] bytes(DataInput in) throws IOException {
    byte[] b = new byte[in.readInt()];
    in.readFully(b);
    return b;
  }
}
