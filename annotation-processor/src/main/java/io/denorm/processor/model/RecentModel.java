package io.denorm.processor.model;

/** A {@code @Recent} list of {@code parent} ({@code column}) that the saves of a child entity keep. */
public record RecentModel(EntityModel parent, ColumnModel column) {

  public io.denorm.annotations.Recent annotation() {
    return column.element().getAnnotation(io.denorm.annotations.Recent.class);
  }

  /** {@code recentComments} → {@code RecentComments}. */
  public String capitalized() {
    return column.capitalized();
  }
}
