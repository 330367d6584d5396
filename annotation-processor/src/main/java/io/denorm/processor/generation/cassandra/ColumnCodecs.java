package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.generation.JsonCode;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.ScalarKind;

/**
 * The driver calls that read and write one column of each {@link ColumnType}. Values the driver has
 * no codec for (byte[], enums) go through {@code CassandraValues}.
 */
final class ColumnCodecs {

  static final ClassName VALUES = ClassName.get("io.denorm.cassandra", "CassandraValues");

  private ColumnCodecs() {}

  static final ClassName UDT_VALUE = ClassName.get("com.datastax.oss.driver.api.core.data", "UdtValue");

  static final ClassName JSON = ClassName.get("io.denorm.json", "JsonValues");
  static final ClassName CONVERSIONS = ClassName.get("io.denorm", "Conversions");
  static final ClassName GENERIC_TYPE = ClassName.get("com.datastax.oss.driver.api.core.type.reflect", "GenericType");
  static final ClassName UDT = ClassName.get("com.datastax.oss.driver.api.core.type", "UserDefinedType");

  /**
   * {@code <builder> = <builder>.setX(index, value)}: binds {@code value} at {@code index}. Nested
   * values (embedded objects, collections of them or of collections, attribute values) are converted
   * level by level with the CQL type the statement declares at {@code index}.
   */
  static CodeBlock set(ColumnType type, String builder, CodeBlock index, CodeBlock value, ClassName mapper) {
    if (type instanceof ColumnType.JsonColumn j) {
      return CodeBlock.of("$N = $N.setString($L, $L)", builder, builder, index, JsonCode.toText(j, value, mapper));
    }
    if (type.isNested()) {
      return CodeBlock.of("$N = $N.set($L, $L, $L)", builder, builder, index,
          toDriver(type, CodeBlock.of("$N.getType($L)", builder, index), value, mapper, 1), genericType(type));
    }
    return CodeBlock.of("$N = $N.$L", builder, builder, setCall(type, index, value));
  }

  /** {@code value} (of {@code type}) in the form {@link #genericType} names; {@code cqlType} is its CQL type. */
  private static CodeBlock toDriver(ColumnType type, CodeBlock cqlType, CodeBlock value, ClassName mapper, int depth) {
    CodeBlock simple = MethodCode.simpleStored(type, value, depth, VALUES);
    if (simple != null) {
      return simple;
    }
    if (type instanceof ColumnType.Embedded e) {
      return CodeBlock.of("$T.$L(($T) $L, $L)", mapper, toUdt(e.udtName()), UDT, cqlType, value);
    }
    if (type.storedAsIs()) {
      return value;
    }
    String t = "t" + depth;
    String v = "e" + depth;
    if (type instanceof ColumnType.MapOf m) {
      return CodeBlock.of("$T.toMap($L, $L, ($N, k$L) -> $L, ($N, $N) -> $L)", VALUES, value, cqlType,
          t, depth, toDriver(m.key(), CodeBlock.of("$N", t), CodeBlock.of("k$L", depth), mapper, depth + 1),
          t, v, toDriver(m.value(), CodeBlock.of("$N", t), CodeBlock.of("$N", v), mapper, depth + 1));
    }
    ColumnType element = KeyColumn.elementType(type);
    return CodeBlock.of("$T.$L($L, $T.elementType($L), ($N, $N) -> $L)", VALUES, type instanceof ColumnType.ListOf ? "toList" : "toSet",
        value, VALUES, cqlType, t, v, toDriver(element, CodeBlock.of("$N", t), CodeBlock.of("$N", v), mapper, depth + 1));
  }

