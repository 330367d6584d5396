package io.denorm.key;

import io.denorm.InvalidEntityException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Encodes key tuples as bytes whose unsigned lexicographic order is the tuples' order, and whose
 * components delimit themselves: a prefix of a tuple encodes to a byte prefix of the whole, and
 * never to a prefix of a longer value ({@code ("CA", "San Francisco")} does not match {@code
 * "San Francisco Bay"}).
 *
 * <p>Each component is a presence byte ({@code 0x00} null, {@code 0x01} present; nulls first), then:
 *
 * <ul>
 *   <li>strings (UTF-8, so code point order) and byte arrays: {@code 0x00} escaped as {@code 00 FF},
 *       ended by {@code 00 01};
 *   <li>byte, short, int, long: big-endian, sign bit flipped; booleans: one byte;
 *   <li>float, double: IEEE bits, all inverted when negative, sign bit flipped otherwise
 *       ({@code -0.0} before {@code 0.0}, NaN last);
 *   <li>BigInteger: a sign class byte, then the length and magnitude, inverted for negatives;
 *   <li>Instant: seconds (long) then nanoseconds (int); LocalDate: epoch day (long); LocalTime: nanosecond of the day (long); enums:
 *       their names, as strings;
 *   <li>UUID: in Cassandra's order of {@code uuid} values ({@link UuidOrder}), so that both stores sort UUID keys alike: the
 *       version (one byte), then for a time-based UUID its 60-bit timestamp and for others the high half, then the low half,
 *       unsigned.
 * </ul>
 *
 * A descending component has all its bytes inverted, presence byte included, which reverses its
 * order (every component encoding is prefix-free, so inversion is order-reversing).
 */
public final class RowKeyCodec {

  /** HBase refuses row keys longer than this. */
  public static final int MAX_KEY_BYTES = Short.MAX_VALUE;

  /** The Java types a key component can have. */
  public enum Kind { STRING, BYTES, BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, BIG_INTEGER, INSTANT, LOCAL_DATE, LOCAL_TIME, UUID, ENUM }

  /**
   * One component of the key.
   *
   * @param enumType the enum class for {@link Kind#ENUM}, else null
   */
  public record Component(String field, Kind kind, boolean descending, boolean nullable, Class<? extends Enum<?>> enumType) {
    public Component {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(kind, "kind");
      if ((kind == Kind.ENUM) != (enumType != null)) {
        throw new IllegalArgumentException(field + ": an enum component names its enum type, and only it does");
      }
    }

    public static Component of(String field, Kind kind) {
      return new Component(field, kind, false, false, null);
    }
  }

  private final String entity;
  private final List<Component> components;
  private final Component[] parts;
  /** The bytes of a key of this codec without string characters (see {@link #writer(int)}). */
  private final int minBytes;

  public RowKeyCodec(String entity, List<Component> components) {
    this.entity = Objects.requireNonNull(entity, "entity");
    this.components = List.copyOf(components);
    this.parts = this.components.toArray(Component[]::new);
    this.minBytes = this.components.stream().mapToInt(c -> minBytes(c.kind())).sum();
    if (components.isEmpty()) {
      throw new IllegalArgumentException(entity + ": a row key has at least one component");
    }
  }

  public List<Component> components() {
    return components;
  }

  /**
   * The key of {@code values}: all components, or a leading subset of them (a prefix for scans).
   * Throws {@link InvalidEntityException}, naming the field, for a null that is not allowed, a value
   * of the wrong type, or a key over {@value #MAX_KEY_BYTES} bytes.
   */
  public byte[] encode(List<?> values) {
    return encode(values, null);
  }

