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
import io.denorm.processor.model.ScalarKind;
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
            .addJavadoc("The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.\n")
            .initializer("$T.of($L)", List.class, regular.stream().map(c -> CodeBlock.of("$S", qualifier(c))).collect(CodeBlock.joining(", ")))
            .build())
        .addMethod(values(entity, "key", entity.primaryKey(), "The key values of {@code entity}, stored form, in key order."))
        .addMethod(values(entity, "cells", regular, "The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order."))
        .addMethod(rowKey(entity))
        .addMethod(fromRow(entity, regular));
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
        type.addField(FieldSpec.builder(HBaseCodecs.ROW_KEY_CODEC, GeneratedNames.indexKeyConstant(entity, index), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
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

  /** How a key column goes through {@link io.denorm.key.KeyWriter} and {@link io.denorm.key.KeyReader}: its own typed call, or boxed. */
  private enum Typed {
    STRING("string", TypeName.get(String.class)), INT("intValue", TypeName.INT), LONG("longValue", TypeName.LONG), BOXED("value", ClassName.OBJECT);

    final String call;
    final TypeName local;

    Typed(String call, TypeName local) {
      this.call = call;
      this.local = local;
    }

    static Typed of(ColumnType type) {
      if (type instanceof ColumnType.Scalar s) {
        if (s.kind() == ScalarKind.STRING) {
          return STRING;
        }
        if (s.primitive() && s.kind() == ScalarKind.INT) {
          return INT;
        }
        if (s.primitive() && s.kind() == ScalarKind.LONG) {
          return LONG;
        }
      }
      return BOXED;
    }
  }

  /**
   * {@code rowKey(entity)}: the key encoded straight from the fields, as {@code KEY.encode(key(entity))} encodes it.
   * The writer is sized for the key when its strings are ASCII: the key is then returned as written.
   */
  private MethodSpec rowKey(EntityModel entity) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("rowKey")
        .addJavadoc("The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value list.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(byte[].class)
        .addParameter(entity.className(), "entity");
    CodeBlock.Builder chain = CodeBlock.builder();
    List<CodeBlock> lengths = new java.util.ArrayList<>();
    List<ColumnModel> keys = entity.primaryKey();
    for (int i = 0; i < keys.size(); i++) {
      ColumnModel c = keys.get(i);
      Typed typed = Typed.of(c.type());
      CodeBlock read = CodeBlock.of("entity.$L", c.access().read());
      CodeBlock value = typed == Typed.BOXED ? CodeBlock.of("$T.keyValue($L)", HBaseCodecs.VALUES, HBaseCodecs.stored(c.type(), read))
          : typed == Typed.STRING ? HBaseCodecs.stored(c.type(), read) : read;
      m.addStatement("$T key$L = $L", typed.local, i, value);
      chain.add("\n.$L(key$L)", typed.call, i);
      if (typed == Typed.STRING) {
        // sized for ASCII; a null is refused by the writer, after this length's guard
        lengths.add(CodeBlock.of("(key$L == null ? 0 : key$L.length())", i, i));
      }
    }
    CodeBlock size = lengths.isEmpty() ? CodeBlock.of("0") : CodeBlock.join(lengths, " + ");
    return m.addStatement(CodeBlock.builder().add("return KEY.writer($L)$>$>", size).add(chain.build()).add("\n.toKey()$<$<").build()).build();
  }

  /** {@code fromRow(row, offset, cells)}: an entity with its key read straight from the row key's bytes. */
  private MethodSpec fromRow(EntityModel entity, List<ColumnModel> regular) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("fromRow")
        .addJavadoc("An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form "
            + "(absent cells: null), in {@link #COLUMNS} order.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(byte[].class, "row")
        .addParameter(int.class, "offset")
        .addParameter(OBJECTS, "cells")
        .addStatement("$T reader = KEY.reader(row, offset)", KEY_READER);
    List<ColumnModel> keys = entity.primaryKey();
    for (int i = 0; i < keys.size(); i++) {
      Typed typed = Typed.of(keys.get(i).type());
      m.addStatement(typed == Typed.BOXED ? CodeBlock.of("$T key$L = $T.storedValue(reader.value())", typed.local, i, HBaseCodecs.VALUES)
          : CodeBlock.of("$T key$L = reader.$L()", typed.local, i, typed.call));
    }
    m.addStatement("reader.end()");
    return MethodCode.newEntity(m, entity, c -> {
      int k = keys.indexOf(c);
      if (k < 0) {
        return HBaseCodecs.fromStored(c.type(), CodeBlock.of("cells.get($L)", regular.indexOf(c)));
      }
      Typed typed = Typed.of(c.type());
      return typed == Typed.INT || typed == Typed.LONG ? CodeBlock.of("key$L", k) : HBaseCodecs.fromStored(c.type(), CodeBlock.of("key$L", k));
    }).build();
  }

  private static final ClassName KEY_READER = ClassName.get("io.denorm.key", "KeyReader");

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
