package io.denorm.processor.generation.hbase;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.denorm.annotations.Order;
import io.denorm.processor.generation.JsonCode;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.ScalarKind;
import io.denorm.processor.model.TableView;
import java.util.List;

/**
 * Code that converts between an entity's Java values and their stored form on HBase (the form
 * {@code HBaseValues} encodes into cells and index entries compare in): enums as names, byte arrays
 * as ByteBuffer, embedded elements as lists of their field values.
 */
final class HBaseCodecs {

  static final ClassName VALUES = ClassName.get("io.denorm.hbase", "HBaseValues");
  static final ClassName ROW_KEY_CODEC = ClassName.get("io.denorm.key", "RowKeyCodec");
  static final ClassName COMPONENT = ClassName.get("io.denorm.key", "RowKeyCodec", "Component");
  static final ClassName KIND = ClassName.get("io.denorm.key", "RowKeyCodec", "Kind");

  private HBaseCodecs() {}

  static final ClassName JSON = ClassName.get("io.denorm.json", "JsonValues");
  static final ClassName CONVERSIONS = ClassName.get("io.denorm", "Conversions");

  /** {@code value} (of {@code type}) in stored form. */
  static CodeBlock stored(ColumnType type, CodeBlock value) {
    return stored(type, value, 1);
  }

  private static CodeBlock stored(ColumnType type, CodeBlock value, int depth) {
    if (type instanceof ColumnType.JsonColumn j) {
      return JsonCode.toText(j, value, null);
    }
    CodeBlock simple = MethodCode.simpleStored(type, value, depth, VALUES);
    if (simple != null) {
      return simple;
    }
    if (type instanceof ColumnType.Embedded e) {
      return CodeBlock.of("$L($L)", toStored(e), value);
    }
    if (type.storedAsIs() && !MethodCode.holdsInstant(type)) {
      return value;
    }
    String v = "e" + depth;
    if (type instanceof ColumnType.MapOf m) {
      if (m.value().storedAsIs() && m.key() instanceof ColumnType.EnumType) {
        return CodeBlock.of("$T.namedKeys($L)", VALUES, value);
      }
      return CodeBlock.of("$T.map($L, k$L -> $L, $N -> $L)", CONVERSIONS, value, depth, stored(m.key(), CodeBlock.of("k$L", depth), depth + 1),
          v, stored(m.value(), CodeBlock.of("$N", v), depth + 1));
    }
    ColumnType element = type instanceof ColumnType.ListOf l ? l.element() : ((ColumnType.SetOf) type).element();
    if (element instanceof ColumnType.EnumType) {
      return CodeBlock.of("$T.names($L)", VALUES, value);
    }
    return CodeBlock.of("$T.$L($L, $N -> $L)", CONVERSIONS, type instanceof ColumnType.ListOf ? "list" : "set", value, v,
        stored(element, CodeBlock.of("$N", v), depth + 1));
  }

  /** The Java value of {@code type} from its stored form {@code stored} (an Object expression). */
  static CodeBlock fromStored(ColumnType type, CodeBlock stored) {
    return fromStored(type, stored, 0);
  }

