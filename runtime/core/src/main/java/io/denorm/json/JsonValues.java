package io.denorm.json;

import io.denorm.InvalidEntityException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Attribute values of any JSON shape (fields, elements and map values declared {@code Object}) and
 * their JSON text, which is how both stores keep them.
 *
 * <p>Accepted values: {@code null}, String, Boolean, Integer, Long, Double, BigDecimal, BigInteger,
 * Lists (any Collection is written as a list) and Maps with String keys of those. Reading gives the
 * same Java values back, with two rules for numbers: an integral number comes back as Integer when it
 * fits, else Long, else BigInteger; a number with a fraction or exponent comes back as Double when the
 * Double prints back to the same text, else BigDecimal. So {@code 5555}, {@code "+1 555"} and
 * {@code 2.5} round-trip exactly, and a Long that fits in an int comes back as an Integer.
 * Maps keep their key order.
 */
public final class JsonValues {

  private JsonValues() {}

  /**
   * Throws {@link InvalidEntityException} naming {@code entity} and {@code field} when {@code value}
   * holds something that is not a JSON value. Called before anything of the entity is written.
   */
  public static void check(String entity, String field, Object value) {
    String problem = problem(value, "");
    if (problem != null) {
      throw new InvalidEntityException(entity, field, problem);
    }
  }

  private static String problem(Object value, String path) {
    if (value == null || value instanceof String || value instanceof Boolean || value instanceof Integer || value instanceof Long
        || value instanceof BigDecimal || value instanceof BigInteger) {
      return null;
    }
    if (value instanceof Double d) {
      return d.isNaN() || d.isInfinite() ? "the number at '" + path + "' is " + d + ", which JSON cannot hold" : null;
    }
    if (value instanceof Collection<?> c) {
      int i = 0;
      for (Object element : c) {
        String p = problem(element, path + "[" + i++ + "]");
        if (p != null) {
          return p;
        }
      }
      return null;
    }
    if (value instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (e.getKey() instanceof Enum<?>) {
          String p = problem(e.getValue(), path.isEmpty() ? ((Enum<?>) e.getKey()).name() : path + "." + ((Enum<?>) e.getKey()).name());
          if (p != null) {
            return p;
          }
          continue;
        }
        if (!(e.getKey() instanceof String key)) {
          return "the map at '" + path + "' has the key " + e.getKey() + " of type " + typeName(e.getKey()) + "; attribute maps take String keys";
        }
        String p = problem(e.getValue(), path.isEmpty() ? key : path + "." + key);
        if (p != null) {
          return p;
        }
      }
      return null;
    }
    return "the value at '" + path + "' is a " + value.getClass().getName()
        + "; attribute values are String, Boolean, Integer, Long, Double, BigDecimal, BigInteger, null, List or Map<String, …>";
  }

  private static String typeName(Object o) {
    return o == null ? "null" : o.getClass().getName();
  }

  /** The JSON text of {@code value}; null stays null (an absent value, not JSON {@code null}). */
  public static String write(Object value) {
    if (value == null) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  /**
   * The JSON text of an attribute value held in a collection or a map, where the stores keep no
   * nulls: null is the text {@code null}.
   */
  public static String writeElement(Object value) {
    return value == null ? "null" : write(value);
  }

  private static void write(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      quote(s, out);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
      out.append(value);
    } else if (value instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        throw new IllegalArgumentException("JSON cannot hold " + d);
      }
      out.append(d);
    } else if (value instanceof BigDecimal b) {
      out.append(b.toString());
    } else if (value instanceof Collection<?> c) {
      out.append('[');
      boolean first = true;
      for (Object element : c) {
        if (!first) {
          out.append(',');
        }
        first = false;
        write(element, out);
      }
      out.append(']');
    } else if (value instanceof Map<?, ?> m) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!(e.getKey() instanceof String key)) {
          throw new IllegalArgumentException("attribute maps take String keys, not " + typeName(e.getKey()));
        }
        if (!first) {
          out.append(',');
        }
        first = false;
        quote(key, out);
        out.append(':');
        write(e.getValue(), out);
      }
      out.append('}');
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
  }

  private static void quote(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** The value written as {@code json}; null stays null. Malformed text is an IllegalArgumentException. */
  public static Object read(String json) {
    if (json == null) {
      return null;
    }
    Reader r = new Reader(json);
    r.space();
    Object value = r.value();
    r.space();
    if (r.pos != json.length()) {
      throw r.error("text after the value");
    }
    return value;
  }

  private static final class Reader {
    final String s;
    int pos;

    Reader(String s) {
      this.s = s;
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("malformed JSON at offset " + pos + ": " + what);
    }

    void space() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    char peek() {
      if (pos >= s.length()) {
        throw error("unexpected end");
      }
      return s.charAt(pos);
    }

    void expect(char c) {
      if (peek() != c) {
        throw error("expected '" + c + "'");
      }
      pos++;
    }

    Object value() {
      char c = peek();
      switch (c) {
        case '{':
          return object();
        case '[':
          return array();
        case '"':
          return string();
        case 't':
          return literal("true", Boolean.TRUE);
        case 'f':
          return literal("false", Boolean.FALSE);
        case 'n':
          return literal("null", null);
        default:
          if (c == '-' || (c >= '0' && c <= '9')) {
            return number();
          }
          throw error("unexpected '" + c + "'");
      }
    }

    Object literal(String word, Object value) {
      if (!s.startsWith(word, pos)) {
        throw error("expected " + word);
      }
      pos += word.length();
      return value;
    }

    Map<String, Object> object() {
      expect('{');
      Map<String, Object> map = new LinkedHashMap<>();
      space();
      if (peek() == '}') {
        pos++;
        return map;
      }
      while (true) {
        space();
        String key = string();
        space();
        expect(':');
        space();
        map.put(key, value());
        space();
        if (peek() == ',') {
          pos++;
          continue;
        }
        expect('}');
        return map;
      }
    }

    List<Object> array() {
      expect('[');
      List<Object> list = new ArrayList<>();
      space();
      if (peek() == ']') {
        pos++;
        return list;
      }
      while (true) {
        space();
        list.add(value());
        space();
        if (peek() == ',') {
          pos++;
          continue;
        }
        expect(']');
        return list;
      }
    }

    String string() {
      expect('"');
      StringBuilder out = new StringBuilder();
      while (true) {
        char c = peek();
        pos++;
        if (c == '"') {
          return out.toString();
        }
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = peek();
        pos++;
        switch (e) {
          case '"', '\\', '/' -> out.append(e);
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case 't' -> out.append('\t');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            if (pos + 4 > s.length()) {
              throw error("short \\u escape");
            }
            try {
              out.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
            } catch (NumberFormatException ex) {
              throw error("bad \\u escape");
            }
            pos += 4;
          }
          default -> throw error("bad escape '\\" + e + "'");
        }
      }
    }

    Object number() {
      int start = pos;
      if (peek() == '-') {
        pos++;
      }
      boolean integral = true;
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c >= '0' && c <= '9') {
          pos++;
        } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
          integral = false;
          pos++;
        } else {
          break;
        }
      }
      String text = s.substring(start, pos);
      try {
        if (integral) {
          BigInteger big = new BigInteger(text);
          if (big.bitLength() < 32) {
            return big.intValue();
          }
          return big.bitLength() < 64 ? (Object) big.longValue() : big;
        }
        double d = Double.parseDouble(text);
        return !Double.isInfinite(d) && Double.toString(d).equals(text) ? (Object) d : new BigDecimal(text);
      } catch (NumberFormatException e) {
        throw error("bad number '" + text + "'");
      }
    }
  }
}