  /** The entity's value of {@code type} from {@code stored}, read with {@link #genericType}. */
  private static CodeBlock fromDriver(ColumnType type, CodeBlock stored, ClassName mapper, int depth) {
    if (type instanceof ColumnType.Scalar s) {
      return s.kind() == ScalarKind.BLOB ? CodeBlock.of("$T.bytes($L)", VALUES, stored) : stored;
    }
    if (type instanceof ColumnType.EnumType e) {
      return CodeBlock.of("$T.enumValue($T.class, $L)", VALUES, ClassName.bestGuess(e.qualifiedName()), stored);
    }
    if (type instanceof ColumnType.JsonValue) {
      return CodeBlock.of("$T.read($L)", JSON, stored);
    }
    if (type instanceof ColumnType.Embedded e) {
      return CodeBlock.of("$T.$L($L)", mapper, fromUdt(e.udtName()), stored);
    }
    if (type.storedAsIs()) {
      return stored;
    }
    String v = "e" + depth;
    if (type instanceof ColumnType.MapOf m) {
      return CodeBlock.of("$T.map($L, k$L -> $L, $N -> $L)", CONVERSIONS, stored, depth,
          fromDriver(m.key(), CodeBlock.of("k$L", depth), mapper, depth + 1), v, fromDriver(m.value(), CodeBlock.of("$N", v), mapper, depth + 1));
    }
    ColumnType element = KeyColumn.elementType(type);
    return CodeBlock.of("$T.$L($L, $N -> $L)", CONVERSIONS, type instanceof ColumnType.ListOf ? "list" : "set", stored, v,
        fromDriver(element, CodeBlock.of("$N", v), mapper, depth + 1));
  }

  /** The driver's {@code GenericType} of the stored form of {@code type}. */
  static CodeBlock genericType(ColumnType type) {
    if (type instanceof ColumnType.Scalar s) {
      return CodeBlock.of("$T.of($T.class)", GENERIC_TYPE, s.kind() == ScalarKind.BLOB ? ClassName.get(java.nio.ByteBuffer.class) : javaClass(s.kind()));
    }
    if (type instanceof ColumnType.EnumType || type instanceof ColumnType.JsonValue) {
      return CodeBlock.of("$T.of($T.class)", GENERIC_TYPE, String.class);
    }
    if (type instanceof ColumnType.Embedded) {
      return CodeBlock.of("$T.of($T.class)", GENERIC_TYPE, UDT_VALUE);
    }
    if (type instanceof ColumnType.ListOf l) {
      return CodeBlock.of("$T.listOf($L)", GENERIC_TYPE, genericType(l.element()));
    }
    if (type instanceof ColumnType.SetOf s) {
      return CodeBlock.of("$T.setOf($L)", GENERIC_TYPE, genericType(s.element()));
    }
    ColumnType.MapOf m = (ColumnType.MapOf) type;
    return CodeBlock.of("$T.mapOf($L, $L)", GENERIC_TYPE, genericType(m.key()), genericType(m.value()));
  }

  static String toUdt(String udtName) {
    return Names.decapitalize(camel(udtName)) + "ToUdt";
  }

  static String fromUdt(String udtName) {
    return Names.decapitalize(camel(udtName)) + "FromUdt";
  }

  private static String camel(String snake) {
    StringBuilder out = new StringBuilder();
    for (String part : snake.split("_")) {
      out.append(Names.capitalize(part));
    }
    return out.toString();
  }

