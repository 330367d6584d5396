package io.denorm.hbase;

import java.util.ArrayList;
import java.util.List;

/** Conversions between stored values (byte arrays as ByteBuffer) and row-key codec values (byte[]). */
final class HBaseKeys {

  private HBaseKeys() {}

  static List<Object> keyForm(List<?> stored) {
    List<Object> out = new ArrayList<>(stored.size());
    for (Object v : stored) {
      out.add(HBaseValues.keyValue(v));
    }
    return out;
  }

  static List<Object> storedForm(List<Object> key) {
    List<Object> out = new ArrayList<>(key.size());
    for (Object v : key) {
      out.add(HBaseValues.storedValue(v));
    }
    return out;
  }
}
