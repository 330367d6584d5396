package io.denorm.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The codec's three claims, checked on 100,000 random tuples each (seeded, so a failure repeats):
 * byte order is tuple order, decode inverts encode, and a prefix matches exactly the tuples that
 * start with it. Random schemas mix every kind, ascending and descending, with and without nulls.
 */
class RowKeyCodecTest {

  enum Colour { AMBER, BLUE, CYAN }

  static final int TUPLES = 100_000;
  static final int SCHEMAS = 50;

  @Test
  void byteOrderIsTupleOrder() {
    Random r = new Random(1);
    int checked = 0;
    for (int s = 0; s < SCHEMAS; s++) {
      List<Component> schema = randomSchema(r);
      RowKeyCodec codec = new RowKeyCodec("T", schema);
      List<List<Object>> tuples = new ArrayList<>();
      for (int i = 0; i < TUPLES / SCHEMAS; i++) {
        tuples.add(randomTuple(r, schema));
      }
      for (int i = 0; i < tuples.size(); i++) {
        List<Object> a = tuples.get(i);
        List<Object> b = tuples.get(r.nextInt(tuples.size()));
        int expected = Integer.signum(compareTuples(schema, a, b));
        int actual = Integer.signum(Arrays.compareUnsigned(codec.encode(a), codec.encode(b)));
        assertEquals(expected, actual, () -> "schema " + schema + "\n a=" + show(a) + "\n b=" + show(b));
        checked++;
      }
    }
    assertEquals(TUPLES, checked);
  }

  @Test
  void decodeInvertsEncode() {
    Random r = new Random(2);
    for (int s = 0; s < SCHEMAS; s++) {
      List<Component> schema = randomSchema(r);
      RowKeyCodec codec = new RowKeyCodec("T", schema);
      for (int i = 0; i < TUPLES / SCHEMAS; i++) {
        List<Object> tuple = randomTuple(r, schema);
        List<Object> back = codec.decode(codec.encode(tuple));
        for (int c = 0; c < schema.size(); c++) {
          assertEquals(0, compare(schema.get(c).kind(), tuple.get(c), back.get(c)), "component " + c + " of " + show(tuple) + " came back as " + show(back));
        }
      }
    }
  }

  @Test
  void aPrefixMatchesExactlyTheTuplesThatStartWithIt() {
    Random r = new Random(3);
    for (int s = 0; s < SCHEMAS; s++) {
      List<Component> schema = randomSchema(r);
      RowKeyCodec codec = new RowKeyCodec("T", schema);
      List<List<Object>> tuples = new ArrayList<>();
      for (int i = 0; i < TUPLES / SCHEMAS; i++) {
        tuples.add(randomTuple(r, schema));
      }
      for (List<Object> a : tuples) {
        List<Object> b = tuples.get(r.nextInt(tuples.size()));
        int k = r.nextInt(schema.size() + 1);
        byte[] prefix = codec.encode(a.subList(0, k));
        byte[] whole = codec.encode(b);
        boolean startsWith = whole.length >= prefix.length && Arrays.equals(whole, 0, prefix.length, prefix, 0, prefix.length);
        boolean sameLeading = true;
        for (int c = 0; c < k; c++) {
          sameLeading &= compare(schema.get(c).kind(), a.get(c), b.get(c)) == 0;
        }
        assertEquals(sameLeading, startsWith, () -> "prefix of length " + k + " of " + show(a) + " vs " + show(b));
        assertTrue(startsWith(codec.encode(a), prefix), "a tuple starts with its own prefix");
      }
    }
  }

  @Test
  void aCityIsNotAPrefixOfALongerCity() {
    RowKeyCodec codec = new RowKeyCodec("User", List.of(Component.of("state", Kind.STRING), Component.of("city", Kind.STRING),
        Component.of("id", Kind.UUID)));
    byte[] prefix = codec.encode(List.of("CA", "San Francisco"));
    assertTrue(startsWith(codec.encode(List.of("CA", "San Francisco", UUID.randomUUID())), prefix));
    assertFalse(startsWith(codec.encode(List.of("CA", "San Francisco Bay", UUID.randomUUID())), prefix));
  }

