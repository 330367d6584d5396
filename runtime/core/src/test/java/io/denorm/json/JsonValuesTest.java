package io.denorm.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonValuesTest {

  @Test
  void theSeedContactDetailsRoundTrip() {
    Map<String, Object> phone = new LinkedHashMap<>();
    phone.put("phone", "+1 555 555-5555");
    phone.put("extension", 5555);
    String json = JsonValues.write(phone);
    assertEquals("{\"phone\":\"+1 555 555-5555\",\"extension\":5555}", json);
    assertEquals(phone, JsonValues.read(json));
    assertEquals(List.copyOf(phone.keySet()), List.copyOf(((Map<?, ?>) JsonValues.read(json)).keySet()));
  }

  @Test
  void numbersComeBackAsTheNarrowestTypeThatPrintsTheSame() {
    assertEquals(Integer.class, JsonValues.read("2147483647").getClass());
    assertEquals(Long.class, JsonValues.read("2147483648").getClass());
    assertEquals(Long.class, JsonValues.read("-9223372036854775808").getClass());
    assertEquals(BigInteger.class, JsonValues.read("9223372036854775808").getClass());
    assertEquals(2.5, JsonValues.read(JsonValues.write(2.5)));
    assertEquals(1.0E20, JsonValues.read(JsonValues.write(1.0E20)));
    assertEquals(new BigDecimal("0.10"), JsonValues.read(JsonValues.write(new BigDecimal("0.10"))), "0.10 is not how a double prints 0.1");
    assertEquals(Integer.class, JsonValues.read(JsonValues.write(5L)).getClass(), "documented: a Long that fits in an int reads back as an Integer");
  }

  @Test
  void stringsWithEveryEscapeRoundTrip() {
    String s = "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u0007 é ✓ \uD83D\uDE00";
    assertEquals(s, JsonValues.read(JsonValues.write(s)));
    assertEquals("a/b", JsonValues.read("\"a\\/b\""));
    assertEquals("é", JsonValues.read("\"\\u00e9\""));
  }

  @Test
  void randomTreesRoundTrip() {
    Random random = new Random(20261121L);
    for (int i = 0; i < 2_000; i++) {
      Object tree = tree(random, 0);
      assertEquals(tree, JsonValues.read(JsonValues.write(tree)), "seed 20261121, tree " + i);
    }
  }

  private static Object tree(Random r, int depth) {
    int kind = r.nextInt(depth > 3 ? 6 : 8);
    switch (kind) {
      case 0: return null;
      case 1: return r.nextBoolean();
      case 2: return r.nextInt();
      case 3: return r.nextLong() | (1L << 40);
      case 4: return r.nextDouble() * 1000;
      case 5: {
        StringBuilder s = new StringBuilder();
        for (int i = r.nextInt(8); i > 0; i--) {
          s.append((char) r.nextInt(0x3000));
        }
        return s.toString();
      }
      case 6: {
        List<Object> list = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          list.add(tree(r, depth + 1));
        }
        return list;
      }
      default: {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          map.put("k" + r.nextInt(100), tree(r, depth + 1));
        }
        return map;
      }
    }
  }

  @Test
  void nullIsAbsentAtTheTopAndTheTextNullInsideAContainer() {
    assertNull(JsonValues.write(null));
    assertNull(JsonValues.read(null));
    assertEquals("null", JsonValues.writeElement(null));
    assertNull(JsonValues.read("null"));
  }

  @Test
  void checkNamesTheEntityTheFieldAndThePath() {
    Map<String, Object> bad = new LinkedHashMap<>();
    bad.put("fine", List.of(1, 2));
    bad.put("nested", Map.of("when", new java.util.Date(0)));
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> JsonValues.check("Order", "attributes", bad));
    assertEquals("Order", e.entity());
    assertEquals("attributes", e.field());
    assertTrue(e.getMessage().startsWith("Order.attributes: the value at 'nested.when' is a java.util.Date"), e.getMessage());
    InvalidEntityException inf = assertThrows(InvalidEntityException.class,
        () -> JsonValues.check("Person", "contactDetails", List.of(Map.of("x", Double.POSITIVE_INFINITY))));
    assertTrue(inf.getMessage().contains("'[0].x' is Infinity"), inf.getMessage());
    Map<Object, Object> numericKey = new LinkedHashMap<>();
    numericKey.put(1, "one");
    assertThrows(InvalidEntityException.class, () -> JsonValues.check("Order", "attributes", List.of(numericKey)));
  }

  @Test
  void malformedTextIsRejectedWithItsOffset() {
    for (String bad : new String[] {"{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "1 2", "{\"a\":1,}", "\"\\x\"", "-"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonValues.read(bad), bad);
      assertTrue(e.getMessage().startsWith("malformed JSON at offset "), e.getMessage());
    }
  }
}
