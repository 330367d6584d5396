package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.PropertyAccess;
import java.util.List;
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
  static final ClassName KEY_CHECKS = ClassName.get("io.denorm", "KeyChecks");

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
        .addMethod(bind(entity, "bindAll", columns, "Binds every column, in table order, from index 0."))
        .addMethod(bind(entity, "bindKey", entity.primaryKey(), "Binds the primary key columns, in key order, from index 0."))
        .addMethod(fromRow(entity, columns));
    AnnotationSpec generated = files.generatedAnnotation(entity.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), entity.element());
  }

  private MethodSpec requireValidKey(EntityModel entity) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("requireValidKey")
        .addJavadoc("Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addParameter(entity.className(), "entity")
        .addStatement("$T.requireNonNull(entity, $S)", Objects.class, entity.simpleName() + " to write");
    for (ColumnModel key : entity.primaryKey()) {
      if (!key.javaType().getKind().isPrimitive()) {
        m.addStatement("$T.keyComponent($S, $S, entity.$L)", KEY_CHECKS, entity.simpleName(), key.fieldName(), key.access().read());
      }
    }
    return m.build();
  }

  private MethodSpec bind(EntityModel entity, String methodName, List<ColumnModel> columns, String doc) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(methodName)
        .addJavadoc(doc + "\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(BUILDER)
        .addParameter(BUILDER, "statement")
        .addParameter(entity.className(), "entity");
    for (int i = 0; i < columns.size(); i++) {
      ColumnModel c = columns.get(i);
      m.addStatement(ColumnCodecs.set(c.type(), "statement", CodeBlock.of("$L", i), CodeBlock.of("entity.$L", c.access().read())));
    }
    return m.addStatement("return statement").build();
  }

  private MethodSpec fromRow(EntityModel entity, List<ColumnModel> columns) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("fromRow")
        .addJavadoc("Reads one entity from a row whose columns are in table order.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(ROW, "row");
    if (entity.isRecord()) {
      CodeBlock.Builder args = CodeBlock.builder();
      boolean first = true;
      for (EntityModel.RecordComponent component : entity.components()) {
        args.add(first ? "\n" : ",\n");
        first = false;
        if (component.stored()) {
          ColumnModel c = entity.column(component.name()).orElseThrow();
          args.add("$L", ColumnCodecs.get(c.type(), "row", columns.indexOf(c)));
        } else {
          args.add("$L", defaultValue(component.javaType()));
        }
      }
      return m.addStatement("return new $T($>$L$<)", entity.className(), args.build()).build();
    }
    m.addStatement("$T entity = new $T()", entity.className(), entity.className());
    for (int i = 0; i < columns.size(); i++) {
      ColumnModel c = columns.get(i);
      CodeBlock value = ColumnCodecs.get(c.type(), "row", i);
      if (c.access().writeKind() == PropertyAccess.Write.FIELD) {
        m.addStatement("entity.$L = $L", c.access().write(), value);
      } else {
        m.addStatement("entity.$L($L)", c.access().write(), value);
      }
    }
    return m.addStatement("return entity").build();
  }

  private static String defaultValue(String javaType) {
    return switch (javaType) {
      case "boolean" -> "false";
      case "char" -> "(char) 0";
      case "byte" -> "(byte) 0";
      case "short" -> "(short) 0";
      case "int" -> "0";
      case "long" -> "0L";
      case "float" -> "0f";
      case "double" -> "0d";
      default -> "null";
    };
  }

  static boolean isPrimitive(ColumnType type) {
    return type instanceof ColumnType.Scalar s && s.primitive();
  }
}