  @Test
  void badKeysAreTypedErrorsNamingTheField() {
    RowKeyCodec codec = new RowKeyCodec("Reading", List.of(Component.of("sensorId", Kind.STRING), Component.of("at", Kind.INSTANT)));
    InvalidEntityException nul = assertThrows(InvalidEntityException.class, () -> codec.encode(Arrays.asList("s", null)));
    assertEquals("at", nul.field());
    InvalidEntityException type = assertThrows(InvalidEntityException.class, () -> codec.encode(List.of("s", 12L)));
    assertEquals("Reading.at: a Long cannot be encoded as a INSTANT key component", type.getMessage());
    InvalidEntityException big = assertThrows(InvalidEntityException.class, () -> codec.encode(List.of("x".repeat(40_000))));
    assertEquals("sensorId", big.field());
    assertTrue(big.getMessage().contains("HBase allows 32767"), big.getMessage());
  }

  @Test
  void descendingReversesAndNullsSortFirstAscending() {
    RowKeyCodec asc = new RowKeyCodec("T", List.of(new Component("a", Kind.LONG, false, true, null)));
    RowKeyCodec desc = new RowKeyCodec("T", List.of(new Component("a", Kind.LONG, true, true, null)));
    assertTrue(Arrays.compareUnsigned(asc.encode(Arrays.asList((Object) null)), asc.encode(List.of(Long.MIN_VALUE))) < 0);
    assertTrue(Arrays.compareUnsigned(desc.encode(List.of(5L)), desc.encode(List.of(4L))) < 0);
    assertTrue(Arrays.compareUnsigned(desc.encode(List.of(Long.MIN_VALUE)), desc.encode(Arrays.asList((Object) null))) < 0);
    assertArrayEquals(new byte[] {1, (byte) 0x80, 0, 0, 0, 0, 0, 0, 5}, asc.encode(List.of(5L)));
  }

  // ---- generators and the reference order ----------------------------------------------------

