package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.KeyColumn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;

/** The {@code indexEntries(E)} method of a generated mapper, the same for every backend but for the stored form of values. */
public final class IndexEntriesMethod {

  public static final ClassName INDEX_DEFINITION = ClassName.get("io.denorm.index", "IndexDefinition");
  public static final ClassName INDEX_ENTRY = ClassName.get("io.denorm.index", "IndexEntry");
  static final ClassName GEO_HASH = ClassName.get("io.denorm.geo", "GeoHash");

  private IndexEntriesMethod() {}

  /** The {@code USERS_BY_EMAIL} constant: the index's definition as the write protocol sees it. */
  public static FieldSpec definitionField(EntityModel entity, IndexModel index) {
    return FieldSpec.builder(INDEX_DEFINITION, GeneratedNames.indexConstant(entity, index), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("Index table {@code $L}: key ($L), then the master key$L.\n", index.name(),
                index.key().stream().map(k -> k.fieldName() + (k.element() ? " (each element)" : "")).collect(Collectors.joining(", ")),
                index.include().isEmpty() ? "" : ", including " + index.include().stream().map(ColumnModel::fieldName).collect(Collectors.joining(", ")))
            .initializer("new $T($S, $S, $L, $L, $L, $L)", INDEX_DEFINITION, entity.simpleName(), index.name(), index.key().size(),
                entity.primaryKey().size(), index.include().size(), index.unique())
            .build();
  }

  /**
   * {@code indexEntries(E)}: every index row the entity needs, in stored form. A null key value
   * means no row; a collection key field gives one row per non-null element.
   */
  public static MethodSpec build(EntityModel entity, BiFunction<ColumnType, CodeBlock, CodeBlock> stored) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("indexEntries")
        .addJavadoc("Every index row {@code entity} needs, values in stored form. A null key value means no row.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(ClassName.get(List.class), INDEX_ENTRY))
        .addParameter(entity.className(), "entity")
        .addStatement("$T<$T> entries = new $T<>()", List.class, INDEX_ENTRY, ArrayList.class);
    for (IndexModel index : entity.indexes()) {
      m.addCode("// $L\n", index.name());
      Set<String> nullChecks = new LinkedHashSet<>();
      for (KeyColumn k : index.key()) {
        if (k.derived() instanceof KeyColumn.PathRoot root) {
          nullChecks.add("entity." + root.path().access().read() + " != null");
        } else if (k.derived() != null) {
          for (ColumnModel c : List.of(index.geo().get().lat(), index.geo().get().lon())) {
            if (!c.javaType().getKind().isPrimitive()) {
              nullChecks.add("entity." + c.access().read() + " != null");
            }
          }
        } else if (!k.source().javaType().getKind().isPrimitive()) {
          nullChecks.add("entity." + k.source().access().read() + " != null");
        }
      }
      KeyColumn multi = index.key().stream().filter(KeyColumn::element).findFirst().orElse(null);
      CodeBlock.Builder values = CodeBlock.builder();
      boolean first = true;
      List<String> elementChecks = new ArrayList<>();
      for (KeyColumn k : index.key()) {
        CodeBlock raw;
        if (k.derived() instanceof KeyColumn.PathRoot root) {
          raw = CodeBlock.of("$T.root(entity.$L)", ClassName.get("io.denorm.tree", "MaterializedPaths"), root.path().access().read());
        } else if (k.derived() instanceof KeyColumn.GeoPrefix prefix) {
          raw = CodeBlock.of("$T.encode(entity.$L, entity.$L, $L)", GEO_HASH, index.geo().get().lat().access().read(), index.geo().get().lon().access().read(),
              prefix.length());
        } else if (k.path() != null) {
          raw = CodeBlock.of("element.$L", k.embeddedField().access().read());
          if (!k.embeddedField().javaType().getKind().isPrimitive()) {
            elementChecks.add("element." + k.embeddedField().access().read() + " != null");
          }
        } else if (k.element()) {
          raw = CodeBlock.of("element");
        } else {
          raw = CodeBlock.of("entity.$L", k.source().access().read());
        }
        values.add(first ? "$L" : ", $L", stored.apply(k.type(), raw));
        first = false;
      }
      for (ColumnModel c : entity.primaryKey()) {
        values.add(", $L", stored.apply(c.type(), CodeBlock.of("entity.$L", c.access().read())));
      }
      for (ColumnModel c : index.include()) {
        values.add(", $L", stored.apply(c.type(), CodeBlock.of("entity.$L", c.access().read())));
      }
      CodeBlock add = CodeBlock.of("entries.add(new $T($L, $T.asList($L)))", INDEX_ENTRY, GeneratedNames.indexConstant(entity, index), Arrays.class, values.build());
      if (!nullChecks.isEmpty()) {
        m.beginControlFlow("if ($L)", String.join(" && ", nullChecks));
      }
      if (index.geo().isPresent()) {
        // A position out of range is the caller's error, found before anything is written.
        m.addStatement("$T.point($S, $S, entity.$L, $S, entity.$L)", MethodCode.KEY_CHECKS, entity.simpleName(), index.geo().get().lat().fieldName(),
            index.geo().get().lat().access().read(), index.geo().get().lon().fieldName(), index.geo().get().lon().access().read());
      }
      if (multi != null) {
        TypeName elementType = TypeName.get(((DeclaredType) multi.source().javaType()).getTypeArguments().get(0));
        elementChecks.add(0, "element != null");
        m.beginControlFlow("for ($T element : entity.$L)", elementType, multi.source().access().read())
            .beginControlFlow("if ($L)", String.join(" && ", elementChecks))
            .addStatement(add)
            .endControlFlow()
            .endControlFlow();
      } else {
        m.addStatement(add);
      }
      if (!nullChecks.isEmpty()) {
        m.endControlFlow();
      }
    }
    return m.addStatement("return entries").build();
  }

}
