package io.denorm.processor.model;

import java.util.function.Supplier;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Count} of another entity that an index of this one feeds: each of the index's rows is a
 * membership (counted row, counting row), and claiming or releasing it moves {@code field} of the
 * counting entity's row.
 *
 * @param type the entity holding the count (the author)
 * @param entity its model, read on first use
 * @param field the {@code @Count} field (countOfBooks)
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

  /** The HBase qualifier of a count: {@code #} marks a cell holding an {@code Increment}'s raw 8-byte long. */
  public static String hbaseQualifier(ColumnModel count) {
    return "#" + count.columnName();
  }
}