  static List<Component> randomSchema(Random r) {
    int n = 1 + r.nextInt(4);
    List<Component> schema = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
      schema.add(new Component("c" + i, kind, r.nextBoolean(), r.nextInt(3) == 0, kind == Kind.ENUM ? Colour.class : null));
    }
    return schema;
  }

  static List<Object> randomTuple(Random r, List<Component> schema) {
    List<Object> tuple = new ArrayList<>();
    for (Component c : schema) {
      tuple.add(c.nullable() && r.nextInt(8) == 0 ? null : randomValue(r, c.kind()));
    }
    return tuple;
  }

  /** Values from small pools with edge cases, so that ties and near-ties are frequent. */
  static Object randomValue(Random r, Kind kind) {
    switch (kind) {
      case STRING: {
        String[] pool = {"", "a", "ab", "a\u0000", "a\u0000b", "\u0000", "San Francisco", "San Francisco Bay", "\uffff", "\ud83d\ude00", "\u00e9", "z"};
        return r.nextInt(3) == 0 ? pool[r.nextInt(pool.length)] + pool[r.nextInt(pool.length)] : pool[r.nextInt(pool.length)];
      }
      case BYTES: {
        byte[] b = new byte[r.nextInt(4)];
        for (int i = 0; i < b.length; i++) {
          int pick = r.nextInt(4);
          b[i] = (byte) (pick == 0 ? 0x00 : pick == 1 ? 0xFF : pick == 2 ? 0x01 : r.nextInt(256));
        }
        return b;
      }
      case BOOLEAN:
        return r.nextBoolean();
      case BYTE:
        return (byte) new int[] {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE, r.nextInt(256) - 128}[r.nextInt(6)];
      case SHORT:
        return (short) new int[] {Short.MIN_VALUE, -1, 0, 1, Short.MAX_VALUE, r.nextInt(65536) - 32768}[r.nextInt(6)];
      case INT:
        return new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE, r.nextInt(), r.nextInt(5) - 2}[r.nextInt(7)];
      case LONG:
        return new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE, r.nextLong(), r.nextInt(5) - 2}[r.nextInt(7)];
      case FLOAT:
        return new float[] {Float.NEGATIVE_INFINITY, -1f, -0f, 0f, Float.MIN_VALUE, 1.5f, Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN,
            (float) r.nextGaussian()}[r.nextInt(10)];
      case DOUBLE:
        return new double[] {Double.NEGATIVE_INFINITY, -1d, -0d, 0d, Double.MIN_VALUE, 1.5d, Double.MAX_VALUE, Double.POSITIVE_INFINITY,
            Double.NaN, r.nextGaussian() * 1e6}[r.nextInt(10)];
      case BIG_INTEGER: {
        BigInteger[] pool = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), BigInteger.valueOf(255), BigInteger.valueOf(256),
            BigInteger.valueOf(-256), new BigInteger(130, r), new BigInteger(130, r).negate(), BigInteger.valueOf(r.nextInt(1000) - 500)};
        return pool[r.nextInt(pool.length)];
      }
      case INSTANT:
        return Instant.ofEpochSecond(new long[] {-1, 0, 1, 1_700_000_000L, -62_000_000_000L, r.nextInt()}[r.nextInt(6)],
            new int[] {0, 1, 999_999_999, r.nextInt(1_000_000_000)}[r.nextInt(4)]);
      case LOCAL_DATE:
        return LocalDate.ofEpochDay(new long[] {-1, 0, 1, 20_000, -700_000, r.nextInt(2_000_000) - 1_000_000}[r.nextInt(6)]);
      case LOCAL_TIME:
        return java.time.LocalTime.ofNanoOfDay(new long[] {0, 1, 86_399_999_999_999L, r.nextLong(86_400_000_000_000L)}[r.nextInt(4)]);
      case UUID:
        return new UUID(new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE, r.nextLong()}[r.nextInt(6)], r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(3) - 1);
      case ENUM:
        return Colour.values()[r.nextInt(3)];
      default:
        throw new IllegalStateException();
    }
  }

  static int compareTuples(List<Component> schema, List<Object> a, List<Object> b) {
    for (int i = 0; i < schema.size(); i++) {
      Component c = schema.get(i);
      Object x = a.get(i);
      Object y = b.get(i);
      int cmp = x == null || y == null ? Boolean.compare(x != null, y != null) : compare(c.kind(), x, y);
      if (cmp != 0) {
        return c.descending() ? -cmp : cmp;
      }
    }
    return 0;
  }

  /** The order a key promises, per kind (null-safe for equality checks). */
  static int compare(Kind kind, Object x, Object y) {
    if (x == null || y == null) {
      return Boolean.compare(x != null, y != null);
    }
    return switch (kind) {
      case STRING -> compareCodePoints((String) x, (String) y);
      case ENUM -> ((Enum<?>) x).name().compareTo(((Enum<?>) y).name());
      case BYTES -> Arrays.compareUnsigned((byte[]) x, (byte[]) y);
      case FLOAT -> Float.compare((Float) x, (Float) y);
      case DOUBLE -> Double.compare((Double) x, (Double) y);
      case UUID -> RowKeyCodecPropertiesTest.compare(Kind.UUID, x, y); // Cassandra's uuid order
      default -> compareComparable(x, y);
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compareComparable(Object x, Object y) {
    return ((Comparable) x).compareTo(y);
  }

  static int compareCodePoints(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    return Arrays.compare(x, y);
  }

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  static String show(List<Object> tuple) {
    List<String> parts = new ArrayList<>();
    for (Object o : tuple) {
      parts.add(o instanceof byte[] b ? Arrays.toString(b) : Objects.toString(o));
    }
    return parts.toString();
  }
}
