package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.References;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.Objects;

/**
 * {@code load<Field>(E)}: an application-side join. The referenced rows are read {@code WHERE key IN
 * ?}, up to 100 ids per request and a few requests in flight, never one read per id.
 */
final class LoadMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Load load;

  LoadMethodGenerator(QueryMethodModel.Load load) {
    this.load = load;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    EntityModel target = load.reference().target().get();
    String select = context.statement("select" + target.simpleName() + "In", CqlStatements.selectIn(target));
    String param = load.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock rows = CodeBlock.of("$L($T.$N($N), $N, $T::fromRow)", load.async() ? "referencesAsync" : "references",
        context.mapper(), GeneratedNames.idsMethod(load.reference()), param, select, GeneratedNames.cassandraMapper(target));
    return MethodSpec.overriding(load.method())
        .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build())
        .addJavadoc("Joins the $L rows that {@code $L} references, read from table {@code $L} with {@code IN}, up to $L ids per request.\n",
            target.simpleName(), load.reference().column().fieldName(), target.table(), References.BATCH)
        .addStatement("$T.requireNonNull($N, $S)", Objects.class, param, context.entity().simpleName() + " to join")
        .addCode(MethodCode.loadResult(load, rows))
        .build();
  }
}
