package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.SetType;
import io.denorm.Conversions;
import io.denorm.DenormException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

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

  // ---- nested values: collections of embedded objects, collections, attribute values -------------
  // The generated code converts each level with the CQL type of that level (taken from the prepared
  // statement or the enclosing UDT), so UDT values are built from the keyspace's own definitions.

  /** The element type of a list or set type. */
  public static DataType elementType(DataType collection) {
    return collection instanceof ListType l ? l.getElementType() : ((SetType) collection).getElementType();
  }

  public static DataType keyType(DataType map) {
    return ((com.datastax.oss.driver.api.core.type.MapType) map).getKeyType();
  }

  public static DataType valueType(DataType map) {
    return ((com.datastax.oss.driver.api.core.type.MapType) map).getValueType();
  }

  /** {@code values} converted element by element to their stored form, with the element CQL type. */
  public static <T, S> List<S> toList(Collection<T> values, DataType elementType, BiFunction<DataType, T, S> convert) {
    return Conversions.list(values, v -> convert.apply(elementType, v));
  }

  public static <T, S> Set<S> toSet(Collection<T> values, DataType elementType, BiFunction<DataType, T, S> convert) {
    return Conversions.set(values, v -> convert.apply(elementType, v));
  }

  public static <K, V, SK, SV> Map<SK, SV> toMap(Map<K, V> map, DataType mapType, BiFunction<DataType, K, SK> key,
      BiFunction<DataType, V, SV> value) {
    if (map == null) {
      return null;
    }
    DataType keyType = keyType(mapType);
    DataType valueType = valueType(mapType);
    return Conversions.map(map, k -> key.apply(keyType, k), v -> value.apply(valueType, v));
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