  static CodeBlock setCall(ColumnType type, CodeBlock index, CodeBlock value) {
    if (type instanceof ColumnType.Converted c) {
      return setCall(c.stored(), index, MethodCode.toColumn(c, value));
    }
    if (type instanceof ColumnType.Scalar s) {
      ScalarKind k = s.kind();
      if (s.primitive()) {
        return CodeBlock.of("set$L($L, $L)", primitiveSuffix(k), index, value);
      }
      return switch (k) {
        case STRING -> CodeBlock.of("setString($L, $L)", index, value);
        case DECIMAL -> CodeBlock.of("setBigDecimal($L, $L)", index, value);
        case VARINT -> CodeBlock.of("setBigInteger($L, $L)", index, value);
        case UUID -> CodeBlock.of("setUuid($L, $L)", index, value);
        case INSTANT -> CodeBlock.of("setInstant($L, $L)", index, value);
        case LOCAL_DATE -> CodeBlock.of("setLocalDate($L, $L)", index, value);
        case LOCAL_TIME -> CodeBlock.of("setLocalTime($L, $L)", index, value);
        case BLOB -> CodeBlock.of("setByteBuffer($L, $T.buffer($L))", index, VALUES, value);
        default -> CodeBlock.of("set($L, $L, $T.class)", index, value, javaClass(k));
      };
    }
    if (type instanceof ColumnType.EnumType) {
      return CodeBlock.of("setString($L, $T.name($L))", index, VALUES, value);
    }
    if (type instanceof ColumnType.ListOf l) {
      return CodeBlock.of("setList($L, $L, $T.class)", index, storedCollection(l.element(), value, false), storedClass(l.element()));
    }
    if (type instanceof ColumnType.SetOf s) {
      return CodeBlock.of("setSet($L, $L, $T.class)", index, storedCollection(s.element(), value, true), storedClass(s.element()));
    }
    ColumnType.MapOf m = (ColumnType.MapOf) type;
    CodeBlock stored = m.key() instanceof ColumnType.EnumType ? CodeBlock.of("$T.namedKeys($L)", VALUES, value) : value;
    return CodeBlock.of("setMap($L, $L, $T.class, $T.class)", index, stored, storedClass(m.key()), storedClass(m.value()));
  }

  /** An expression reading column {@code index} of {@code row} as the field's Java type. */
  static CodeBlock get(ColumnType type, String row, int index, ClassName mapper) {
    if (type instanceof ColumnType.Converted c) {
      return MethodCode.fromColumn(c, get(c.stored(), row, index, mapper));
    }
    if (type instanceof ColumnType.JsonColumn j) {
      return JsonCode.fromText(j, CodeBlock.of("$N.getString($L)", row, index), mapper);
    }
    if (type.isNested()) {
      return fromDriver(type, CodeBlock.of("$N.get($L, $L)", row, index, genericType(type)), mapper, 1);
    }
    if (type instanceof ColumnType.Scalar s) {
      ScalarKind k = s.kind();
      if (s.primitive()) {
        return CodeBlock.of("$N.get$L($L)", row, primitiveSuffix(k), index);
      }
      return switch (k) {
        case STRING -> CodeBlock.of("$N.getString($L)", row, index);
        case DECIMAL -> CodeBlock.of("$N.getBigDecimal($L)", row, index);
        case VARINT -> CodeBlock.of("$N.getBigInteger($L)", row, index);
        case UUID -> CodeBlock.of("$N.getUuid($L)", row, index);
        case INSTANT -> CodeBlock.of("$N.getInstant($L)", row, index);
        case LOCAL_DATE -> CodeBlock.of("$N.getLocalDate($L)", row, index);
        case LOCAL_TIME -> CodeBlock.of("$N.getLocalTime($L)", row, index);
        case BLOB -> CodeBlock.of("$T.bytes($N.getByteBuffer($L))", VALUES, row, index);
        default -> CodeBlock.of("$N.get($L, $T.class)", row, index, javaClass(k));
      };
    }
    if (type instanceof ColumnType.EnumType e) {
      return CodeBlock.of("$T.enumValue($T.class, $N.getString($L))", VALUES, ClassName.bestGuess(e.qualifiedName()), row, index);
    }
    if (type instanceof ColumnType.ListOf l) {
      CodeBlock raw = CodeBlock.of("$N.getList($L, $T.class)", row, index, storedClass(l.element()));
      return l.element() instanceof ColumnType.EnumType e
          ? CodeBlock.of("$T.enumList($T.class, $L)", VALUES, ClassName.bestGuess(e.qualifiedName()), raw) : raw;
    }
    if (type instanceof ColumnType.SetOf s) {
      CodeBlock raw = CodeBlock.of("$N.getSet($L, $T.class)", row, index, storedClass(s.element()));
      return s.element() instanceof ColumnType.EnumType e
          ? CodeBlock.of("$T.enumSet($T.class, $L)", VALUES, ClassName.bestGuess(e.qualifiedName()), raw) : raw;
    }
    ColumnType.MapOf m = (ColumnType.MapOf) type;
    CodeBlock raw = CodeBlock.of("$N.getMap($L, $T.class, $T.class)", row, index, storedClass(m.key()), storedClass(m.value()));
    return m.key() instanceof ColumnType.EnumType e
        ? CodeBlock.of("$T.enumKeys($T.class, $L)", VALUES, ClassName.bestGuess(e.qualifiedName()), raw) : raw;
  }

