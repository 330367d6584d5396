package io.denorm.index;

import java.util.List;
import java.util.Objects;

/**
 * One row an entity needs in one index table. Values are in table column order (index key, master
 * key, included) and already in their stored form (enums as names), so that entries compare by
 * value.
 */
public record IndexEntry(IndexDefinition index, List<Object> values) {

  public IndexEntry {
    Objects.requireNonNull(index, "index");
    if (values.size() != index.valueCount()) {
      throw new IllegalArgumentException("index " + index.name() + " takes " + index.valueCount() + " values, got " + values.size());
    }
    values = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
  }

  /** The values that identify this entry's row in its table. */
  public List<Object> identity() {
    return values.subList(0, index.identityCount());
  }

  public List<Object> indexKey() {
    return values.subList(0, index.keyCount());
  }

  public List<Object> masterKey() {
    return values.subList(index.keyCount(), index.keyCount() + index.masterKeyCount());
  }

  public List<Object> included() {
    return values.subList(index.keyCount() + index.masterKeyCount(), index.valueCount());
  }

  /** Whether this and {@code other} are the same row of the same table (values may differ). */
  public boolean sameRow(IndexEntry other) {
    return index.name().equals(other.index.name()) && identity().equals(other.identity());
  }
}
