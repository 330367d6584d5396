package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import java.util.Optional;

/**
 * {@code countBy…} / {@code existsBy…}: on the master table, a {@code SELECT COUNT(*)} (or a one-row
 * probe) run by the server; on an index table, the index rows read a page at a time, each checked
 * against its master row as a finder checks it.
 */
final class CountMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Count count;

  CountMethodGenerator(QueryMethodModel.Count count) {
    this.count = count;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    var method = count.method();
    QueryPlan plan = QueryPlan.resolve(entity, count.criteria()).plan();
    String async = count.async() ? "Async" : "";
    MethodSpec.Builder m = MethodSpec.overriding(method).addCode(MethodCode.checks(entity.simpleName(), plan, method, false));
    String name = method.getSimpleName().toString().replaceFirst("Async$", "");
    String prepared = MethodCode.local("prepared", method);
    CodeBlock statement = count.async() ? CodeBlock.of("$N", prepared) : null;
    if (plan.tableView().isIndex()) {
      String field = context.statement("select" + name.replaceFirst("^(count|exists)", ""), CqlStatements.select(entity, plan, false));
      m.addJavadoc("$L the rows of index table {@code $L} under {@code $L}, each checked against the master row it points at;\n"
          + "rows whose master no longer matches are left out and repaired.\n", count.exists() ? "Looks for one of" : "Counts",
          plan.table(), MethodCode.describe(plan));
      CodeBlock bound = Binding.bound(statement == null ? CodeBlock.of("$N.sync()", field) : statement, plan, method, 0);
      CodeBlock read = count.exists()
          ? CodeBlock.of("indexOne$L($>$>\n$L,\n$N, $N, $T::indexEntries)$<$<$L", async, bound, context.indexTable(plan.tableView().index()),
              context.masterLookup(), context.mapper(), count.async() ? CodeBlock.of(".thenApply($T::isPresent)", Optional.class) : ".isPresent()")
          : CodeBlock.of("indexCount$L($>$>\n$L,\n$N, $N, $T::indexEntries)$<$<", async, bound, context.indexTable(plan.tableView().index()),
              context.masterLookup(), context.mapper());
      return m.addCode(returned(field, prepared, read)).build();
    }
    String cql = count.exists() ? CqlStatements.exists(entity, plan) : CqlStatements.count(entity, plan);
    String field = context.statement(name, cql);
    m.addJavadoc("$L table {@code $L}: {@code $L}$L.\n", count.exists() ? "Reads at most one key of" : "Counted by the server in",
        plan.table(), MethodCode.describe(plan), count.exists() ? "" : " (a {@code SELECT COUNT(*)})");
    CodeBlock bound = Binding.bound(statement == null ? CodeBlock.of("$N.sync()", field) : statement, plan, method, 0);
    return m.addCode(returned(field, prepared, CodeBlock.of("$L$L($L)", count.exists() ? "exists" : "count", async, bound))).build();
  }

  /** {@code return read;}, or for an async method the read after the statement is prepared. */
  private CodeBlock returned(String field, String prepared, CodeBlock read) {
    if (count.async()) {
      return CodeBlock.of("return $N.async().thenCompose($N -> $L);\n", field, prepared, read);
    }
    return CodeBlock.of("return $L;\n", read);
  }
}
