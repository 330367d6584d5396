package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.ScalarKind;

/**
 * The driver calls that read and write one column of each {@link ColumnType}. Values the driver has
 * no codec for (byte[], enums) go through {@code CassandraValues}.
 */
final class ColumnCodecs {

  static final ClassName VALUES = ClassName.get("io.denorm.cassandra", "CassandraValues");

  private ColumnCodecs() {}

  static final ClassName UDT_VALUE = ClassName.get("com.datastax.oss.driver.api.core.data", "UdtValue");

  /**
   * {@code <builder> = <builder>.setX(index, value)}: binds {@code value} at {@code index}. Embedded
   * elements are converted by the {@code xToUdt} methods of {@code mapper}.
   */
  static CodeBlock set(ColumnType type, String builder, CodeBlock index, CodeBlock value, ClassName mapper) {
    ColumnType embedded = embeddedElement(type);
    if (embedded != null) {
      // The UDT comes from the statement's own column type, so the keyspace's definition is used.
      String udt = ((ColumnType.Embedded) embedded).udtName();
      boolean list = type instanceof ColumnType.ListOf;
      return CodeBlock.of("$N = $N.$L($L, $T.$L($N.getType($L), $L, $T::$L), $T.class)", builder, builder, list ? "setList" : "setSet",
          index, VALUES, list ? "toUdtList" : "toUdtSet", builder, index, value, mapper, toUdt(udt), UDT_VALUE);
    }
    return CodeBlock.of("$N = $N.$L", builder, builder, setCall(type, index, value));
  }

  static ColumnType embeddedElement(ColumnType type) {
    ColumnType element = type instanceof ColumnType.ListOf l ? l.element() : type instanceof ColumnType.SetOf s ? s.element() : null;
    return element instanceof ColumnType.Embedded ? element : null;
  }

  static String toUdt(String udtName) {
    return io.denorm.processor.model.Names.decapitalize(camel(udtName)) + "ToUdt";
  }

  static String fromUdt(String udtName) {
    return io.denorm.processor.model.Names.decapitalize(camel(udtName)) + "FromUdt";
  }

  private static String camel(String snake) {
    StringBuilder out = new StringBuilder();
    for (String part : snake.split("_")) {
      out.append(io.denorm.processor.model.Names.capitalize(part));
    }
    return out.toString();
  }

  static CodeBlock setCall(ColumnType type, CodeBlock index, CodeBlock value) {
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
      return CodeBlock.of("setList($L, $L, $T.class)", index, storedCollection(l.element(), value), storedClass(l.element()));
    }
    if (type instanceof ColumnType.SetOf s) {
      return CodeBlock.of("setSet($L, $L, $T.class)", index, storedCollection(s.element(), value), storedClass(s.element()));
    }
    ColumnType.MapOf m = (ColumnType.MapOf) type;
    CodeBlock stored = m.key() instanceof ColumnType.EnumType ? CodeBlock.of("$T.namedKeys($L)", VALUES, value) : value;
    return CodeBlock.of("setMap($L, $L, $T.class, $T.class)", index, stored, storedClass(m.key()), storedClass(m.value()));
  }

  /** An expression reading column {@code index} of {@code row} as the field's Java type. */
  static CodeBlock get(ColumnType type, String row, int index, ClassName mapper) {
    ColumnType embedded = embeddedElement(type);
    if (embedded != null) {
      String udt = ((ColumnType.Embedded) embedded).udtName();
      boolean list = type instanceof ColumnType.ListOf;
      return CodeBlock.of("$T.$L($N.$L($L, $T.class), $T::$L)", VALUES, list ? "fromUdtList" : "fromUdtSet", row,
          list ? "getList" : "getSet", index, UDT_VALUE, mapper, fromUdt(udt));
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
  static CodeBlock stored(ColumnType type, CodeBlock value) {
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
      return storedCollection(l.element(), value);
    }
    if (type instanceof ColumnType.SetOf st) {
      return storedCollection(st.element(), value);
    }
    if (type instanceof ColumnType.MapOf m && m.key() instanceof ColumnType.EnumType) {
      return CodeBlock.of("$T.namedKeys($L)", VALUES, value);
    }
    return value;
  }

  private static CodeBlock storedCollection(ColumnType element, CodeBlock value) {
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