  /**
   * As {@link #encode(List)}, also recording in {@code ends[i]} (if not null) where component
   * {@code i} ends: the encoding of the first {@code i + 1} values is the key's first {@code ends[i]} bytes.
   */
  public byte[] encode(List<?> values, int[] ends) {
    if (values.size() > components.size()) {
      throw new IllegalArgumentException(entity + ": " + values.size() + " values for a key of " + components.size() + " components");
    }
    KeyWriter out = KeyWriter.scratch(this);
    for (int i = 0; i < values.size(); i++) {
      Component c = parts[i];
      int start = out.size();
      encodeComponent(c, values.get(i), out);
      if (out.size() > MAX_KEY_BYTES) {
        throw new InvalidEntityException(entity, c.field(), "row key is over " + out.size() + " bytes; HBase allows " + MAX_KEY_BYTES);
      }
      if (c.descending()) {
        out.invertFrom(start);
      }
      if (ends != null) {
        ends[i] = out.size();
      }
    }
    return out.copy();
  }

  /**
   * A writer of one key of this codec from typed values, component by component in key order, with
   * no list and no boxing: what the generated HBase mappers call. Its bytes are those of {@link
   * #encode}, and it refuses what {@code encode} refuses. It is this thread's: take it, write the
   * components, end with {@link KeyWriter#toKey()}, with no other key written in between.
   */
  public KeyWriter writer() {
    return KeyWriter.scratch(this);
  }

  /**
   * As {@link #writer()}, a writer of its own (no thread-local look-up), sized for a key whose string
   * components hold {@code stringChars} characters in all: when they are ASCII without NUL and the
   * other components have fixed widths (no byte array, big integer or enum), the buffer is exactly
   * the key and is returned with no copy. Any other key is written too, at the cost of a copy. The
   * generated mappers call it.
   */
  public KeyWriter writer(int stringChars) {
    return KeyWriter.sized(this, minBytes + Math.max(0, stringChars));
  }

  /** The bytes of a present component of {@code kind}: its fixed width, or the presence byte and terminator of a string or byte array. */
  private static int minBytes(Kind kind) {
    return switch (kind) {
      case BOOLEAN, BYTE -> 2;
      case SHORT -> 3;
      case INT, FLOAT -> 5;
      case LONG, DOUBLE, LOCAL_DATE, LOCAL_TIME -> 9;
      case INSTANT -> 13;
      case UUID -> 18;
      case STRING, BYTES, ENUM -> 3;
      case BIG_INTEGER -> 2;
    };
  }

  /** A reader of the components of {@code key} from {@code offset} on, in key order: the typed counterpart of {@link #decode(byte[], int)}. */
  public KeyReader reader(byte[] key, int offset) {
    return new KeyReader(this, key, offset);
  }

  String entity() {
    return entity;
  }

  Component part(int i) {
    return parts[i];
  }

  int size() {
    return parts.length;
  }

  /** The values of a key made by {@link #encode} with every component. */
  public List<Object> decode(byte[] key) {
    return decode(key, 0);
  }

  /** The values of a key made by {@link #encode} with every component, starting at {@code offset} of {@code key}. */
  public List<Object> decode(byte[] key, int offset) {
    List<Object> values = new ArrayList<>(parts.length);
    int pos = offset;
    int[] cursor = null; // for the components read by decodeComponent
    for (Component c : parts) {
      int flip = c.descending() ? 0xFF : 0x00;
      Kind kind = c.kind();
      if (pos < key.length && ((key[pos] & 0xFF) ^ flip) == 0x01) {
        // the common present components, read with the position in a local
        if (kind == Kind.LONG && pos + 9 <= key.length) {
          long raw = (long) LONG_BE.get(key, pos + 1);
          values.add((flip == 0 ? raw : ~raw) ^ Long.MIN_VALUE);
          pos += 9;
          continue;
        }
        if (kind == Kind.INT && pos + 5 <= key.length) {
          int raw = (int) INT_BE.get(key, pos + 1);
          values.add((flip == 0 ? raw : ~raw) ^ Integer.MIN_VALUE);
          pos += 5;
          continue;
        }
        if (kind == Kind.STRING && flip == 0) {
          int end = pos + 1;
          while (end < key.length && key[end] != 0) {
            end++;
          }
          if (end + 1 < key.length && key[end + 1] == 0x01) {
            values.add(new String(key, pos + 1, end - pos - 1, StandardCharsets.UTF_8));
            pos = end + 2;
            continue;
          }
        }
      }
      if (cursor == null) {
        cursor = new int[1];
      }
      cursor[0] = pos;
      values.add(decodeComponent(c, key, cursor));
      pos = cursor[0];
    }
    if (pos != key.length) {
      throw new IllegalArgumentException(entity + ": " + (key.length - pos) + " bytes left after the last key component");
    }
    return values;
  }

