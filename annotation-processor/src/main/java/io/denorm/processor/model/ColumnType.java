package io.denorm.processor.model;

import java.util.List;

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

  /**
   * A plain class or record stored inside the row as a frozen user-defined type, one field per
   * component (element of a List or Set field).
   */
  record Embedded(String qualifiedName, String udtName, boolean isRecord, List<EmbeddedField> fields) implements ColumnType {
    @Override
    public String cql() {
      return "frozen<" + udtName + ">";
    }

    public java.util.Optional<EmbeddedField> field(String name) {
      return fields.stream().filter(f -> f.name().equals(name)).findFirst();
    }
  }

  /**
   * One field of an embedded type: its stored type (single values only) and how generated code in
   * the entity's package reads and writes it.
   */
  record EmbeddedField(String name, ColumnType type, javax.lang.model.type.TypeMirror javaType, PropertyAccess access) {}

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
