package io.denorm.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reading the parsed {@code model.yaml} (maps, lists and scalars) without casts at every step. */
final class Yaml {

  private Yaml() {}

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> maps(Object value) {
    List<Map<String, Object>> out = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object o : list) {
        if (o instanceof Map<?, ?> m) {
          out.add((Map<String, Object>) m);
        }
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  static List<String> strings(Object value) {
    List<String> out = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object o : list) {
        out.add(o instanceof Map<?, ?> m && m.get("column") != null ? String.valueOf(m.get("column")) : String.valueOf(o));
      }
    }
    return out;
  }

  static String string(Object value) {
    return value == null ? "" : String.valueOf(value);
  }
}
