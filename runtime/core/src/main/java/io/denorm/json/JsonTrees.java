package io.denorm.json;

import io.denorm.Conversions;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The values of a JSON column ({@code @Column(json = true)}) as JSON trees of the shapes {@link
 * JsonValues} writes, and back. Generated mappers convert embedded objects field by field; this
 * class converts single values and collections. In the tree: numbers stay numbers (short, byte and
 * float widened), UUIDs, instants, dates and times are their ISO-8601 text, byte arrays Base64 text,
 * enums their constant names.
 */
public final class JsonTrees {

  private JsonTrees() {}

  /** A single value in tree form. */
  public static Object tree(Object value) {
    if (value == null || value instanceof String || value instanceof Boolean || value instanceof Integer || value instanceof Long
        || value instanceof Double || value instanceof BigDecimal || value instanceof BigInteger) {
      return value;
    }
    if (value instanceof Short || value instanceof Byte) {
      return ((Number) value).intValue();
    }
    if (value instanceof Float f) {
      return Double.parseDouble(f.toString()); // 1.1f stays 1.1, not 1.100000023841858
    }
    if (value instanceof UUID || value instanceof Instant || value instanceof LocalDate || value instanceof LocalTime) {
      return value.toString();
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof Enum<?> e) {
      return e.name();
    }
    throw new IllegalArgumentException("not a single value: " + value.getClass().getName());
  }

  /**
   * The single value of {@code type} that {@code tree} holds; for a primitive {@code type}, its
   * default when the tree holds nothing.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <T> T value(Object tree, Class<T> type) {
    if (tree == null) {
      return type.isPrimitive() ? (T) primitiveDefault(type) : null;
    }
    Object v;
    if (type == String.class) {
      v = (String) tree;
    } else if (type == int.class || type == Integer.class) {
      v = ((Number) tree).intValue();
    } else if (type == long.class || type == Long.class) {
      v = ((Number) tree).longValue();
    } else if (type == short.class || type == Short.class) {
      v = ((Number) tree).shortValue();
    } else if (type == byte.class || type == Byte.class) {
      v = ((Number) tree).byteValue();
    } else if (type == double.class || type == Double.class) {
      v = ((Number) tree).doubleValue();
    } else if (type == float.class || type == Float.class) {
      v = ((Number) tree).floatValue();
    } else if (type == boolean.class || type == Boolean.class) {
      v = (Boolean) tree;
    } else if (type == BigDecimal.class) {
      v = new BigDecimal(tree.toString());
    } else if (type == BigInteger.class) {
      v = new BigInteger(tree.toString());
    } else if (type == UUID.class) {
      v = UUID.fromString((String) tree);
    } else if (type == Instant.class) {
      v = Instant.parse((String) tree);
    } else if (type == LocalDate.class) {
      v = LocalDate.parse((String) tree);
    } else if (type == LocalTime.class) {
      v = LocalTime.parse((String) tree);
    } else if (type == byte[].class) {
      v = Base64.getDecoder().decode((String) tree);
    } else if (type.isEnum()) {
      v = Enum.valueOf((Class<? extends Enum>) type, (String) tree);
    } else {
      throw new IllegalArgumentException("not a single-value type: " + type.getName());
    }
    return (T) v;
  }

  private static Object primitiveDefault(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0d;
    }
    if (type == float.class) {
      return 0f;
    }
    if (type == short.class) {
      return (short) 0;
    }
    if (type == byte.class) {
      return (byte) 0;
    }
    return 0;
  }

  /** A map with String or enum keys as a tree object, each value converted. */
  public static <K, V> Map<String, Object> object(Map<K, V> map, Function<V, Object> value) {
    return Conversions.map(map, k -> k instanceof Enum<?> e ? e.name() : (String) k, value);
  }

  @SuppressWarnings("unchecked")
  public static <T> List<T> toList(Object tree, Function<Object, T> element) {
    return Conversions.list((List<Object>) tree, element);
  }

  @SuppressWarnings("unchecked")
  public static <T> Set<T> toSet(Object tree, Function<Object, T> element) {
    return Conversions.set((List<Object>) tree, element);
  }

  @SuppressWarnings("unchecked")
  public static <K, V> Map<K, V> toMap(Object tree, Function<String, K> key, Function<Object, V> value) {
    return Conversions.map((Map<String, Object>) tree, key, value);
  }

  /** Field {@code name} of a tree object (an embedded object), or null when the tree has none. */
  @SuppressWarnings("unchecked")
  public static Object field(Object tree, String name) {
    return ((Map<String, Object>) tree).get(name);
  }

  /** The JSON text of a tree, or null for none. */
  public static String text(Object tree) {
    return JsonValues.write(tree);
  }

  /** The tree a JSON text holds, or null for none. */
  public static Object parse(Object text) {
    return JsonValues.read((String) text);
  }
}
