package io.denorm.processor.model;

import io.denorm.processor.diag.Message;
import io.denorm.processor.diag.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.type.TypeMirror;

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

  /**
   * A value of an application type stored through a converter ({@code @Convert}): the column holds
   * {@code stored}, the converter's stored type. Generated code converts on every write and read.
   *
   * @param converter the converter class's qualified name
   * @param javaType the field's type, as written in source
   * @param entity the entity's simple name and {@code field} the field's, for the errors a converter causes
   */
  record Converted(String converter, String javaType, Scalar stored, String entity, String field) implements ColumnType {
    @Override
    public String cql() {
      return stored.cql();
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
      return "list<" + element.nestedCql() + ">";
    }
  }

  record SetOf(ColumnType element) implements ColumnType {
    @Override
    public String cql() {
      return "set<" + element.nestedCql() + ">";
    }
  }

  record MapOf(ColumnType key, ColumnType value) implements ColumnType {
    @Override
    public String cql() {
      return "map<" + key.nestedCql() + ", " + value.nestedCql() + ">";
    }
  }

  /**
   * An attribute value of any JSON shape (a field, element or map value declared {@code Object}):
   * String, Boolean, Integer, Long, Double, BigDecimal, BigInteger, null, and Lists and
   * String-keyed Maps of those. Stored as its JSON text on both stores.
   */
  record JsonValue() implements ColumnType {
    @Override
    public String cql() {
      return "text";
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

    public Optional<EmbeddedField> field(String name) {
      return fields.stream().filter(f -> f.name().equals(name)).findFirst();
    }
  }

  /**
   * One field of an embedded type: its stored type (single values only) and how generated code in
   * the entity's package reads and writes it.
   */
  record EmbeddedField(String name, ColumnType type, TypeMirror javaType, PropertyAccess access) {}

  /**
   * A value of {@code inner} stored as one JSON text ({@code @Column(json = true)}). Opaque to the
   * store: its embedded types are not UDTs and nothing in it is a CQL collection.
   */
  record JsonColumn(ColumnType inner) implements ColumnType {
    @Override
    public String cql() {
      return "text";
    }
  }

  /**
   * An embedded type met again inside itself (a tree: a comment and its replies): a reference back
   * to the enclosing {@link Embedded} of that name. Only a JSON column can hold it.
   */
  record Recursive(String qualifiedName) implements ColumnType {
    @Override
    public String cql() {
      return "?";
    }
  }

  /** Whether a type refers back to an enclosing one somewhere inside (a tree). */
  default boolean isTree() {
    return parts().stream().anyMatch(t -> t instanceof Recursive);
  }

  /**
   * A Java type Denorm cannot store; {@code reason} says why and what would work, of the part of it
   * {@code within} names ("its elements cannot be stored: ", …; empty for the type itself).
   */
  record Unmappable(String javaType, String within, Problem reason) implements ColumnType {

    Unmappable(String javaType, Message reason, Object... args) {
      this(javaType, "", Problem.of(reason, args));
    }

    /** This cause, found in a part of {@code outer} that {@code part} names. */
    Unmappable inside(String outer, String part) {
      return new Unmappable(outer, part + within, reason);
    }

    @Override
    public String cql() {
      return "?";
    }
  }

  default boolean isCollection() {
    return this instanceof ListOf || this instanceof SetOf || this instanceof MapOf;
  }

  /** The CQL type inside a collection or a user-defined type: nested collections are frozen. */
  default String nestedCql() {
    return isCollection() ? "frozen<" + cql() + ">" : cql();
  }

  /** The type the store holds: a converted value's stored type, else this. */
  default ColumnType storedForm() {
    return this instanceof Converted c ? c.stored() : this;
  }

  /** A scalar or an enum: what a key column, an index key or a collection key may be. */
  default boolean isSingleValue() {
    return this instanceof Scalar || this instanceof EnumType || this instanceof Converted;
  }

  /**
   * A value stored as the entity holds it on either store: scalars other than byte[], and
   * collections of those (at any depth).
   */
  default boolean storedAsIs() {
    return parts().stream().allMatch(p -> p.isCollection() || p instanceof Scalar s && s.kind() != ScalarKind.BLOB);
  }

  /**
   * A value with structure inside it: embedded objects, attribute values or collections nested in
   * collections. Such values cannot key or be included in an index, and the Cassandra mapper
   * converts them level by level.
   */
  default boolean isNested() {
    return parts().stream().anyMatch(p -> p instanceof Embedded || p instanceof JsonValue || (p != this && p.isCollection()));
  }

  /** The types nested in this one, this one included, children before parents. */
  default List<ColumnType> parts() {
    List<ColumnType> out = new ArrayList<>();
    collectParts(this, out);
    return out;
  }

  /** The embedded types used anywhere inside this one, each before the types that hold it. */
  default List<Embedded> embeddedTypes() {
    Map<String, Embedded> byName = new LinkedHashMap<>();
    parts().stream().filter(t -> t instanceof Embedded).forEach(t -> byName.putIfAbsent(((Embedded) t).qualifiedName(), (Embedded) t));
    return List.copyOf(byName.values());
  }

  /** True when a JSON attribute value occurs anywhere inside this type. */
  default boolean holdsJson() {
    return parts().stream().anyMatch(t -> t instanceof JsonValue);
  }

  private static void collectParts(ColumnType type, List<ColumnType> out) {
    if (type instanceof ListOf l) {
      collectParts(l.element(), out);
    } else if (type instanceof SetOf s) {
      collectParts(s.element(), out);
    } else if (type instanceof MapOf m) {
      collectParts(m.key(), out);
      collectParts(m.value(), out);
    } else if (type instanceof Embedded e) {
      for (EmbeddedField f : e.fields()) {
        collectParts(f.type(), out);
      }
    }
    out.add(type);
  }
}
