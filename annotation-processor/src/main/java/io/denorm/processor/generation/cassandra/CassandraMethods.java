package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.generation.DistinctCode;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.NestedSetCode;
import io.denorm.processor.generation.PathCode;
import io.denorm.processor.generation.SaveCode;
import io.denorm.processor.generation.TreeCode;
import io.denorm.processor.model.QueryMethodModel;
import java.util.ArrayList;

/**
 * The Cassandra generator of each kind of DAO method. A kind added to {@link QueryMethodModel}
 * without a method here does not compile.
 */
final class CassandraMethods implements QueryMethodModel.Visitor<MethodGenerator> {

  static final CassandraMethods INSTANCE = new CassandraMethods();

  private CassandraMethods() {}

  @Override
  public MethodGenerator visitSave(QueryMethodModel.Save save) {
    return context -> context.entity().materializedPath().isPresent() ? PathCode.save(save, context.entity())
        : new SaveMethodGenerator(save).generate(context);
  }

  @Override
  public MethodGenerator visitSaveAll(QueryMethodModel.SaveAll saveAll) {
    return context -> {
      if (io.denorm.processor.generation.DerivedCode.writesRowAlone(context.entity(), !context.holders().isEmpty() || !context.links().isEmpty(),
          !context.recents().isEmpty())) {
        String param = saveAll.method().getParameters().get(0).getSimpleName().toString();
        CodeBlock call = CodeBlock.of("insertAllAsync($N, $T::requireValidKey)", param, context.mapper());
        var m = com.palantir.javapoet.MethodSpec.overriding(saveAll.method())
            .addJavadoc("Saves every {@code $L} of {@code $N} as {@code save} does; all are checked before anything is sent.\n",
                context.entity().simpleName(), param)
            .addJavadoc("Of those with one key, the last one given is stored.\n")
            .addJavadoc("The rows of one partition go together as unlogged batches of up to $L rows (one mutation each),\n",
                "{@value io.denorm.cassandra.CassandraDaoBase#BATCH_ROWS}")
            .addJavadoc("$L batches in flight.\n", "{@value io.denorm.cassandra.CassandraDaoBase#BATCHES_IN_FLIGHT}")
            .addJavadoc("A failed batch does not stop the others: the call then fails with {@link io.denorm.BulkWriteException},\n"
                + "naming its rows.\n");
        return (saveAll.async() ? m.addStatement("return $L", call) : m.addStatement("join($L)", call)).build();
      }
      return SaveCode.saveAll(saveAll, context.entity(), CodeBlock.of("$T::keyOf", context.mapper()))
          .addJavadoc("Each entity is one INSERT (with its index protocol, where it has indexes), $L in flight.\n", "{@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT}")
          .build();
    };
  }

  @Override
  public MethodGenerator visitNestedSetOp(QueryMethodModel.NestedSetOp op) {
    return context -> NestedSetCode.method(op, context.entity());
  }

  @Override
  public MethodGenerator visitDescendants(QueryMethodModel.Descendants descendants) {
    return context -> PathCode.descendants(descendants, context.entity());
  }

  @Override
  public MethodGenerator visitFind(QueryMethodModel.Find find) {
    return new FindMethodGenerator(find);
  }

  @Override
  public MethodGenerator visitCount(QueryMethodModel.Count count) {
    return new CountMethodGenerator(count);
  }

  @Override
  public MethodGenerator visitUpdate(QueryMethodModel.Update update) {
    return context -> update(update, context).get(0);
  }

  /** An update method and its copy helper (the generator adds both). */
  static java.util.List<com.palantir.javapoet.MethodSpec> update(QueryMethodModel.Update update, DaoContext context) {
    return io.denorm.processor.generation.DerivedCode.update(update, context.entity(),
        key -> CodeBlock.of("storedAsync($T.<Object>asList($L))", java.util.Arrays.class, CodeBlock.join(key, ", ")),
        next -> CodeBlock.of("$N.save($N)", SaveCode.FIELD, next), (column, value) -> value);
  }

