package io.denorm.processor.model;

import io.denorm.annotations.Recent;

/** A {@code @Recent} list of {@code parent} ({@code column}) that the saves of a child entity keep. */
public record RecentModel(EntityModel parent, ColumnModel column) {

  public Recent annotation() {
    return column.element().getAnnotation(Recent.class);
  }

  /** {@code recentComments} → {@code RecentComments}. */
  public String capitalized() {
    return column.capitalized();
  }
}
