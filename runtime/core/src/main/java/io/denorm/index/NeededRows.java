package io.denorm.index;

import java.util.List;

/**
 * Whether a master needs an index row: by the row's identity (the same index key and master key),
 * or with its values too, a null and an empty collection counting as one value.
 */
final class NeededRows {

  private NeededRows() {}

  /** Whether a master that needs {@code needed} still needs a row with this identity (included values may differ). */
  static boolean needs(List<IndexEntry> needed, IndexEntry hit) {
    for (IndexEntry e : needed) {
      if (e.sameRow(hit) && e.masterKey().equals(hit.masterKey())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The entry of {@code needed} that is {@code row}'s row for the same master, whatever its values;
   * null when the master does not need that row.
   */
  static IndexEntry neededRow(List<IndexEntry> needed, IndexEntry row) {
    for (IndexEntry e : needed) {
      if (e.sameRow(row) && e.masterKey().equals(row.masterKey())) {
        return e;
      }
    }
    return null;
  }

  /** Whether {@code needed} holds {@code row} with the same values, included ones too. */
  static boolean needsAsIs(List<IndexEntry> needed, IndexEntry row) {
    IndexEntry e = neededRow(needed, row);
    return e != null && sameValues(e.values(), row.values());
  }

  /**
   * Whether two rows' values are equal, a null and an empty collection counting as one value: HBase
   * stores neither, and a master read back gives an empty collection where the entity saved had null.
   */
  static boolean sameValues(List<Object> a, List<Object> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      if (!java.util.Objects.equals(x, y) && !(emptyOrNull(x) && emptyOrNull(y))) {
        return false;
      }
    }
    return true;
  }

  private static boolean emptyOrNull(Object v) {
    return v == null || v instanceof java.util.Collection<?> c && c.isEmpty() || v instanceof java.util.Map<?, ?> m && m.isEmpty();
  }}