  /**
   * {@code value} in the form the driver reads it back as ({@code getObject}): enums as names, byte
   * arrays as buffers, instants at millisecond precision. Index entries are compared in this form.
   */
  /** A value as a {@code @CountDistinct} count binds it: an enum by name, anything else as it is (bound by the column's type). */
  static CodeBlock distinctValue(ColumnModel column, CodeBlock value) {
    if (column.type() instanceof ColumnType.Converted c) {
      return MethodCode.toColumn(c, value);
    }
    return column.type() instanceof ColumnType.EnumType ? CodeBlock.of("$T.name($L)", VALUES, value) : value;
  }

  static CodeBlock stored(ColumnType type, CodeBlock value) {
    if (type instanceof ColumnType.Converted c) {
      return stored(c.stored(), MethodCode.toColumn(c, value));
    }
    if (type instanceof ColumnType.Scalar s) {
      return switch (s.kind()) {
        case BLOB -> CodeBlock.of("$T.buffer($L)", VALUES, value);
        case INSTANT -> CodeBlock.of("$T.millis($L)", VALUES, value);
        default -> value;
      };
    }
    if (type instanceof ColumnType.EnumType) {
      return CodeBlock.of("$T.name($L)", VALUES, value);
    }
    if (type instanceof ColumnType.ListOf l) {
      return storedCollection(l.element(), value, false);
    }
    if (type instanceof ColumnType.SetOf st) {
      return storedCollection(st.element(), value, true);
    }
    if (type instanceof ColumnType.MapOf m && (m.key() instanceof ColumnType.EnumType || MethodCode.holdsInstant(m))) {
      if (!MethodCode.holdsInstant(m)) {
        return CodeBlock.of("$T.namedKeys($L)", VALUES, value);
      }
      return CodeBlock.of("$T.map($L, k -> $L, v -> $L)", CONVERSIONS, value, stored(m.key(), CodeBlock.of("k")),
          stored(m.value(), CodeBlock.of("v")));
    }
    return value;
  }

  private static CodeBlock storedCollection(ColumnType element, CodeBlock value, boolean set) {
    if (element instanceof ColumnType.Scalar s && s.kind() == ScalarKind.INSTANT) {
      return CodeBlock.of("$T.$L($L, e -> $T.millis(e))", CONVERSIONS, set ? "set" : "list", value, VALUES);
    }
    return element instanceof ColumnType.EnumType ? CodeBlock.of("$T.names($L)", VALUES, value) : value;
  }

  /** The class the driver stores an element as: enums as String. */
  private static ClassName storedClass(ColumnType element) {
    if (element instanceof ColumnType.Scalar s) {
      return javaClass(s.kind());
    }
    return ClassName.get(String.class);
  }

  private static ClassName javaClass(ScalarKind kind) {
    return ClassName.bestGuess(kind.javaName());
  }

  private static String primitiveSuffix(ScalarKind kind) {
    return switch (kind) {
      case INT -> "Int";
      case LONG -> "Long";
      case SHORT -> "Short";
      case BYTE -> "Byte";
      case FLOAT -> "Float";
      case DOUBLE -> "Double";
      case BOOLEAN -> "Boolean";
      default -> throw new IllegalArgumentException("not a primitive: " + kind);
    };
  }
}
