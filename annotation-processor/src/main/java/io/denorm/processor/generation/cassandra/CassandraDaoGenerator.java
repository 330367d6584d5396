package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code CassandraXDao implements XDao}: prepared statements as fields, one method per DAO
 * method, all protocols delegated to {@code CassandraDaoBase}.
 */
public final class CassandraDaoGenerator {

  static final ClassName BASE = ClassName.get("io.denorm.cassandra", "CassandraDaoBase");
  static final ClassName SESSION = ClassName.get("com.datastax.oss.driver.api.core", "CqlSession");

  private final SourceFileGenerator files;

  public CassandraDaoGenerator(SourceFileGenerator files) {
    this.files = files;
  }

  public void generate(DaoModel dao) {
    ClassName name = GeneratedNames.cassandraDao(dao);
    DaoContext context = new DaoContext(dao, GeneratedNames.cassandraMapper(dao.entity()));
    List<MethodSpec> methods = new ArrayList<>();
    for (QueryMethodModel method : dao.methods()) {
      methods.add(MethodGeneratorFactory.of(method).generate(context));
    }
    com.palantir.javapoet.CodeBlock indexInit = context.indexInitializers();
    if (dao.entity().hasIndexes()) {
      methods.add(MethodSpec.methodBuilder("indexMaintenance")
          .addJavadoc("Verify, rebuild and back-fill of the index tables of {@code $L}: $L.\n", dao.entity().table(),
              dao.entity().indexes().stream().map(i -> i.name()).collect(java.util.stream.Collectors.joining(", ")))
          .addAnnotation(Override.class)
          .addModifiers(Modifier.PUBLIC)
          .returns(com.palantir.javapoet.ParameterizedTypeName.get(DaoContext.MAINTENANCE, dao.entity().className()))
          .addStatement("return maintenance")
          .build());
    }
    MethodSpec constructor = MethodSpec.constructorBuilder()
        .addJavadoc("A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.\n")
        .addModifiers(Modifier.PUBLIC)
        .addParameter(SESSION, "session")
        .addParameter(String.class, "keyspace")
        .addStatement("super(session, keyspace)")
        .addCode(context.statementInitializers())
        .addCode(indexInit)
        .build();
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addJavadoc("Cassandra implementation of {@link $T}, storing {@link $T} in table {@code $L}.\n",
            dao.className(), dao.entity().className(), dao.entity().table())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(BASE)
        .addSuperinterface(dao.className())
        .addFields(context.statementFields())
        .addFields(context.indexFields())
        .addMethod(constructor)
        .addMethods(methods);
    if (dao.entity().hasIndexes()) {
      type.addSuperinterface(com.palantir.javapoet.ParameterizedTypeName.get(ClassName.get("io.denorm.index", "IndexedDao"), dao.entity().className()));
    }
    AnnotationSpec generated = files.generatedAnnotation(dao.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), dao.element(), dao.entity().element());
  }
}
