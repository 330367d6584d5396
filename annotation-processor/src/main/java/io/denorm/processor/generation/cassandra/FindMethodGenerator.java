package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.ReturnShape;
import java.util.ArrayList;
import java.util.Arrays;
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
    if (find.idsOnly()) {
      return ids(context);
    }
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
    // The one row of an Optional finder: bound into a builder that the runtime builds once with the DAO's options.
    boolean builder = call.equals("one");
    if (find.async()) {
      String prepared = MethodCode.local("prepared", method);
      CodeBlock statement = builder ? Binding.builder(CodeBlock.of("$N", prepared), plan, method, find.limit())
          : Binding.bound(CodeBlock.of("$N", prepared), plan, method, find.limit());
      m.addCode("return $N.async().thenCompose($N -> $LAsync($>$>\n$L,\n$T::fromRow$L$<$<));\n",
          field, prepared, call, statement, context.mapper(), pageArg);
    } else {
      CodeBlock statement = builder ? Binding.builder(CodeBlock.of("$N.sync()", field), plan, method, find.limit())
          : Binding.bound(CodeBlock.of("$N.sync()", field), plan, method, find.limit());
      m.addCode("return $L($>$>\n$L,\n$T::fromRow$L$<$<);\n", call, statement, context.mapper(), pageArg);
    }
    return m.build();
  }

  /**
   * {@code findIdsBy…}: the master key column of the index rows of one index key, in clustering
   * order (sorted), each checked against its master row (read in batches, in parallel).
   */
  private MethodSpec ids(DaoContext context) {
    var entity = context.entity();
    var method = find.method();
    QueryPlan plan = QueryPlan.resolve(entity, find.criteria()).plan();
    String field = context.statement("select" + method.getSimpleName().toString().replaceFirst("^find", ""), CqlStatements.select(entity, plan, false));
    boolean stream = find.shape() == ReturnShape.STREAM;
    return MethodSpec.overriding(method)
        .addJavadoc("The $L ids index table {@code $L} holds for {@code $L}, in key order, read $L.\n"
            + "Each index row is checked against the master row it points at (in batches, in parallel); rows whose master no longer matches are left out and repaired.\n",
            entity.simpleName(), plan.table(), MethodCode.describe(plan), stream ? "page by page as the stream is consumed" : "whole")
        .addCode(MethodCode.checks(entity.simpleName(), plan, method, false))
        .addCode("return $L($>$>\n$L,\n$N, $N, $T::indexEntries$<$<);\n", stream ? "indexIdStream" : "indexIdList",
            Binding.bound(CodeBlock.of("$N.sync()", field), plan, method, 0), context.indexTable(plan.tableView().index()),
            context.masterLookup(), context.mapper())
        .build();
  }

  /**
   * A finder naming every partition key field but the {@code @Bucket} (and maybe a range of the
   * bucket's field): the parent's buckets are read from {@code <table>_buckets} in walk order, then
   * each bucket's rows, a page at a time.
   */
  private MethodSpec walk(DaoContext context) {
    var entity = context.entity();
    var method = find.method();
    var bound = entity.walkBound(find.criteria()).orElse(null);
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Walks the buckets of {@code $L} (@Bucket on {@code $L}) $L: the bucket numbers from table {@code $L}, read lazily, then each bucket's rows.\n",
            entity.table(), entity.bucket().orElseThrow().fieldName(), find.ascending() ? "oldest first" : "newest first", entity.bucketTable());
    List<CodeBlock> parent = new ArrayList<>();
    for (var c : entity.bucketParent()) {
      String param = method.getParameters().get(find.criteria().stream().filter(k -> k.column().equals(c)).findFirst().orElseThrow().firstParameter())
          .getSimpleName().toString();
      m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), c.fieldName(), param);
      parent.add(CodeBlock.of("$N", param));
    }
    var lower = EntityModel.lowerEnd(bound);
    var upper = EntityModel.upperEnd(bound);
    for (var end : Arrays.asList(lower, upper)) {
      if (end != null && !method.getParameters().get(end.parameter()).asType().getKind().isPrimitive()) {
        m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), entity.bucketSource().orElseThrow().fieldName(),
            method.getParameters().get(end.parameter()).getSimpleName().toString());
      }
    }
    CodeBlock pageRequest = find.shape() == ReturnShape.PAGE
        ? CodeBlock.of("$N", method.getParameters().get(find.pageRequestParameter()).getSimpleName().toString()) : null;
    return m.addStatement("return $L", walkCall(context, parent,
        lower == null ? null : CodeBlock.of("$N", method.getParameters().get(lower.parameter()).getSimpleName().toString()), lower != null && lower.inclusive(),
        upper == null ? null : CodeBlock.of("$N", method.getParameters().get(upper.parameter()).getSimpleName().toString()), upper != null && upper.inclusive(),
        find.ascending(), pageRequest)).build();
  }

  /**
   * The {@code bucketPage(…)} (or, without {@code pageRequest}, {@code bucketList(…)}) call of a
   * walk of one parent's buckets: {@code parent} the parent's key values, {@code lower}/{@code
   * upper} the bounds of the bucket's field (null: open).
   */
  static CodeBlock walkCall(DaoContext context, List<CodeBlock> parent, CodeBlock lower, boolean lowerInclusive, CodeBlock upper,
      boolean upperInclusive, boolean ascending, CodeBlock pageRequest) {
    var entity = context.entity();
    var source = entity.bucketSource().orElseThrow();
    String direction = ascending ? "Ascending" : "";
    String lowerOp = lower == null ? null : lowerInclusive ? ">=" : ">";
    String upperOp = upper == null ? null : upperInclusive ? "<=" : "<";
    String buckets = context.statement("select" + entity.simpleName() + "Buckets" + direction, CqlStatements.selectBuckets(entity, ascending));
    String rows = context.statement("select" + entity.simpleName() + "Bucket" + (lower == null ? "" : lowerInclusive ? "From" : "After")
        + (upper == null ? "" : upperInclusive ? "Until" : "Before") + direction, CqlStatements.selectBucket(entity, lowerOp, upperOp, ascending));
    CodeBlock.Builder bindParent = CodeBlock.builder();
    for (int i = 0; i < parent.size(); i++) {
      bindParent.add(".$L", ColumnCodecs.setCall(entity.bucketParent().get(i).type(), CodeBlock.of("$L", i), parent.get(i)));
    }
    int n = parent.size();
    CodeBlock.Builder bindRange = CodeBlock.builder();
    int next = n + 1;
    for (CodeBlock value : Arrays.asList(lower, upper)) {
      if (value != null) {
        bindRange.add(".$L", ColumnCodecs.setCall(source.type(), CodeBlock.of("$L", next++), value));
      }
    }
    CodeBlock bucketsOf = CodeBlock.of("(lowest, highest) -> $N.sync().boundStatementBuilder()$L.setLong($L, lowest).setLong($L, highest).build()",
        buckets, bindParent.build(), n, n + 1);
    CodeBlock lowest = lower == null ? CodeBlock.of("$T.MIN_VALUE", Long.class) : MethodCode.bucketOf(entity, lower);
    CodeBlock highest = upper == null ? CodeBlock.of("$T.MAX_VALUE", Long.class) : MethodCode.bucketOf(entity, upper);
    CodeBlock bucketRows = CodeBlock.of("bucket -> $N.sync().boundStatementBuilder()$L.setLong($L, bucket)$L.build()", rows, bindParent.build(), n, bindRange.build());
    if (pageRequest != null) {
      return CodeBlock.of("bucketPage($>$>$L,\n$L, $L, $L,\n$L,\n$T::fromRow, $L)$<$<", bucketsOf, lowest, highest, ascending, bucketRows, context.mapper(), pageRequest);
    }
    return CodeBlock.of("bucketList($>$>$L,\n$L, $L,\n$L,\n$T::fromRow)$<$<", bucketsOf, lowest, highest, bucketRows, context.mapper());
  }
}
