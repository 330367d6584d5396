package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import java.util.List;

/**
 * {@code find…By…}: one SELECT on the table that serves the criteria, returning an Optional, a List,
 * a lazy Stream or a Page, synchronously or as a CompletionStage.
 */
final class FindMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Find find;

  FindMethodGenerator(QueryMethodModel.Find find) {
    this.find = find;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    var method = find.method();
    if (entity.walksBuckets(find.criteria())) {
      return walk(context);
    }
    QueryPlan plan = QueryPlan.resolve(entity, find.criteria()).plan();
    String cql = CqlStatements.select(entity, plan, find.limit() > 0);
    String criteriaName = method.getSimpleName().toString().replaceFirst("^find", "").replaceFirst("Async$", "");
    String field = context.statement("select" + criteriaName, cql);
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Served by table {@code $L}: {@code $L}$L.\n", plan.table(), MethodCode.describe(plan),
            find.limit() > 0 ? ", first " + find.limit() + " row(s)" : "")
        .addCode(MethodCode.checks(entity.simpleName(), plan, method, false));
    String call = switch (find.shape()) {
      case OPTIONAL -> "one";
      case LIST -> "list";
      case STREAM -> "stream";
      case PAGE -> "page";
    };
    CodeBlock pageArg = find.pageRequestParameter() >= 0
        ? CodeBlock.of(", $N", method.getParameters().get(find.pageRequestParameter()).getSimpleName().toString())
        : CodeBlock.of("");
    if (plan.tableView().isIndex()) {
      String table = context.indexTable(plan.tableView().index());
      m.addJavadoc("Each index row is checked against the master row it points at; rows whose master no longer matches are left out and repaired.\n");
      String indexCall = "index" + Character.toUpperCase(call.charAt(0)) + call.substring(1) + (find.async() ? "Async" : "");
      if (find.async()) {
        String prepared = MethodCode.local("prepared", method);
        m.addCode("return $N.async().thenCompose($N -> $L($>$>\n$L,\n$N, $N, $T::indexEntries$L$<$<));\n",
            field, prepared, indexCall, Binding.bound(CodeBlock.of("$N", prepared), plan, method, find.limit()),
            table, context.masterLookup(), context.mapper(), pageArg);
      } else {
        m.addCode("return $L($>$>\n$L,\n$N, $N, $T::indexEntries$L$<$<);\n",
            indexCall, Binding.bound(CodeBlock.of("$N.sync()", field), plan, method, find.limit()),
            table, context.masterLookup(), context.mapper(), pageArg);
      }
      return m.build();
    }
    if (find.async()) {
      String prepared = MethodCode.local("prepared", method);
      m.addCode("return $N.async().thenCompose($N -> $LAsync($>$>\n$L,\n$T::fromRow$L$<$<));\n",
          field, prepared, call, Binding.bound(CodeBlock.of("$N", prepared), plan, method, find.limit()), context.mapper(), pageArg);
    } else {
      m.addCode("return $L($>$>\n$L,\n$T::fromRow$L$<$<);\n",
          call, Binding.bound(CodeBlock.of("$N.sync()", field), plan, method, find.limit()), context.mapper(), pageArg);
    }
    return m.build();
  }

  /**
   * A finder naming every partition key field but the {@code @Bucket}: the parent's buckets are read
   * from {@code <table>_buckets} (newest first), then each bucket's rows, a page at a time.
   */
  private MethodSpec walk(DaoContext context) {
    var entity = context.entity();
    var method = find.method();
    var bucket = entity.bucket().orElseThrow();
    List<io.denorm.processor.model.ColumnModel> parent = entity.bucketParent();
    String buckets = context.statement("select" + entity.simpleName() + "Buckets", CqlStatements.selectBuckets(entity));
    String rows = context.statement("select" + entity.simpleName() + "Bucket", CqlStatements.selectBucket(entity));
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Walks the buckets of {@code $L} (@Bucket on {@code $L}) newest first: the bucket numbers from table {@code $L}, then each bucket's rows.\n",
            entity.table(), bucket.fieldName(), entity.bucketTable());
    CodeBlock.Builder bindParent = CodeBlock.builder();
    for (int i = 0; i < parent.size(); i++) {
      var c = parent.get(i);
      String param = method.getParameters().get(find.criteria().stream().filter(k -> k.column().equals(c)).findFirst().orElseThrow().firstParameter())
          .getSimpleName().toString();
      m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), c.fieldName(), param);
      bindParent.add(".$L", ColumnCodecs.setCall(c.type(), CodeBlock.of("$L", i), CodeBlock.of("$N", param)));
    }
    CodeBlock bucketsOf = CodeBlock.of("$N.sync().boundStatementBuilder()$L.build()", buckets, bindParent.build());
    CodeBlock bucketRows = CodeBlock.of("$N.sync().boundStatementBuilder()$L.setLong($L, bucket).build()", rows, bindParent.build(), parent.size());
    if (find.shape() == io.denorm.processor.model.ReturnShape.PAGE) {
      String page = method.getParameters().get(find.pageRequestParameter()).getSimpleName().toString();
      return m.addStatement("return bucketPage($L,$>$>\nbucket -> $L, $T::fromRow, $N)$<$<", bucketsOf, bucketRows, context.mapper(), page).build();
    }
    return m.addStatement("return bucketList($L,$>$>\nbucket -> $L, $T::fromRow)$<$<", bucketsOf, bucketRows, context.mapper()).build();
  }
}
