package io.denorm.cassandra;

import io.denorm.DenormException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Conversions between the Java types entities use and the ones the driver stores, for the cases the
 * driver has no codec of its own: byte arrays and enums (stored by name, as text).
 */
public final class CassandraValues {

  private CassandraValues() {}

  public static ByteBuffer buffer(byte[] bytes) {
    return bytes == null ? null : ByteBuffer.wrap(bytes);
  }

  public static byte[] bytes(ByteBuffer buffer) {
    if (buffer == null) {
      return null;
    }
    byte[] copy = new byte[buffer.remaining()];
    buffer.duplicate().get(copy);
    return copy;
  }

  /**
   * Embedded elements as the UDT values of the collection column whose CQL type is {@code
   * collectionType} (read from the prepared statement, so the keyspace's own UDT is used).
   */
  public static <T> List<com.datastax.oss.driver.api.core.data.UdtValue> toUdtList(com.datastax.oss.driver.api.core.type.DataType collectionType,
      List<T> values, java.util.function.BiFunction<com.datastax.oss.driver.api.core.type.UserDefinedType, T, com.datastax.oss.driver.api.core.data.UdtValue> convert) {
    if (values == null) {
      return null;
    }
    com.datastax.oss.driver.api.core.type.UserDefinedType udt =
        (com.datastax.oss.driver.api.core.type.UserDefinedType) ((com.datastax.oss.driver.api.core.type.ListType) collectionType).getElementType();
    List<com.datastax.oss.driver.api.core.data.UdtValue> out = new ArrayList<>(values.size());
    values.forEach(v -> out.add(v == null ? null : convert.apply(udt, v)));
    return out;
  }

  public static <T> Set<com.datastax.oss.driver.api.core.data.UdtValue> toUdtSet(com.datastax.oss.driver.api.core.type.DataType collectionType,
      Set<T> values, java.util.function.BiFunction<com.datastax.oss.driver.api.core.type.UserDefinedType, T, com.datastax.oss.driver.api.core.data.UdtValue> convert) {
    if (values == null) {
      return null;
    }
    com.datastax.oss.driver.api.core.type.UserDefinedType udt =
        (com.datastax.oss.driver.api.core.type.UserDefinedType) ((com.datastax.oss.driver.api.core.type.SetType) collectionType).getElementType();
    Set<com.datastax.oss.driver.api.core.data.UdtValue> out = new LinkedHashSet<>();
    values.forEach(v -> out.add(v == null ? null : convert.apply(udt, v)));
    return out;
  }

  public static <T> List<T> fromUdtList(List<com.datastax.oss.driver.api.core.data.UdtValue> values,
      java.util.function.Function<com.datastax.oss.driver.api.core.data.UdtValue, T> convert) {
    if (values == null) {
      return null;
    }
    List<T> out = new ArrayList<>(values.size());
    values.forEach(v -> out.add(v == null ? null : convert.apply(v)));
    return out;
  }

  public static <T> Set<T> fromUdtSet(Set<com.datastax.oss.driver.api.core.data.UdtValue> values,
      java.util.function.Function<com.datastax.oss.driver.api.core.data.UdtValue, T> convert) {
    if (values == null) {
      return null;
    }
    Set<T> out = new LinkedHashSet<>();
    values.forEach(v -> out.add(v == null ? null : convert.apply(v)));
    return out;
  }

  /** An instant as Cassandra keeps it (milliseconds), so that index entries compare with stored ones. */
  public static java.time.Instant millis(java.time.Instant value) {
    return value == null ? null : value.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  }

  public static String name(Enum<?> value) {
    return value == null ? null : value.name();
  }

  /** The constant of {@code type} stored as {@code name}; a name the enum no longer has is an error. */
  public static <E extends Enum<E>> E enumValue(Class<E> type, String name) {
    if (name == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, name);
    } catch (IllegalArgumentException e) {
      throw new DenormException("stored value '" + name + "' is not a constant of " + type.getName(), e);
    }
  }

  public static List<String> names(List<? extends Enum<?>> values) {
    if (values == null) {
      return null;
    }
    List<String> names = new ArrayList<>(values.size());
    values.forEach(v -> names.add(name(v)));
    return names;
  }

  public static Set<String> names(Set<? extends Enum<?>> values) {
    if (values == null) {
      return null;
    }
    Set<String> names = new LinkedHashSet<>();
    values.forEach(v -> names.add(name(v)));
    return names;
  }

  public static <E extends Enum<E>> List<E> enumList(Class<E> type, Collection<String> names) {
    if (names == null) {
      return null;
    }
    List<E> values = new ArrayList<>(names.size());
    names.forEach(n -> values.add(enumValue(type, n)));
    return values;
  }

  public static <E extends Enum<E>> Set<E> enumSet(Class<E> type, Collection<String> names) {
    if (names == null) {
      return null;
    }
    Set<E> values = new LinkedHashSet<>();
    names.forEach(n -> values.add(enumValue(type, n)));
    return values;
  }

  /** Map keys that are enums, stored by name. */
  public static <V> Map<String, V> namedKeys(Map<? extends Enum<?>, V> map) {
    if (map == null) {
      return null;
    }
    Map<String, V> named = new LinkedHashMap<>();
    map.forEach((k, v) -> named.put(name(k), v));
    return named;
  }

  public static <E extends Enum<E>, V> Map<E, V> enumKeys(Class<E> type, Map<String, V> map) {
    if (map == null) {
      return null;
    }
    Map<E, V> typed = new LinkedHashMap<>();
    map.forEach((k, v) -> typed.put(enumValue(type, k), v));
    return typed;
  }
}
