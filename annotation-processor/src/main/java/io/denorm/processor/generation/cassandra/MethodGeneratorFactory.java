package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.QueryMethodModel;

/** Picks the generator for each kind of DAO method; a new kind is a new class here. */
final class MethodGeneratorFactory {
  private MethodGeneratorFactory() {}

  static MethodGenerator of(QueryMethodModel method) {
    if (method instanceof QueryMethodModel.Save save) {
      return context -> context.entity().materializedPath().isPresent() ? io.denorm.processor.generation.PathCode.save(save, context.entity())
          : new SaveMethodGenerator(save).generate(context);
    }
    if (method instanceof QueryMethodModel.NestedSetOp op) {
      return context -> io.denorm.processor.generation.NestedSetCode.method(op, context.entity());
    }
    if (method instanceof QueryMethodModel.Descendants d) {
      return context -> io.denorm.processor.generation.PathCode.descendants(d, context.entity());
    }
    if (method instanceof QueryMethodModel.Find find) {
      return new FindMethodGenerator(find);
    }
    if (method instanceof QueryMethodModel.Delete delete) {
      return new DeleteMethodGenerator(delete);
    }
    if (method instanceof QueryMethodModel.TreeRead t) {
      return context -> io.denorm.processor.generation.TreeCode.method(t, context.entity());
    }
    if (method instanceof QueryMethodModel.FindAll fa) {
      return context -> {
        String select = context.statement("select" + context.entity().simpleName() + "In", CqlStatements.selectIn(context.entity()));
        String ids = fa.method().getParameters().get(0).getSimpleName().toString();
        CodeBlock rows = CodeBlock.of("referencesAsync(new $T<>($N), $N, $T::fromRow)", java.util.ArrayList.class, ids, select, context.mapper());
        return io.denorm.processor.generation.MethodCode.findAll(fa, context.entity(), rows);
      };
    }
    if (method instanceof QueryMethodModel.DistinctCount dc) {
      return context -> io.denorm.processor.generation.DistinctCode.method(dc, ColumnCodecs::distinctValue);
    }
    if (method instanceof QueryMethodModel.Geo geo) {
      return new GeoMethodGenerator(geo);
    }
    if (method instanceof QueryMethodModel.Neighbor neighbor) {
      return new NeighborMethodGenerator(neighbor);
    }
    if (method instanceof QueryMethodModel.Load load) {
      return new LoadMethodGenerator(load);
    }
    throw new IllegalStateException("no generator for " + method + "; validation should have rejected it");
  }
}
