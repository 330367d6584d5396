package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.model.QueryMethodModel;

/** {@code save(E)}: one INSERT of every column (an upsert), at the operation's write timestamp. */
final class SaveMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Save save;

  SaveMethodGenerator(QueryMethodModel.Save save) {
    this.save = save;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    String insert = context.statement("insert" + entity.simpleName(), CqlStatements.insert(entity));
    String param = save.method().getParameters().get(0).getSimpleName().toString();
    String ts = MethodCode.local("writeTimestamp", save.method());
    MethodSpec.Builder m = MethodSpec.overriding(save.method())
        .addJavadoc("Writes every column of the {@code $L} row in table {@code $L}, replacing the row with the same key.\n"
            + "The key is checked before anything is sent; the write carries one client-side timestamp.\n", entity.simpleName(), entity.table())
        .addStatement("$T.requireValidKey($N)", context.mapper(), param)
        .addStatement("long $N = nextWriteTimestamp()", ts);
    if (entity.hasIndexes()) {
      String prepared = MethodCode.local("prepared", save.method());
      m.addJavadoc("Index tables are kept in step: new entries first, then the master row, then the entries only the previous state had.\n");
      CodeBlock previous;
      if (save.previousGiven()) {
        String given = save.method().getParameters().get(1).getSimpleName().toString();
        m.addJavadoc("The previous state is taken from {@code $L} (null: a new row) instead of read; a wrong one can leave stale entries, never missing ones.\n", given);
        previous = CodeBlock.of("$T.completedFuture($T.ofNullable($N))", java.util.concurrent.CompletableFuture.class, java.util.Optional.class, given);
      } else {
        previous = CodeBlock.of("$N.async().thenCompose($N -> oneAsync($T.bindKey($N.boundStatementBuilder(), $N).build(), $T::fromRow))",
            context.selectRow(), prepared, context.mapper(), prepared, param, context.mapper());
      }
      m.addStatement("$L$L($N, $N,$>$>\n$L,\n$T::indexEntries,\n() -> $N.async().thenApply($N -> $T.bindAll($N.boundStatementBuilder(), $N).build()))$<$<",
          save.async() ? "return " : "", save.async() ? "saveIndexedAsync" : "saveIndexed", param, ts,
          previous,
          context.mapper(),
          insert, prepared, context.mapper(), prepared, param);
    } else if (save.async()) {
      String prepared = MethodCode.local("prepared", save.method());
      m.addStatement("return $N.async().thenCompose($N -> writeAsync($T.bindAll($N.boundStatementBuilder(), $N).build(), $N))",
          insert, prepared, context.mapper(), prepared, param, ts);
    } else {
      m.addStatement("write($T.bindAll($N.sync().boundStatementBuilder(), $N).build(), $N)", context.mapper(), insert, param, ts);
    }
    return m.build();
  }
}
