package io.denorm.processor.model;

/** A {@code @Recent} list of {@code parent} ({@code column}) that the saves of a child entity keep. */
public record RecentModel(EntityModel parent, ColumnModel column) {

  /** The list's child entity, key field and length. */
  public ColumnFeatures.Recent spec() {
    return column.features().recent();
  }

  /** {@code recentComments} → {@code RecentComments}. */
  public String capitalized() {
    return column.capitalized();
  }
}
