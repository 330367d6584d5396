package io.denorm.processor.model;

/** What a column holds, as far as storing it is concerned. */
public sealed interface ColumnType {

  /** The CQL type this is stored as; meaningless for {@link Unmappable}. */
  String cql();

  /** A single value; {@code primitive} when the Java field is a primitive (never null). */
  record Scalar(ScalarKind kind, boolean primitive) implements ColumnType {
    @Override
    public String cql() {
      return kind.cqlType();
    }
  }

  /** An enum, stored by constant name as text. */
  record EnumType(String qualifiedName) implements ColumnType {
    @Override
    public String cql() {
      return "text";
    }
  }

  record ListOf(ColumnType element) implements ColumnType {
    @Override
    public String cql() {
      return "list<" + element.cql() + ">";
    }
  }

  record SetOf(ColumnType element) implements ColumnType {
    @Override
    public String cql() {
      return "set<" + element.cql() + ">";
    }
  }

  record MapOf(ColumnType key, ColumnType value) implements ColumnType {
    @Override
    public String cql() {
      return "map<" + key.cql() + ", " + value.cql() + ">";
    }
  }

  /** A Java type Denorm cannot store; {@code reason} says why and what would work. */
  record Unmappable(String javaType, String reason) implements ColumnType {
    @Override
    public String cql() {
      return "?";
    }
  }

  default boolean isCollection() {
    return this instanceof ListOf || this instanceof SetOf || this instanceof MapOf;
  }
}
