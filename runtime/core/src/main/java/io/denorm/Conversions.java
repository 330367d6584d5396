package io.denorm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Collections converted element by element, in their order, as generated mappers convert between an
 * entity's values and their stored forms on either store. A null collection stays null.
 */
public final class Conversions {

  private Conversions() {}

  public static <T, R> List<R> list(Collection<T> values, Function<? super T, ? extends R> convert) {
    if (values == null) {
      return null;
    }
    List<R> out = new ArrayList<>(values.size());
    values.forEach(v -> out.add(convert.apply(v)));
    return out;
  }

  public static <T, R> Set<R> set(Collection<T> values, Function<? super T, ? extends R> convert) {
    if (values == null) {
      return null;
    }
    Set<R> out = new LinkedHashSet<>();
    values.forEach(v -> out.add(convert.apply(v)));
    return out;
  }

  public static <K, V, RK, RV> Map<RK, RV> map(Map<K, V> map, Function<? super K, ? extends RK> key, Function<? super V, ? extends RV> value) {
    if (map == null) {
      return null;
    }
    Map<RK, RV> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(key.apply(k), value.apply(v)));
    return out;
  }
}