  // ---- encoding -------------------------------------------------------------------------------

  void encodeComponent(Component c, Object v, KeyWriter out) {
    if (v == null) {
      if (!c.nullable()) {
        throw new InvalidEntityException(entity, c.field(), "key component is null; every key component needs a value");
      }
      out.write(0x00);
      return;
    }
    out.write(0x01);
    try {
      switch (c.kind()) {
        case STRING -> string(c, (String) v, out);
        case ENUM -> escaped(((Enum<?>) c.enumType().cast(v)).name().getBytes(StandardCharsets.UTF_8), out);
        case BYTES -> {
          byte[] bytes = (byte[]) v;
          if (bytes.length > MAX_KEY_BYTES) {
            throw new InvalidEntityException(entity, c.field(), "row key is over " + bytes.length + " bytes; HBase allows " + MAX_KEY_BYTES);
          }
          escaped(bytes, out);
        }
        case BOOLEAN -> out.write((Boolean) v ? 1 : 0);
        case BYTE -> out.write(((Byte) v) ^ 0x80);
        case SHORT -> fixed(((Short) v) ^ Short.MIN_VALUE, 2, out);
        case INT -> fixed(((Integer) v) ^ Integer.MIN_VALUE, 4, out);
        case LONG -> fixed(((Long) v) ^ Long.MIN_VALUE, 8, out);
        case FLOAT -> {
          int bits = Float.floatToIntBits((Float) v);
          fixed(bits < 0 ? ~bits : bits ^ Integer.MIN_VALUE, 4, out);
        }
        case DOUBLE -> {
          long bits = Double.doubleToLongBits((Double) v);
          fixed(bits < 0 ? ~bits : bits ^ Long.MIN_VALUE, 8, out);
        }
        case BIG_INTEGER -> bigInteger((BigInteger) v, out);
        case INSTANT -> {
          Instant t = (Instant) v;
          fixed(t.getEpochSecond() ^ Long.MIN_VALUE, 8, out);
          fixed(t.getNano(), 4, out);
        }
        case LOCAL_DATE -> fixed(((LocalDate) v).toEpochDay() ^ Long.MIN_VALUE, 8, out);
        case LOCAL_TIME -> fixed(((java.time.LocalTime) v).toNanoOfDay() ^ Long.MIN_VALUE, 8, out);
        case UUID -> {
          UUID u = (UUID) v;
          fixed(u.version(), 1, out);
          fixed(UuidOrder.orderedHigh(u.getMostSignificantBits()), 8, out);
          fixed(u.getLeastSignificantBits(), 8, out);
        }
        default -> throw new IllegalStateException(c.kind().toString());
      }
    } catch (ClassCastException e) {
      throw new InvalidEntityException(entity, c.field(), "a " + v.getClass().getSimpleName() + " cannot be encoded as a " + c.kind() + " key component");
    }
  }

