package io.denorm.processor.model;

import io.denorm.annotations.Order;

/**
 * A column of a table's primary key as queries see it. For an inverted index the column holds one
 * element of a collection field ({@code element}), and its type is the element's type.
 */
public record KeyColumn(ColumnModel source, boolean element, Order order) {

  public String columnName() {
    return source.columnName();
  }

  public String fieldName() {
    return source.fieldName();
  }

  public ColumnType type() {
    if (!element) {
      return source.type();
    }
    ColumnType t = source.type();
    if (t instanceof ColumnType.ListOf l) {
      return l.element();
    }
    return ((ColumnType.SetOf) t).element();
  }
}
