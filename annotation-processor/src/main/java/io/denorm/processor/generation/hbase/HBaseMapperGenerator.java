package io.denorm.processor.generation.hbase;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
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
import io.denorm.processor.model.CounterModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.TableView;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code HBaseXMapper} beside entity X: the row-key codecs of its table and index tables, and
 * the conversions between an entity and its stored values (key values, then one value per non-key
 * column, in {@code COLUMNS} order). Encoding into bytes happens in the runtime.
 */
public final class HBaseMapperGenerator {

  private static final TypeName OBJECTS = ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(Object.class));

  private final SourceFileGenerator files;

  public HBaseMapperGenerator(SourceFileGenerator files) {
    this.files = files;
  }

  static final ClassName SALT = ClassName.get("io.denorm.hbase", "KeySalt");

  /** The qualifier of a non-key column: its name, or for a {@code @Count} its name after {@code #}. */
  public static String qualifier(ColumnModel c) {
    return c.isMaintained() ? CounterModel.hbaseQualifier(c) : c.columnName();
  }

  /** The constant holding the row-key codec of {@code index}'s table: {@code USERS_BY_EMAIL_KEY}. */
  static String keyConstant(IndexModel index) {
    return GeneratedNames.indexConstant(index) + "_KEY";
  }

  public void generate(EntityModel entity) {
    ClassName name = GeneratedNames.hbaseMapper(entity);
    List<ColumnModel> regular = entity.regularColumns();
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc("Maps {@link $T} to rows of HBase table {@code $L}: row key ($L), qualifiers $L.\n", entity.className(), entity.table(),
            entity.primaryKey().stream().map(ColumnModel::fieldName).collect(Collectors.joining(", ")),
            regular.stream().map(HBaseMapperGenerator::qualifier).collect(Collectors.joining(", ")))
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
        .addField(FieldSpec.builder(HBaseCodecs.ROW_KEY_CODEC, "KEY", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The row key of table {@code $L}.\n", entity.table())
            .initializer(HBaseCodecs.codec(entity.simpleName(), TableView.master(entity))).build())
        .addField(FieldSpec.builder(ParameterizedTypeName.get(List.class, String.class), "COLUMNS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The qualifiers of the non-key columns, in the order of {@link #cells} and {@link #fromValues}.\n")
            .initializer("$T.of($L)", List.class, regular.stream().map(c -> CodeBlock.of("$S", qualifier(c))).collect(CodeBlock.joining(", ")))
            .build())
        .addMethod(values(entity, "key", entity.primaryKey(), "The key values of {@code entity}, stored form, in key order."))
        .addMethod(values(entity, "cells", regular, "The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order."))
        .addMethod(fromValues(entity, regular));
    if (entity.salt() != null) {
      type.addField(FieldSpec.builder(SALT, "SALT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("Row keys of table {@code $L} start with one of $L salt buckets, picked by $L.\n", entity.table(), entity.salt().buckets(),
              String.join(", ", entity.salt().on()))
          .initializer("$T.of($L, $L)", SALT, entity.salt().buckets(), entity.salt().fields()).build());
    }
    Map<String, ColumnType.Embedded> embedded = new LinkedHashMap<>();
    for (ColumnModel c : entity.tableOrder()) {
      for (ColumnType.Embedded e : c.type().embeddedTypes()) {
        embedded.putIfAbsent(e.qualifiedName(), e);
      }
    }
    for (ColumnType.Embedded e : embedded.values()) {
      type.addMethod(toStored(e)).addMethod(fromStored(e));
    }
    type.addMethods(JsonCode.methods(entity, null));
    for (ColumnModel c : entity.columns()) {
      if (c.isRecent()) {
        type.addMethod(MethodSpec.methodBuilder(c.fieldName() + "FromCell")
            .addJavadoc("The {@code $L} list a cell holds, for the compare-and-set that keeps it.\n", c.fieldName())
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(TypeName.get(c.javaType()))
            .addParameter(byte[].class, "cell")
            .addStatement("return $L", HBaseCodecs.fromStored(c.type(), CodeBlock.of("$T.decode(cell)", HBaseCodecs.VALUES)))
            .build());
        type.addMethod(MethodSpec.methodBuilder(c.fieldName() + "ToCell")
            .addJavadoc("The cell holding {@code value} as the {@code $L} list.\n", c.fieldName())
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(byte[].class)
            .addParameter(TypeName.get(c.javaType()), "value")
            .addStatement("return $T.encode($L)", HBaseCodecs.VALUES, HBaseCodecs.stored(c.type(), CodeBlock.of("value")))
            .build());
      }
    }
    type.addMethods(MethodCode.sharedMapperMethods(entity));
    if (entity.versioned()) {
      type.addMethods(MethodCode.versionAccessors(entity)).addMethod(MethodCode.keyOf(entity));
    }
    if (entity.hasIndexes()) {
      for (IndexModel index : entity.indexes()) {
        type.addField(IndexEntriesMethod.definitionField(entity, index));
        type.addField(FieldSpec.builder(HBaseCodecs.ROW_KEY_CODEC, keyConstant(index), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The row key of index table {@code $L}.\n", index.name())
            .initializer(HBaseCodecs.codec(entity.simpleName(), index.table(entity))).build());
      }
      type.addMethod(IndexEntriesMethod.build(entity, HBaseCodecs::stored));
    }
    AnnotationSpec generated = files.generatedAnnotation(entity.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), entity.element());
  }

  private MethodSpec values(EntityModel entity, String methodName, List<ColumnModel> columns, String doc) {
    CodeBlock values = columns.stream()
        .map(c -> HBaseCodecs.stored(c.type(), CodeBlock.of("entity.$L", c.access().read())))
        .collect(CodeBlock.joining(",\n"));
    return MethodSpec.methodBuilder(methodName)
        .addJavadoc(doc + "\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(OBJECTS)
        .addParameter(entity.className(), "entity")
        .addCode(methodName.equals("cells") ? CodeBlock.builder().add(MethodCode.bucketChecks(entity)).add(MethodCode.jsonChecks(entity)).build()
            : CodeBlock.of(""))
        .addStatement(columns.isEmpty() ? CodeBlock.of("return $T.of()", List.class)
            : CodeBlock.of("return $T.asList($>$>\n$L$<$<)", Arrays.class, values))
        .build();
  }

  private MethodSpec fromValues(EntityModel entity, List<ColumnModel> regular) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("fromValues")
        .addJavadoc("An entity from its key values and non-key values (absent cells: null), stored form.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(OBJECTS, "key")
        .addParameter(OBJECTS, "cells");
    List<ColumnModel> keys = entity.primaryKey();
    return MethodCode.newEntity(m, entity, c -> value(c, keys, regular)).build();
  }

  private static CodeBlock value(ColumnModel c, List<ColumnModel> keys, List<ColumnModel> regular) {
    int k = keys.indexOf(c);
    CodeBlock stored = k >= 0 ? CodeBlock.of("key.get($L)", k) : CodeBlock.of("cells.get($L)", regular.indexOf(c));
    return HBaseCodecs.fromStored(c.type(), stored);
  }

  /** {@code skillToStored(element)}: an embedded element as the list of its field values. */
  private MethodSpec toStored(ColumnType.Embedded e) {
    ClassName element = ClassName.bestGuess(e.qualifiedName());
    CodeBlock values = e.fields().stream()
        .map(f -> HBaseCodecs.stored(f.type(), CodeBlock.of("element.$L", f.access().read())))
        .collect(CodeBlock.joining(", "));
    return MethodSpec.methodBuilder(HBaseCodecs.toStored(e))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(OBJECTS)
        .addParameter(element, "element")
        .addStatement("return element == null ? null : $T.asList($L)", Arrays.class, values)
        .build();
  }

  /** {@code skillFromStored(stored)}: an embedded element from the list of its field values. */
  private MethodSpec fromStored(ColumnType.Embedded e) {
    return MethodCode.embeddedReader(e, HBaseCodecs.fromStoredName(e), TypeName.get(Object.class), "stored",
        i -> HBaseCodecs.fromStored(e.fields().get(i).type(), CodeBlock.of("$T.field(stored, $L)", HBaseCodecs.VALUES, i)), ", ");
  }
}
