package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.TableView;

/**
 * {@code deleteBy<primary key>} and {@code delete(E)}: deletes one row at the operation's write
 * timestamp. A method returning boolean first reads whether the row exists; the delete is sent
 * either way, so a replica that missed the read still gets it.
 */
final class DeleteMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Delete delete;

  DeleteMethodGenerator(QueryMethodModel.Delete delete) {
    this.delete = delete;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    var method = delete.method();
    String deleteField = context.statement("delete" + entity.simpleName(), CqlStatements.delete(entity));
    String existsField = delete.returnsExisted() && !entity.hasIndexes() ? context.statement("select" + entity.simpleName() + "Key", CqlStatements.selectKey(entity)) : null;
    String ts = MethodCode.local("writeTimestamp", method);
    String prepared = MethodCode.local("prepared", method);
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Deletes one row of table {@code $L} by its primary key, at one client-side write timestamp.$L\n",
            entity.table(), delete.returnsExisted() ? "\nReturns whether the row existed when it was read just before the delete." : "");
    QueryPlan plan = null;
    String entityParam = null;
    if (delete.byEntity()) {
      entityParam = method.getParameters().get(0).getSimpleName().toString();
      m.addStatement("$T.requireValidKey($N)", context.mapper(), entityParam);
    } else {
      plan = QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan();
      m.addCode(MethodCode.checks(entity.simpleName(), plan, method, true));
    }
    m.addStatement("long $N = nextWriteTimestamp()", ts);
    if (entity.hasIndexes()) {
      String current = context.selectRow();
      m.addJavadoc("Index entries of the deleted row are removed after the master row.\n");
      CodeBlock call = CodeBlock.of("$L($N,$>$>\n$N.async().thenCompose($N -> oneAsync($L, $T::fromRow)),\n$T::indexEntries,\n() -> $N.async().thenApply($N -> $L))$<$<",
          delete.async() ? "deleteIndexedAsync" : "deleteIndexed", ts,
          current, prepared, bound(context, CodeBlock.of("$N", prepared), plan, entityParam, method), context.mapper(),
          context.mapper(),
          deleteField, prepared, bound(context, CodeBlock.of("$N", prepared), plan, entityParam, method));
      if (delete.async()) {
        m.addStatement(delete.returnsExisted() ? "return $L" : "return $L.thenApply(existed -> null)", call);
      } else {
        m.addStatement(delete.returnsExisted() ? "return $L" : "$L", call);
      }
      return m.build();
    }
    if (!delete.async()) {
      CodeBlock deleteStatement = bound(context, CodeBlock.of("$N.sync()", deleteField), plan, entityParam, method);
      if (delete.returnsExisted()) {
        String existed = MethodCode.local("existed", method);
        m.addStatement("boolean $N = exists($L)", existed, bound(context, CodeBlock.of("$N.sync()", existsField), plan, entityParam, method));
        m.addStatement("write($L, $N)", deleteStatement, ts);
        m.addStatement("return $N", existed);
      } else {
        m.addStatement("write($L, $N)", deleteStatement, ts);
      }
      return m.build();
    }
    CodeBlock writeStage = CodeBlock.of("$N.async().thenCompose($N -> writeAsync($L, $N))",
        deleteField, prepared, bound(context, CodeBlock.of("$N", prepared), plan, entityParam, method), ts);
    if (delete.returnsExisted()) {
      String existed = MethodCode.local("existed", method);
      m.addStatement("return $N.async()$>$>\n.thenCompose($N -> existsAsync($L))\n.thenCompose($N -> $L.thenApply(done -> $N))$<$<",
          existsField, prepared, bound(context, CodeBlock.of("$N", prepared), plan, entityParam, method), existed, writeStage, existed);
    } else {
      m.addStatement("return $L", writeStage);
    }
    return m.build();
  }

  private static CodeBlock bound(DaoContext context, CodeBlock prepared, QueryPlan plan, String entityParam, javax.lang.model.element.ExecutableElement method) {
    if (plan == null) {
      return CodeBlock.of("$T.bindKey($L.boundStatementBuilder(), $N).build()", context.mapper(), prepared, entityParam);
    }
    return Binding.bound(prepared, plan, method, 0);
  }
}
