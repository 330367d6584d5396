package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.DeleteCode;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.Criterion;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.TableView;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.ExecutableElement;

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
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Deletes one row of table {@code $L} by its primary key, at one client-side write timestamp.$L\n",
            entity.table(), delete.returnsExisted() ? "\nReturns whether the row existed when it was read just before the delete." : "");
    QueryPlan plan = null;
    String entityParam = null;
    if (delete.byEntity()) {
      entityParam = method.getParameters().get(0).getSimpleName().toString();
      if (!usesPipeline(context)) {
        m.addStatement("$T.requireValidKey($N)", context.mapper(), entityParam); // else the pipeline's check step
      }
    } else {
      plan = QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan();
      m.addCode(MethodCode.checks(entity.simpleName(), plan, method, true));
    }
    if (!usesPipeline(context)) {
      return plain(context, m, plan, entityParam);
    }
    if (!context.links().isEmpty()) {
      m.addJavadoc("First the row is read and removed from every owning row its inverse sides name ($L), through their protocol.\n",
          String.join(", ", context.links().stream().map(l -> l.owner().simpleName() + "." + l.field().fieldName()).toList()));
    }
    if (!context.recents().isEmpty()) {
      m.addJavadoc("First the @Recent lists holding the row ($L) drop it for the next newest, each by compare-and-set.\n",
          String.join(", ", context.recents().stream().map(r -> r.parent().simpleName() + "." + r.column().fieldName()).toList()));
    }
    if (entity.versioned()) {
      m.addJavadoc("A compare-and-set on {@code $L}: the row is deleted only if its version is still $L; otherwise {@link $T} is thrown.\n",
          entity.version().orElseThrow().fieldName(), entityParam != null ? "the one {@code " + entityParam + "} carries" : "the one read",
          SaveMethodGenerator.CONFLICT);
    }
    if (entity.hasIndexes()) {
      m.addJavadoc("Index entries of the deleted row are removed after the master row.\n");
    }
    CodeBlock key = delete.byEntity() ? null : CodeBlock.of("$T.<Object>asList($L)", Arrays.class, entity.primaryKey().stream()
        .map(k -> CodeBlock.of("$N", method.getParameters().get(conditionOf(delete.criteria(), entity, k, method)).getSimpleName().toString()))
        .collect(CodeBlock.joining(", ")));
    return DeleteCode.call(m, delete, key).build();
  }

  /** Whether the DAO's deletes are calls of its delete pipeline: unless the delete is the row's alone, without index or version. */
  static boolean usesPipeline(DaoContext context) {
    EntityModel entity = context.entity();
    return !context.links().isEmpty() || !context.recents().isEmpty() || entity.versioned() || entity.hasIndexes();
  }

  /** The pipeline's hooks on Cassandra: the delete step and the row read of the entity-aware base. */
  static DeleteCode.Store store(DaoContext context) {
    return new DeleteCode.Store(CodeBlock.of("$T::requireValidKey", context.mapper()),
        CodeBlock.of("$T::keyOf", context.mapper()), CodeBlock.of("storedAsync(key)"));
  }

  /** A delete of the row alone: no index, no version, nothing to do before it. */
  private MethodSpec plain(DaoContext context, MethodSpec.Builder m, QueryPlan plan, String entityParam) {
    var entity = context.entity();
    var method = delete.method();
    String deleteField = context.statement("delete" + entity.simpleName(), CqlStatements.delete(entity));
    String existsField = delete.returnsExisted() ? context.statement("select" + entity.simpleName() + "Key", CqlStatements.selectKey(entity)) : null;
    String ts = MethodCode.local("writeTimestamp", method);
    String prepared = MethodCode.local("prepared", method);
    m.addStatement("long $N = nextWriteTimestamp()", ts);
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

  /** The parameter of {@code method} that a delete by key binds to key column {@code k}. */
  private static int conditionOf(List<Criterion> criteria, EntityModel entity,
      ColumnModel k, ExecutableElement method) {
    QueryPlan plan = QueryPlan.resolve(TableView.master(entity), criteria).plan();
    return plan.conditions().stream().filter(c -> c.column().source().equals(k)).findFirst().orElseThrow().parameter();
  }

  private static CodeBlock bound(DaoContext context, CodeBlock prepared, QueryPlan plan, String entityParam, ExecutableElement method) {
    if (plan == null) {
      return CodeBlock.of("$T.bindKey($L.boundStatementBuilder(), $N).build()", context.mapper(), prepared, entityParam);
    }
    return Binding.bound(prepared, plan, method, 0);
  }
}
