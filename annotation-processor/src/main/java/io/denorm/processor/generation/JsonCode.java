package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.ScalarKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Code for JSON columns ({@code @Column(json = true)}), the same on both stores: a value becomes a
 * JSON tree ({@code io.denorm.json.JsonTrees}), embedded objects field by field through {@code
 * xToTree}/{@code xFromTree} methods of the mapper, and the tree one JSON text. {@code mapper}
 * qualifies the calls of those methods; null calls them unqualified, from inside the mapper.
 */
public final class JsonCode {

  public static final ClassName TREES = ClassName.get("io.denorm.json", "JsonTrees");
  public static final ClassName JSON_VALUES = ClassName.get("io.denorm.json", "JsonValues");
  private static final ClassName CONVERSIONS = ClassName.get("io.denorm", "Conversions");

  private JsonCode() {}

  /** The JSON text (a String expression) of {@code value}, a value of the column's type. */
  public static CodeBlock toText(ColumnType.JsonColumn column, CodeBlock value, ClassName mapper) {
    return CodeBlock.of("$T.text($L)", TREES, toTree(column.inner(), value, mapper, 1));
  }

  /** The column's value from {@code text}, an expression holding its JSON text (or null). */
  public static CodeBlock fromText(ColumnType.JsonColumn column, CodeBlock text, ClassName mapper) {
    return fromTree(column.inner(), CodeBlock.of("$T.parse($L)", TREES, text), mapper, 1);
  }

  private static CodeBlock toTree(ColumnType type, CodeBlock value, ClassName mapper, int depth) {
    if (type instanceof ColumnType.JsonValue) {
      return value;
    }
    if (type instanceof ColumnType.Embedded e) {
      return call(mapper, toTreeName(e), value);
    }
    if (type instanceof ColumnType.Recursive r) {
      return call(mapper, Names.decapitalize(simple(r.qualifiedName())) + "ToTree", value);
    }
    String v = "e" + depth;
    if (type instanceof ColumnType.ListOf || type instanceof ColumnType.SetOf) {
      ColumnType element = type instanceof ColumnType.ListOf l ? l.element() : ((ColumnType.SetOf) type).element();
      return CodeBlock.of("$T.list($L, $N -> $L)", CONVERSIONS, value, v, toTree(element, CodeBlock.of("$N", v), mapper, depth + 1));
    }
    if (type instanceof ColumnType.MapOf m) {
      return CodeBlock.of("$T.object($L, $N -> $L)", TREES, value, v, toTree(m.value(), CodeBlock.of("$N", v), mapper, depth + 1));
    }
    return CodeBlock.of("$T.tree($L)", TREES, value);
  }

  private static CodeBlock fromTree(ColumnType type, CodeBlock tree, ClassName mapper, int depth) {
    if (type instanceof ColumnType.JsonValue) {
      return tree;
    }
    if (type instanceof ColumnType.Embedded e) {
      return call(mapper, fromTreeName(e), tree);
    }
    if (type instanceof ColumnType.Recursive r) {
      return call(mapper, Names.decapitalize(simple(r.qualifiedName())) + "FromTree", tree);
    }
    if (type instanceof ColumnType.EnumType e) {
      return CodeBlock.of("$T.value($L, $T.class)", TREES, tree, ClassName.bestGuess(e.qualifiedName()));
    }
    if (type instanceof ColumnType.Scalar s) {
      return CodeBlock.of("$T.value($L, $T.class)", TREES, tree, scalarClass(s));
    }
    String v = "e" + depth;
    if (type instanceof ColumnType.ListOf l) {
      return CodeBlock.of("$T.toList($L, $N -> $L)", TREES, tree, v, fromTree(l.element(), CodeBlock.of("$N", v), mapper, depth + 1));
    }
    if (type instanceof ColumnType.SetOf s) {
      return CodeBlock.of("$T.toSet($L, $N -> $L)", TREES, tree, v, fromTree(s.element(), CodeBlock.of("$N", v), mapper, depth + 1));
    }
    ColumnType.MapOf m = (ColumnType.MapOf) type;
    String k = "k" + depth;
    CodeBlock key = m.key() instanceof ColumnType.EnumType e
        ? CodeBlock.of("$T.value($N, $T.class)", TREES, k, ClassName.bestGuess(e.qualifiedName())) : CodeBlock.of("$N", k);
    return CodeBlock.of("$T.toMap($L, $N -> $L, $N -> $L)", TREES, tree, k, key, v, fromTree(m.value(), CodeBlock.of("$N", v), mapper, depth + 1));
  }

  private static CodeBlock call(ClassName mapper, String method, CodeBlock argument) {
    return mapper == null ? CodeBlock.of("$L($L)", method, argument) : CodeBlock.of("$T.$L($L)", mapper, method, argument);
  }

  private static TypeName scalarClass(ColumnType.Scalar s) {
    if (s.kind() == ScalarKind.BLOB) {
      return TypeName.get(byte[].class);
    }
    TypeName boxed = ClassName.bestGuess(s.kind().javaName());
    return s.primitive() ? boxed.unbox() : boxed;
  }

  /** The {@code xToTree} and {@code xFromTree} methods of every embedded type inside a JSON column of {@code entity}. */
  public static List<MethodSpec> methods(EntityModel entity, ClassName mapper) {
    Map<String, ColumnType.Embedded> types = new LinkedHashMap<>();
    for (ColumnModel c : entity.columns()) {
      if (c.type() instanceof ColumnType.JsonColumn j) {
        j.inner().embeddedTypes().forEach(e -> types.putIfAbsent(e.qualifiedName(), e));
      }
    }
    List<MethodSpec> methods = new ArrayList<>();
    for (ColumnType.Embedded e : types.values()) {
      methods.add(toTreeMethod(e, mapper));
      methods.add(fromTreeMethod(e, mapper));
    }
    return methods;
  }

  private static MethodSpec toTreeMethod(ColumnType.Embedded e, ClassName mapper) {
    ClassName element = ClassName.bestGuess(e.qualifiedName());
    MethodSpec.Builder m = MethodSpec.methodBuilder(toTreeName(e))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(Map.class, String.class, Object.class))
        .addParameter(element, "element")
        .beginControlFlow("if (element == null)")
        .addStatement("return null")
        .endControlFlow()
        .addStatement("$T<String, Object> tree = new $T<>()", Map.class, LinkedHashMap.class);
    for (ColumnType.EmbeddedField f : e.fields()) {
      m.addStatement("tree.put($S, $L)", f.name(), toTree(f.type(), CodeBlock.of("element.$L", f.access().read()), mapper, 1));
    }
    return m.addStatement("return tree").build();
  }

  private static MethodSpec fromTreeMethod(ColumnType.Embedded e, ClassName mapper) {
    return MethodCode.embeddedReader(e, fromTreeName(e), TypeName.get(Object.class), "tree",
        i -> fromTree(e.fields().get(i).type(), CodeBlock.of("$T.field(tree, $S)", TREES, e.fields().get(i).name()), mapper, 1), ",\n");
  }

  private static String toTreeName(ColumnType.Embedded e) {
    return Names.decapitalize(simple(e)) + "ToTree";
  }

  private static String fromTreeName(ColumnType.Embedded e) {
    return Names.decapitalize(simple(e)) + "FromTree";
  }

  private static String simple(ColumnType.Embedded e) {
    return simple(e.qualifiedName());
  }

  private static String simple(String qualifiedName) {
    return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
  }
}
