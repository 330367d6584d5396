package io.denorm.processor.model;

import io.denorm.annotations.Order;

/**
 * A column of a table's primary key as queries see it. For an inverted index the column holds one
 * element of a collection field ({@code element}), and its type is the element's type.
 */
public record KeyColumn(ColumnModel source, boolean element, Order order, String path) {

  public KeyColumn(ColumnModel source, boolean element, Order order) {
    this(source, element, order, null);
  }

  /** {@code skills_name} for the field {@code name} of the elements of {@code skills}. */
  public String columnName() {
    return path == null ? source.columnName() : source.columnName() + "_" + Names.snakeCase(path);
  }

  /** {@code skills.name} for a field of the elements. */
  public String fieldName() {
    return path == null ? source.fieldName() : source.fieldName() + "." + path;
  }

  public ColumnType type() {
    if (!element) {
      return source.type();
    }
    ColumnType elementType = elementType(source.type());
    if (path != null) {
      return ((ColumnType.Embedded) elementType).field(path).orElseThrow().type();
    }
    return elementType;
  }

  /** The element field this column holds, when it holds one. */
  public ColumnType.EmbeddedField embeddedField() {
    return path == null ? null : ((ColumnType.Embedded) elementType(source.type())).field(path).orElseThrow();
  }

  public static ColumnType elementType(ColumnType t) {
    if (t instanceof ColumnType.ListOf l) {
      return l.element();
    }
    return ((ColumnType.SetOf) t).element();
  }
}
