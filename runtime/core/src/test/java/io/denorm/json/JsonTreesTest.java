package io.denorm.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JsonTreesTest {

  enum Color { RED, BLUE }

  /** A value through tree, JSON text, parse and back to its type. */
  private static <T> T roundTrip(Object value, Class<T> type) {
    return JsonTrees.value(JsonTrees.parse(JsonTrees.text(JsonTrees.tree(value))), type);
  }

  @Test
  void everySingleValueTypeRoundTripsThroughJsonText() {
    assertEquals("x\"y", roundTrip("x\"y", String.class));
    assertEquals(Integer.MIN_VALUE, roundTrip(Integer.MIN_VALUE, int.class));
    assertEquals(Long.MAX_VALUE, roundTrip(Long.MAX_VALUE, long.class));
    assertEquals((short) -7, roundTrip((short) -7, short.class));
    assertEquals((byte) -128, roundTrip((byte) -128, byte.class));
    assertEquals(1.1f, roundTrip(1.1f, float.class));
    assertEquals(Float.MAX_VALUE, roundTrip(Float.MAX_VALUE, float.class));
    assertEquals(0.1 + 0.2, roundTrip(0.1 + 0.2, double.class));
    assertEquals(true, roundTrip(true, boolean.class));
    assertEquals(new BigDecimal("12.50"), roundTrip(new BigDecimal("12.50"), BigDecimal.class));
    assertEquals(new BigDecimal("3"), roundTrip(new BigDecimal("3"), BigDecimal.class));
    assertEquals(new BigDecimal("1E+3"), roundTrip(new BigDecimal("1E+3"), BigDecimal.class));
    assertEquals(new BigInteger("-99999999999999999999999"), roundTrip(new BigInteger("-99999999999999999999999"), BigInteger.class));
    assertEquals(new BigInteger("5"), roundTrip(new BigInteger("5"), BigInteger.class));
    UUID id = UUID.randomUUID();
    assertEquals(id, roundTrip(id, UUID.class));
    Instant at = Instant.parse("2026-11-21T10:15:30.123456789Z");
    assertEquals(at, roundTrip(at, Instant.class));
    assertEquals(at.truncatedTo(ChronoUnit.SECONDS), roundTrip(at.truncatedTo(ChronoUnit.SECONDS), Instant.class));
    assertEquals(LocalDate.of(1999, 12, 31), roundTrip(LocalDate.of(1999, 12, 31), LocalDate.class));
    assertEquals(LocalTime.of(23, 59, 59, 1), roundTrip(LocalTime.of(23, 59, 59, 1), LocalTime.class));
    assertArrayEquals(new byte[] {0, -1, 127}, roundTrip(new byte[] {0, -1, 127}, byte[].class));
    assertEquals(Color.BLUE, roundTrip(Color.BLUE, Color.class));
  }

  @Test
  void absentValuesAreNullOrThePrimitiveDefault() {
    assertNull(JsonTrees.value(null, String.class));
    assertNull(JsonTrees.value(null, Integer.class));
    assertEquals(0, JsonTrees.value(null, int.class));
    assertEquals(0L, JsonTrees.value(null, long.class));
    assertEquals(false, JsonTrees.value(null, boolean.class));
    assertEquals(0f, JsonTrees.value(null, float.class));
    assertNull(JsonTrees.text(null));
    assertNull(JsonTrees.parse(null));
  }

  @Test
  void collectionsAndEnumKeyedMaps() {
    Object tree = JsonTrees.object(Map.of(Color.RED, List.of(1, 2)), v -> io.denorm.Conversions.list(v, JsonTrees::tree));
    assertEquals("{\"RED\":[1,2]}", JsonTrees.text(tree));
    Map<Color, Set<Integer>> back = JsonTrees.toMap(JsonTrees.parse(JsonTrees.text(tree)), k -> JsonTrees.value(k, Color.class),
        v -> JsonTrees.toSet(v, e -> JsonTrees.value(e, Integer.class)));
    assertEquals(Map.of(Color.RED, Set.of(1, 2)), back);
    assertNull(io.denorm.Conversions.list(null, JsonTrees::tree));
    assertNull(JsonTrees.toList(null, e -> e));
  }
}
