package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.IndexEntriesMethod;
import io.denorm.processor.generation.JsonCode;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code CassandraXMapper} beside entity X: binding an entity's columns to a statement, reading
 * one from a row by column index, and checking its key before anything is written. It sits in the
 * entity's package so that package-private fields need no accessors.
 */
public final class CassandraMapperGenerator {

  static final ClassName BUILDER = ClassName.get("com.datastax.oss.driver.api.core.cql", "BoundStatementBuilder");
  static final ClassName ROW = ClassName.get("com.datastax.oss.driver.api.core.cql", "Row");

  private final SourceFileGenerator files;

  public CassandraMapperGenerator(SourceFileGenerator files) {
    this.files = files;
  }

  public void generate(EntityModel entity) {
    ClassName name = GeneratedNames.cassandraMapper(entity);
    List<ColumnModel> columns = entity.tableOrder();
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("Maps {@link $T} to rows of table {@code $L}.\n\n<p>Column order of {@link #bindAll} and {@link #fromRow}: $L.\n",
            entity.className(), entity.table(), columns.stream().map(ColumnModel::columnName).collect(Collectors.joining(", ")))
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addMethod(requireValidKey(entity))
        .addMethod(bind(entity, name, "bindAll", entity.writtenColumns(), entity.counts().isEmpty()
            ? "Binds every column, in table order, from index 0."
            : "Binds every column but the counts, in table order, from index 0."))
        .addMethod(bind(entity, name, "bindKey", entity.primaryKey(), "Binds the primary key columns, in key order, from index 0."))
        .addMethod(bindKeyValues(entity, name))
        .addMethod(MethodCode.keyOf(entity))
        .addMethod(fromRow(entity, name, columns));
    for (IndexModel index : entity.indexes()) {
      if (index.covers(entity)) {
        type.addMethod(fromCoveringRow(entity, name, index));
      }
    }
    Map<String, ColumnType.Embedded> embedded = new LinkedHashMap<>();
    for (ColumnModel c : columns) {
      for (ColumnType.Embedded e : c.type().embeddedTypes()) {
        embedded.putIfAbsent(e.udtName(), e);
      }
    }
    for (ColumnType.Embedded e : embedded.values()) {
      type.addMethod(toUdt(e, name)).addMethod(fromUdt(e, name));
    }
    type.addMethods(JsonCode.methods(entity, name));
    for (ColumnModel c : entity.columns()) {
      if (c.isRecent()) {
        type.addMethod(MethodSpec.methodBuilder(c.fieldName() + "From")
            .addJavadoc("The {@code $L} list from column 0 of {@code row}, for the compare-and-set that keeps it.\n", c.fieldName())
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(TypeName.get(c.javaType()))
            .addParameter(ClassName.get("com.datastax.oss.driver.api.core.cql", "Row"), "row")
            .addStatement("return $L", ColumnCodecs.get(c.type(), "row", 0, name))
            .build());
        ClassName builder = ClassName.get("com.datastax.oss.driver.api.core.cql", "BoundStatementBuilder");
        type.addMethod(MethodSpec.methodBuilder("bind" + c.capitalized())
            .addJavadoc("Binds {@code value} as the {@code $L} list at marker 0.\n", c.fieldName())
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(builder)
            .addParameter(builder, "builder")
            .addParameter(TypeName.get(c.javaType()), "value")
            .addStatement(ColumnCodecs.set(c.type(), "builder", CodeBlock.of("0"), CodeBlock.of("value"), name))
            .addStatement("return builder")
            .build());
      }
    }
    type.addMethods(MethodCode.sharedMapperMethods(entity));
    if (!entity.versioned() && !entity.rewrittenColumns().isEmpty()) {
      List<ColumnModel> rewrite = new ArrayList<>(entity.rewrittenColumns());
      rewrite.addAll(entity.primaryKey());
      type.addMethod(bind(entity, name, "bindRewrite", rewrite,
          "Binds the columns a rewrite of the row as a holder may change, in table order, then the key."));
    }
    if (entity.versioned()) {
      type.addMethods(MethodCode.versionAccessors(entity));
      List<ColumnModel> update = new ArrayList<>(entity.writtenRegularColumns());
      update.addAll(entity.primaryKey());
      type.addMethod(bindUpdate(entity, name, update));
    }
    if (entity.hasIndexes()) {
      for (IndexModel index : entity.indexes()) {
        type.addField(IndexEntriesMethod.definitionField(entity, index));
      }
      type.addMethod(IndexEntriesMethod.build(entity, ColumnCodecs::stored));
    }
    AnnotationSpec generated = files.generatedAnnotation(entity.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), entity.element());
  }

  private MethodSpec requireValidKey(EntityModel entity) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("requireValidKey")
        .addJavadoc("Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a value.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addParameter(entity.className(), "entity")
        .addStatement("$T.requireNonNull(entity, $S)", Objects.class, entity.simpleName() + " to write");
    for (ColumnModel key : entity.primaryKey()) {
      if (!key.javaType().getKind().isPrimitive()) {
        CodeBlock value = CodeBlock.of("entity.$L", key.access().read());
        // a converted key is checked in its stored form, which its converter may refuse
        m.addStatement("$T.keyComponent($S, $S, $L)", MethodCode.KEY_CHECKS, entity.simpleName(), key.fieldName(),
            key.type() instanceof ColumnType.Converted c ? MethodCode.toColumn(c, value) : value);
      }
    }
    for (ColumnModel c : entity.columns()) {
      if (!c.isKey() && c.type() instanceof ColumnType.Converted converted) {
        m.addStatement("$L", MethodCode.toColumn(converted, CodeBlock.of("entity.$L", c.access().read())));
      }
    }
    return m.addCode(MethodCode.bucketChecks(entity)).addCode(MethodCode.jsonChecks(entity)).build();
  }

  /** {@code skillToUdt(type, element)}: one embedded element as a value of its UDT. */
  private MethodSpec toUdt(ColumnType.Embedded e, ClassName mapper) {
    ClassName element = ClassName.bestGuess(e.qualifiedName());
    MethodSpec.Builder m = MethodSpec.methodBuilder(ColumnCodecs.toUdt(e.udtName()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(ColumnCodecs.UDT_VALUE)
        .addParameter(ClassName.get("com.datastax.oss.driver.api.core.type", "UserDefinedType"), "type")
        .addParameter(element, "element")
        .beginControlFlow("if (element == null)")
        .addStatement("return null")
        .endControlFlow()
        .addStatement("$T value = type.newValue()", ColumnCodecs.UDT_VALUE);
    for (int i = 0; i < e.fields().size(); i++) {
      ColumnType.EmbeddedField f = e.fields().get(i);
      m.addStatement(ColumnCodecs.set(f.type(), "value", CodeBlock.of("$L", i), CodeBlock.of("element.$L", f.access().read()), mapper));
    }
    return m.addStatement("return value").build();
  }

  /** {@code skillFromUdt(value)}: one embedded element read from a value of its UDT. */
  private MethodSpec fromUdt(ColumnType.Embedded e, ClassName mapper) {
    return MethodCode.embeddedReader(e, ColumnCodecs.fromUdt(e.udtName()), ColumnCodecs.UDT_VALUE, "value",
        i -> ColumnCodecs.get(e.fields().get(i).type(), "value", i, mapper), ", ");
  }

  private MethodSpec bind(EntityModel entity, ClassName mapper, String methodName, List<ColumnModel> columns, String doc) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(methodName)
        .addJavadoc(doc + "\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(BUILDER)
        .addParameter(BUILDER, "statement")
        .addParameter(entity.className(), "entity");
    return m.addCode(bindings(columns, mapper, null)).addStatement("return statement").build();
  }

  /** {@code bindKeyValues}: the primary key columns from key values in key order, as a delete by key has them. */
  private MethodSpec bindKeyValues(EntityModel entity, ClassName mapper) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("bindKeyValues")
        .addJavadoc("Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(BUILDER)
        .addParameter(BUILDER, "statement")
        .addParameter(ParameterizedTypeName.get(List.class, Object.class), "key");
    List<ColumnModel> columns = entity.primaryKey();
    for (int i = 0; i < columns.size(); i++) {
      ColumnModel c = columns.get(i);
      m.addStatement(ColumnCodecs.set(c.type(), "statement", CodeBlock.of("$L", i),
          CodeBlock.of("($T) key.get($L)", TypeName.get(c.javaType()).box(), i), mapper));
    }
    return m.addStatement("return statement").build();
  }

  /** {@code bindUpdate}: the compare-and-set update's regular columns (version + 1), key, then the expected version. */
  private MethodSpec bindUpdate(EntityModel entity, ClassName mapper, List<ColumnModel> columns) {
    ColumnModel version = entity.version().orElseThrow();
    MethodSpec.Builder m = MethodSpec.methodBuilder("bindUpdate")
        .addJavadoc("Binds the compare-and-set update: regular columns (version $L + 1), the key, then $L as the expected version.\n",
            "{@code expected}", "{@code expected}")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(BUILDER)
        .addParameter(BUILDER, "statement")
        .addParameter(entity.className(), "entity")
        .addParameter(long.class, "expected");
    return m.addCode(bindings(columns, mapper, version)).addStatement("return statement.setLong($L, expected)", columns.size()).build();
  }

  /** One setter per column, from index 0; {@code version} (when not null) is bound as {@code expected + 1}. */
  private static CodeBlock bindings(List<ColumnModel> columns, ClassName mapper, ColumnModel version) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int i = 0; i < columns.size(); i++) {
      ColumnModel c = columns.get(i);
      if (c == version) {
        b.addStatement("statement = statement.setLong($L, expected + 1)", i);
      } else {
        b.addStatement(ColumnCodecs.set(c.type(), "statement", CodeBlock.of("$L", i), CodeBlock.of("entity.$L", c.access().read()), mapper));
      }
    }
    return b.build();
  }

  private MethodSpec fromRow(EntityModel entity, ClassName mapper, List<ColumnModel> columns) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("fromRow")
        .addJavadoc("Reads one entity from a row whose columns are in table order.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(ROW, "row");
    return MethodCode.newEntity(m, entity, c -> ColumnCodecs.get(c.type(), "row", columns.indexOf(c), mapper)).build();
  }

  /** Reads an entity from a row of the covering index {@code index}, whose columns hold every column of the entity. */
  private MethodSpec fromCoveringRow(EntityModel entity, ClassName mapper, IndexModel index) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.coveringRowMethod(index))
        .addJavadoc("Reads one entity from a row of index table {@code $L} (its columns in index order: $L), a row trusted as verified.\n",
            index.name(), String.join(", ", index.columnNames(entity)))
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(ROW, "row");
    return MethodCode.newEntity(m, entity, c -> ColumnCodecs.get(c.type(), "row", index.positionOf(c, entity), mapper)).build();
  }

  static boolean isPrimitive(ColumnType type) {
    return type instanceof ColumnType.Scalar s && s.primitive();
  }
}
