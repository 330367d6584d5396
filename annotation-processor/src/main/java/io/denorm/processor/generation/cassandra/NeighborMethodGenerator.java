package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.List;
import javax.lang.model.element.VariableElement;

/**
 * {@code findPrevious(key…)} / {@code findNext(key…)}: one SELECT of one row in the partition,
 * the {@code @Sequence} column below or above the one given, the nearest first.
 */
final class NeighborMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Neighbor neighbor;

  NeighborMethodGenerator(QueryMethodModel.Neighbor neighbor) {
    this.neighbor = neighbor;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    var method = neighbor.method();
    List<ColumnModel> key = entity.primaryKey();
    String field = context.statement(neighbor.previous() ? "selectPrevious" : "selectNext", CqlStatements.selectNeighbor(entity, neighbor.previous()));
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("The $L row under the same $L: {@code $L} $L the one given, the nearest first; one read of table {@code $L}.\n",
            entity.simpleName(), key.size() == 1 ? "table" : "other key fields", key.get(key.size() - 1).fieldName(),
            neighbor.previous() ? "below" : "above", entity.table());
    CodeBlock.Builder bind = CodeBlock.builder();
    for (int i = 0; i < key.size(); i++) {
      VariableElement p = method.getParameters().get(i);
      String name = p.getSimpleName().toString();
      if (!p.asType().getKind().isPrimitive()) {
        m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), key.get(i).fieldName(), name);
      }
      bind.add(".$L", ColumnCodecs.setCall(key.get(i).type(), CodeBlock.of("$L", i), CodeBlock.of("$N", name)));
    }
    if (neighbor.async()) {
      String prepared = MethodCode.local("prepared", method);
      return m.addStatement("return $N.async().thenCompose($N -> oneAsync($N.boundStatementBuilder()$L.build(), $T::fromRow))",
          field, prepared, prepared, bind.build(), context.mapper()).build();
    }
    return m.addStatement("return one($N.sync().boundStatementBuilder()$L.build(), $T::fromRow)", field, bind.build(), context.mapper()).build();
  }
}