  /**
   * A string as its escaped UTF-8 bytes. ASCII without NUL (most keys) is written char by char, with
   * no intermediate array; anything else is checked well-formed, encoded and escaped.
   */
  void string(Component c, String s, KeyWriter out) {
    int n = s.length();
    if (n > MAX_KEY_BYTES) { // at least as many bytes as chars: refused before any room is made for it
      throw new InvalidEntityException(entity, c.field(), "row key is over " + n + " bytes; HBase allows " + MAX_KEY_BYTES);
    }
    int start = out.size();
    out.ensure(n + 2);
    byte[] bytes = out.bytes;
    int at = start;
    for (int i = 0; i < n; i++) {
      char ch = s.charAt(i);
      if (ch == 0 || ch >= 0x80) {
        out.size = start;
        escaped(io.denorm.KeyChecks.wellFormed(entity, c.field(), s).getBytes(StandardCharsets.UTF_8), out);
        return;
      }
      bytes[at++] = (byte) ch;
    }
    bytes[at++] = 0x00;
    bytes[at++] = 0x01;
    out.size = at;
  }

  private static void escaped(byte[] bytes, KeyWriter out) {
    for (byte b : bytes) {
      out.write(b);
      if (b == 0) {
        out.write(0xFF);
      }
    }
    out.write(0x00);
    out.write(0x01);
  }

