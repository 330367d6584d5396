package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
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
        .addStatement("$T.requireValidKey($N)", context.mapper(), param);
    if (entity.versioned()) {
      return versioned(context, m, param);
    }
    m.addStatement("long $N = nextWriteTimestamp()", ts);
    if (entity.hasIndexes()) {
      String prepared = MethodCode.local("prepared", save.method());
      m.addJavadoc("Index tables are kept in step: new entries first, then the master row, then the entries only the previous state had.\n");
      CodeBlock previous;
      if (save.previousGiven()) {
        String given = save.method().getParameters().get(1).getSimpleName().toString();
        m.addJavadoc("The previous state is taken from {@code $L} (null: a new row) instead of read; a wrong one can leave stale entries, never missing ones.\n", given);
        previous = CodeBlock.of("$T.completedFuture($T.ofNullable($N))", java.util.concurrent.CompletableFuture.class, java.util.Optional.class, given);
      } else {
        previous = readRow(context, prepared, param);
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

  /** The compare-and-set save of a {@code @Version} entity. */
  private MethodSpec versioned(DaoContext context, MethodSpec.Builder m, String param) {
    var entity = context.entity();
    var version = entity.version().orElseThrow();
    String insert = context.statement("insert" + entity.simpleName() + "IfAbsent", CqlStatements.insertIfAbsent(entity));
    String update = context.statement("update" + entity.simpleName() + "IfVersion", CqlStatements.updateIfVersion(entity));
    String prepared = MethodCode.local("prepared", save.method());
    String expected = MethodCode.local("expected", save.method());
    ClassName mapper = context.mapper();
    m.addJavadoc("A compare-and-set on {@code $L}: written only if the stored version is still the one {@code $L} carries (0: no row),\n"
        + "as version + 1, which is then set on {@code $L}; otherwise {@link $T} is thrown and nothing of this save remains.\n",
        version.fieldName(), param, param, CONFLICT);
    CodeBlock read = readRow(context, prepared, param);
    CodeBlock previous;
    if (save.previousGiven()) {
      String given = save.method().getParameters().get(1).getSimpleName().toString();
      previous = CodeBlock.of("$T.completedFuture($T.ofNullable($N))", java.util.concurrent.CompletableFuture.class, java.util.Optional.class, given);
    } else {
      previous = entity.hasIndexes() ? read : CodeBlock.of("null");
    }
    if (entity.hasIndexes()) {
      m.addJavadoc("Index tables are kept in step: new entries first, then the master row, then the entries only the previous state had.\n");
    }
    CodeBlock entries = entity.hasIndexes() ? CodeBlock.of("$T::indexEntries", mapper)
        : CodeBlock.of("$N -> $T.of()", MethodCode.local("e", save.method()), java.util.List.class);
    int versionIndex = entity.tableOrder().indexOf(version);
    m.addStatement("$L($S, $N,$>$>\n$L,\n$T::versionOf, $T::setVersion, $T::keyOf, $L,\n"
            + "() -> $N.async().thenApply($N -> $T.bindAll($N.boundStatementBuilder(), $N).setLong($L, 1L).build()),\n"
            + "$N -> $N.async().thenApply($N -> $T.bindUpdate($N.boundStatementBuilder(), $N, $N).build()),\n"
            + "() -> $L)$<$<",
        save.async() ? "return saveVersionedAsync" : "saveVersioned", entity.simpleName(), param,
        previous,
        mapper, mapper, mapper, entries,
        insert, prepared, mapper, prepared, param, versionIndex,
        expected, update, prepared, mapper, prepared, param, expected,
        read);
    return m.build();
  }

  /** The stage reading the stored row of the entity {@code param}, by its key. */
  private static CodeBlock readRow(DaoContext context, String prepared, String param) {
    return CodeBlock.of("$N.async().thenCompose($N -> oneAsync($T.bindKey($N.boundStatementBuilder(), $N).build(), $T::fromRow))",
        context.selectRow(), prepared, context.mapper(), prepared, param, context.mapper());
  }

  static final ClassName CONFLICT = ClassName.get("io.denorm", "ConcurrentUpdateException");
}