  private static CodeBlock fromStored(ColumnType type, CodeBlock stored, int depth) {
    if (type instanceof ColumnType.Converted c) {
      return MethodCode.fromColumn(c, fromStored(c.stored(), stored, depth));
    }
    if (type instanceof ColumnType.JsonColumn j) {
      return JsonCode.fromText(j, stored, null);
    }
    if (type instanceof ColumnType.Scalar s) {
      if (s.primitive()) {
        return CodeBlock.of("$T.orDefault($L, $L)", VALUES, stored, primitiveDefault(s.kind()));
      }
      if (s.kind() == ScalarKind.BLOB) {
        return CodeBlock.of("$T.bytes($L)", VALUES, stored);
      }
      return CodeBlock.of("($T) $L", ClassName.bestGuess(s.kind().javaName()), stored);
    }
    if (type instanceof ColumnType.EnumType e) {
      return CodeBlock.of("$T.enumValue($T.class, $L)", VALUES, ClassName.bestGuess(e.qualifiedName()), stored);
    }
    if (type instanceof ColumnType.JsonValue) {
      return CodeBlock.of("$T.read((String) $L)", JSON, stored);
    }
    if (type instanceof ColumnType.Embedded e) {
      return CodeBlock.of("$L($L)", fromStoredName(e), stored);
    }
    // The outermost level keeps the names generated code has always used: element, k, v.
    String element = depth == 0 ? "element" : "element" + depth;
    String k = depth == 0 ? "k" : "k" + depth;
    String v = depth == 0 ? "v" : "v" + depth;
    if (type instanceof ColumnType.ListOf l) {
      return CodeBlock.of("$T.list($L, $N -> $L)", VALUES, stored, element, fromStored(l.element(), CodeBlock.of("$N", element), depth + 1));
    }
    if (type instanceof ColumnType.SetOf s) {
      return CodeBlock.of("$T.set($L, $N -> $L)", VALUES, stored, element, fromStored(s.element(), CodeBlock.of("$N", element), depth + 1));
    }
    if (type instanceof ColumnType.MapOf m) {
      return CodeBlock.of("$T.map($L, $N -> $L, $N -> $L)", VALUES, stored, k, fromStored(m.key(), CodeBlock.of("$N", k), depth + 1),
          v, fromStored(m.value(), CodeBlock.of("$N", v), depth + 1));
    }
    throw new IllegalArgumentException("no stored form for " + type);
  }

  static String toStored(ColumnType.Embedded e) {
    return Names.decapitalize(simple(e)) + "ToStored";
  }

  static String fromStoredName(ColumnType.Embedded e) {
    return Names.decapitalize(simple(e)) + "FromStored";
  }

  private static String simple(ColumnType.Embedded e) {
    return e.qualifiedName().substring(e.qualifiedName().lastIndexOf('.') + 1);
  }

  private static String primitiveDefault(ScalarKind kind) {
    return switch (kind) {
      case INT -> "0";
      case LONG -> "0L";
      case SHORT -> "(short) 0";
      case BYTE -> "(byte) 0";
      case FLOAT -> "0f";
      case DOUBLE -> "0d";
      case BOOLEAN -> "false";
      default -> throw new IllegalArgumentException("not a primitive: " + kind);
    };
  }

  /** The row-key kind of a key column's stored form, or null when no order-preserving encoding exists. */
  static String kind(ColumnType type) {
    if (type instanceof ColumnType.Converted c) {
      return kind(c.stored());
    }
    if (type instanceof ColumnType.EnumType) {
      return "STRING";
    }
    if (!(type instanceof ColumnType.Scalar s)) {
      return null;
    }
    return switch (s.kind()) {
      case STRING -> "STRING";
      case INT -> "INT";
      case LONG -> "LONG";
      case SHORT -> "SHORT";
      case BYTE -> "BYTE";
      case FLOAT -> "FLOAT";
      case DOUBLE -> "DOUBLE";
      case BOOLEAN -> "BOOLEAN";
      case VARINT -> "BIG_INTEGER";
      case UUID -> "UUID";
      case INSTANT -> "INSTANT";
      case LOCAL_DATE -> "LOCAL_DATE";
      case LOCAL_TIME -> "LOCAL_TIME";
      case BLOB -> "BYTES";
      case DECIMAL -> null;
    };
  }

  /** {@code new RowKeyCodec("User", List.of(new Component(...), ...))} for the key columns of {@code table}. */
  static CodeBlock codec(String entity, TableView table) {
    List<KeyColumn> key = table.primaryKey();
    CodeBlock components = key.stream()
        .map(k -> CodeBlock.of("new $T($S, $T.$L, $L, false, null)", COMPONENT, k.fieldName(), KIND, kind(k.type()), k.order() == Order.DESC))
        .collect(CodeBlock.joining(",\n"));
    return CodeBlock.of("new $T($S, $T.of($>$>\n$L$<$<))", ROW_KEY_CODEC, entity, List.class, components);
  }
}
