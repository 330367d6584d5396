package io.denorm.processor.model;

import java.util.function.Supplier;
import javax.lang.model.element.TypeElement;

/**
 * A field of another entity that an index of this one feeds: each of the index's rows is a
 * membership (this row, that row), and claiming or releasing it moves a {@code @Count} or adds or
 * removes an element of a {@code @References} set in that row.
 *
 * @param type the entity holding the field (the author)
 * @param entity its model, read on first use
 * @param field the {@code @Count} or {@code @References} field (countOfBooks, bookIds)
 */
public record CounterModel(TypeElement type, Supplier<EntityModel> entity, String field) {

  public String table() {
    return entity.get().table();
  }

  /** The counting entity's one key column, which the membership's index key holds. */
  public ColumnModel key() {
    return entity.get().primaryKey().get(0);
  }

  public ColumnModel column() {
    return entity.get().column(field).orElseThrow();
  }

  /**
   * The HBase qualifier of a maintained column: {@code #} marks a count (a cell holding an {@code
   * Increment}'s raw 8-byte long), {@code @} an inverse side (one cell per element, named after it),
   * {@code ~} a recent list (one typed cell).
   */
  public static String hbaseQualifier(ColumnModel c) {
    return (c.isCount() ? "#" : c.isRecent() ? "~" : "@") + c.columnName();
  }
}