  @Override
  public MethodGenerator visitCqlQuery(QueryMethodModel.CqlQuery query) {
    return context -> {
      var entity = context.entity();
      var method = query.method();
      String name = method.getSimpleName().toString();
      String field = context.statement("query" + Character.toUpperCase(name.charAt(0)) + name.substring(1), CqlStatements.query(entity, query));
      var m = com.palantir.javapoet.MethodSpec.overriding(method)
          .addJavadoc("{@code @Query}, checked against table {@code $L} at compile time.\n", entity.table());
      java.util.Set<Integer> checked = new java.util.HashSet<>();
      for (var marker : query.markers()) {
        var p = method.getParameters().get(marker.parameter());
        if (!p.asType().getKind().isPrimitive() && checked.add(marker.parameter())) {
          m.addStatement("$T.argument($S, $S, $N)", io.denorm.processor.generation.MethodCode.KEY_CHECKS, entity.simpleName(),
              marker.column().fieldName(), p.getSimpleName().toString());
        }
      }
      String prepared = io.denorm.processor.generation.MethodCode.local("prepared", method);
      CodeBlock.Builder bound = CodeBlock.builder().add("$L.boundStatementBuilder()", query.async() ? CodeBlock.of("$N", prepared) : CodeBlock.of("$N.sync()", field));
      for (int i = 0; i < query.markers().size(); i++) {
        var marker = query.markers().get(i);
        bound.add("\n.$L", ColumnCodecs.setCall(marker.column().type(), CodeBlock.of("$L", i),
            CodeBlock.of("$N", method.getParameters().get(marker.parameter()).getSimpleName().toString())));
      }
      bound.add("\n.build()");
      String call = switch (query.shape()) {
        case OPTIONAL -> "one";
        case LIST -> "list";
        case STREAM -> "stream";
        case PAGE -> throw new IllegalStateException("a @Query method returns no Page (refused by the validator)");
      };
      if (query.async()) {
        m.addCode("return $N.async().thenCompose($N -> $LAsync($>$>\n$L,\n$T::fromRow$<$<));\n", field, prepared, call, bound.build(), context.mapper());
      } else {
        m.addCode("return $L($>$>\n$L,\n$T::fromRow$<$<);\n", call, bound.build(), context.mapper());
      }
      return m.build();
    };
  }

  @Override
  public MethodGenerator visitDeleteRange(QueryMethodModel.DeleteRange delete) {
    return context -> {
      var entity = context.entity();
      var method = delete.method();
      var plan = io.denorm.processor.model.QueryPlan.resolve(io.denorm.processor.model.TableView.master(entity), delete.criteria()).plan();
      String field = context.statement("select" + method.getSimpleName().toString().replaceFirst("^delete(All)?", ""),
          CqlStatements.select(entity, plan, false));
      return io.denorm.processor.generation.DeleteCode.deleteRange(delete, entity, plan.table(), MethodCode.describe(plan),
          MethodCode.checks(entity.simpleName(), plan, method, false),
          CodeBlock.of("stream($L, $T::fromRow)", Binding.bound(CodeBlock.of("$N.sync()", field), plan, method, 0), context.mapper()));
    };
  }

  @Override
  public MethodGenerator visitWithAttributes(QueryMethodModel.WithAttributes with) {
    return context -> io.denorm.processor.generation.DerivedCode.withAttributes(with,
        attributes -> CodeBlock.builder()
            .addStatement("$T other = withStatementOptions(statementOptions())", io.denorm.processor.generation.GeneratedNames.cassandraDao(context.dao()))
            .addStatement("other.applyAttributes($N)", attributes)
            .addStatement("return other")
            .build());
  }

  @Override
  public MethodGenerator visitDeleteAll(QueryMethodModel.DeleteAll deleteAll) {
    return context -> io.denorm.processor.generation.DeleteCode.deleteAll(deleteAll, context.entity());
  }

  @Override
  public MethodGenerator visitDelete(QueryMethodModel.Delete delete) {
    return new DeleteMethodGenerator(delete);
  }

  @Override
  public MethodGenerator visitTreeRead(QueryMethodModel.TreeRead read) {
    return context -> TreeCode.method(read, context.entity());
  }

  @Override
  public MethodGenerator visitFindAll(QueryMethodModel.FindAll findAll) {
    return context -> {
      String select = context.statement("select" + context.entity().simpleName() + "In", CqlStatements.selectIn(context.entity()));
      String ids = findAll.method().getParameters().get(0).getSimpleName().toString();
      CodeBlock rows = CodeBlock.of("referencesAsync(new $T<>($N), $N, $T::fromRow)", ArrayList.class, ids, select, context.mapper());
      return MethodCode.findAll(findAll, context.entity(), rows);
    };
  }

  @Override
  public MethodGenerator visitDistinctCount(QueryMethodModel.DistinctCount count) {
    return context -> DistinctCode.method(count, ColumnCodecs::distinctValue);
  }

  @Override
  public MethodGenerator visitGeo(QueryMethodModel.Geo geo) {
    return new GeoMethodGenerator(geo);
  }

  @Override
  public MethodGenerator visitNeighbor(QueryMethodModel.Neighbor neighbor) {
    return new NeighborMethodGenerator(neighbor);
  }

  @Override
  public MethodGenerator visitLoad(QueryMethodModel.Load load) {
    return new LoadMethodGenerator(load);
  }

  @Override
  public MethodGenerator visitUnrecognized(QueryMethodModel.Unrecognized method) {
    throw new IllegalStateException("no generator for " + method + "; validation rejects it");
  }
}