  static final java.lang.invoke.VarHandle LONG_BE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
  static final java.lang.invoke.VarHandle INT_BE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.BIG_ENDIAN);

  /** The low {@code width} bytes of {@code value}, big-endian. */
  static void fixed(long value, int width, KeyWriter out) {
    out.ensure(width);
    switch (width) {
      case 8 -> LONG_BE.set(out.bytes, out.size, value);
      case 4 -> INT_BE.set(out.bytes, out.size, (int) value);
      default -> {
        for (int i = 0; i < width; i++) {
          out.bytes[out.size + i] = (byte) (value >>> ((width - 1 - i) * 8));
        }
      }
    }
    out.size += width;
  }

  /** Sign class (0 negative, 1 zero, 2 positive), then length and magnitude, inverted when negative. */
  private static void bigInteger(BigInteger v, KeyWriter out) {
    int sign = v.signum();
    out.write(sign + 1);
    if (sign == 0) {
      return;
    }
    byte[] magnitude = v.abs().toByteArray();
    int skip = magnitude[0] == 0 ? 1 : 0; // toByteArray's sign byte
    int length = magnitude.length - skip;
    int flip = sign < 0 ? 0xFF : 0x00;
    for (int shift = 24; shift >= 0; shift -= 8) {
      out.write(((length >>> shift) & 0xFF) ^ flip);
    }
    for (int i = skip; i < magnitude.length; i++) {
      out.write((magnitude[i] & 0xFF) ^ flip);
    }
  }

  // ---- decoding -------------------------------------------------------------------------------

  Object decodeComponent(Component c, byte[] key, int[] pos) {
    int flip = c.descending() ? 0xFF : 0x00;
    int present = (key[pos[0]++] & 0xFF) ^ flip;
    if (present == 0x00) {
      return null;
    }
    switch (c.kind()) {
      case STRING:
        return string(key, pos, flip);
      case ENUM:
        return enumConstant(c, new String(unescape(key, pos, flip), StandardCharsets.UTF_8));
      case BYTES:
        return unescape(key, pos, flip);
      case BOOLEAN:
        return ((key[pos[0]++] & 0xFF) ^ flip) == 1;
      case BYTE:
        return (byte) ((((key[pos[0]++] & 0xFF) ^ flip)) ^ 0x80);
      case SHORT:
        return (short) (readFixed(key, pos, 2, flip) ^ Short.MIN_VALUE);
      case INT:
        return (int) readFixed(key, pos, 4, flip) ^ Integer.MIN_VALUE;
      case LONG:
        return readFixed(key, pos, 8, flip) ^ Long.MIN_VALUE;
      case FLOAT: {
        int bits = (int) readFixed(key, pos, 4, flip);
        return Float.intBitsToFloat(bits < 0 ? bits ^ Integer.MIN_VALUE : ~bits);
      }
      case DOUBLE: {
        long bits = readFixed(key, pos, 8, flip);
        return Double.longBitsToDouble(bits < 0 ? bits ^ Long.MIN_VALUE : ~bits);
      }
      case BIG_INTEGER:
        return readBigInteger(key, pos, flip);
      case INSTANT: {
        long seconds = readFixed(key, pos, 8, flip) ^ Long.MIN_VALUE;
        int nanos = (int) readFixed(key, pos, 4, flip);
        return Instant.ofEpochSecond(seconds, nanos);
      }
      case LOCAL_DATE:
        return LocalDate.ofEpochDay(readFixed(key, pos, 8, flip) ^ Long.MIN_VALUE);
      case LOCAL_TIME:
        return java.time.LocalTime.ofNanoOfDay(readFixed(key, pos, 8, flip) ^ Long.MIN_VALUE);
      case UUID: {
        int version = (int) readFixed(key, pos, 1, flip);
        long high = UuidOrder.high(readFixed(key, pos, 8, flip), version);
        return new UUID(high, readFixed(key, pos, 8, flip));
      }
      default:
        throw new IllegalStateException(c.kind().toString());
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object enumConstant(Component c, String name) {
    return Enum.valueOf((Class) c.enumType(), name);
  }

  /** An ascending string without an escaped zero is decoded straight from the key; anything else is unescaped first. */
  private static String string(byte[] key, int[] pos, int flip) {
    if (flip == 0) {
      int start = pos[0];
      int end = start;
      while (end < key.length && key[end] != 0) {
        end++;
      }
      if (end + 1 < key.length && key[end + 1] == 0x01) {
        pos[0] = end + 2;
        return new String(key, start, end - start, StandardCharsets.UTF_8);
      }
    }
    return new String(unescape(key, pos, flip), StandardCharsets.UTF_8);
  }

  private static byte[] unescape(byte[] key, int[] pos, int flip) {
    KeyWriter out = new KeyWriter(32);
    while (true) {
      int b = (key[pos[0]++] & 0xFF) ^ flip;
      if (b != 0x00) {
        out.write(b);
        continue;
      }
      int next = (key[pos[0]++] & 0xFF) ^ flip;
      if (next == 0x01) {
        return out.toByteArray();
      }
      if (next != 0xFF) {
        throw new IllegalArgumentException("malformed key: 00 followed by " + Integer.toHexString(next));
      }
      out.write(0x00);
    }
  }

  private static long readFixed(byte[] key, int[] pos, int width, int flip) {
    int at = pos[0];
    if (width == 8 && at + 8 <= key.length) {
      pos[0] = at + 8;
      long raw = (long) LONG_BE.get(key, at);
      return flip == 0 ? raw : ~raw;
    }
    if (width == 4 && at + 4 <= key.length) {
      pos[0] = at + 4;
      int raw = (int) INT_BE.get(key, at);
      return flip == 0 ? raw : ~raw;
    }
    long v = 0;
    for (int i = 0; i < width; i++) {
      v = (v << 8) | ((key[pos[0]++] & 0xFF) ^ flip);
    }
    if (width < 8) {
      // keep the raw (unsigned) bits of narrower fields; callers xor with the sign bit of their width
      return width == 4 ? (int) v : width == 2 ? (short) v : v;
    }
    return v;
  }

  private static BigInteger readBigInteger(byte[] key, int[] pos, int flip) {
    int signClass = (key[pos[0]++] & 0xFF) ^ flip;
    if (signClass == 1) {
      return BigInteger.ZERO;
    }
    int magnitudeFlip = flip ^ (signClass == 0 ? 0xFF : 0x00);
    int length = (int) readFixed(key, pos, 4, magnitudeFlip);
    byte[] magnitude = new byte[length];
    for (int i = 0; i < length; i++) {
      magnitude[i] = (byte) ((key[pos[0]++] & 0xFF) ^ magnitudeFlip);
    }
    BigInteger abs = new BigInteger(1, magnitude);
    return signClass == 0 ? abs.negate() : abs;
  }
}
