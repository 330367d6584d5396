package io.denorm.processor.model;

import io.denorm.annotations.Order;

/**
 * A column of a table's primary key as queries see it. For an inverted index the column holds one
 * element of a collection field ({@code element}), and its type is the element's type.
 */
public record KeyColumn(ColumnModel source, boolean element, Order order, String path, Derived derived) {

  /** A key column whose value Denorm computes from fields of the entity instead of storing one field. */
  public sealed interface Derived {
    /** The column the value is stored in. */
    String column();
  }

  /**
   * A column of a {@code @GeoIndex} table: the first {@code length} characters of the geohash of
   * the entity's position, in column {@code column}. {@code source} is then the latitude field.
   */
  public record GeoPrefix(GeoModel model, String column, int length) implements Derived {}

  /** The root's id of a {@code @MaterializedPath} {@code path} (its first segment), in column {@code column}. */
  public record PathRoot(ColumnModel path, String column) implements Derived {}

  public KeyColumn(ColumnModel source, boolean element, Order order) {
    this(source, element, order, null, null);
  }

  public KeyColumn(ColumnModel source, boolean element, Order order, String path) {
    this(source, element, order, path, null);
  }

  /** {@code skills_name} for the field {@code name} of the elements of {@code skills}. */
  public String columnName() {
    if (derived != null) {
      return derived.column();
    }
    return path == null ? source.columnName() : source.columnName() + "_" + Names.snakeCase(path);
  }

  /** {@code skills.name} for a field of the elements. */
  public String fieldName() {
    if (derived != null) {
      return derived.column();
    }
    return path == null ? source.fieldName() : source.fieldName() + "." + path;
  }

  public ColumnType type() {
    if (derived != null) {
      return new ColumnType.Scalar(ScalarKind.STRING, false);
    }
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
