package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.DistinctCode;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.RecentCode;
import io.denorm.processor.generation.SnippetCode;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.ReferenceModel;
import java.util.List;
import java.util.function.BiFunction;
import javax.lang.model.element.ExecutableElement;

/**
 * {@code save(E)}: one INSERT of every column (an upsert), at the operation's write timestamp; with
 * indexes, through the dual-write protocol; with {@code @Version}, as a compare-and-set; with
 * snippets, after copying them from their sources; for a snippet source, followed by the fan-out.
 */
final class SaveMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Save save;

  SaveMethodGenerator(QueryMethodModel.Save save) {
    this.save = save;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    ExecutableElement method = save.method();
    String param = method.getParameters().get(0).getSimpleName().toString();
    String previous = save.previousGiven() ? method.getParameters().get(1).getSimpleName().toString() : null;
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Writes every column of the {@code $L} row in table {@code $L}, replacing the row with the same key.\n"
            + "The key is checked before anything is sent; the write carries one client-side timestamp.\n", entity.simpleName(), entity.table())
        .addStatement("$T.requireValidKey($N)", context.mapper(), param);
    if (entity.versioned()) {
      m.addJavadoc("A compare-and-set on {@code $L}: written only if the stored version is still the one {@code $L} carries (0: no row),\n"
          + "as version + 1, which is then set on {@code $L}; otherwise {@link $T} is thrown and nothing of this save remains.\n",
          entity.version().orElseThrow().fieldName(), param, param, CONFLICT);
    }
    if (entity.hasIndexes()) {
      m.addJavadoc("Index tables are kept in step: new entries first, then the master row, then the entries only the previous state had.\n");
    }
    if (save.previousGiven()) {
      m.addJavadoc("The previous state is taken from {@code $L} (null: a new row) instead of read; a wrong one can leave stale entries, never missing ones.\n", previous);
    }
    m.addJavadoc(SnippetCode.saveJavadoc(entity));
    if (!context.links().isEmpty()) {
      m.addJavadoc("Ids added to or removed from $L are applied to the owning rows ($L), read first: an added id that names no row fails the save before anything is written.\n",
          String.join(", ", context.links().stream().map(l -> "{@code " + l.index().inverse().field() + "}").toList()),
          String.join(", ", context.links().stream().map(l -> l.owner().simpleName() + "." + l.field().fieldName()).toList()));
    }
    if (context.fansOut()) {
      m.addJavadoc("Then every snippet copying a changed field of {@code $L} is rewritten in its holders ($L); see {@link #fanOut}.\n", param,
          String.join(", ", context.holders().stream().map(h -> h.entity().simpleName() + "." + h.ref().column().fieldName()).toList()));
    }
    String ts = MethodCode.local("writeTimestamp", method);
    if (!entity.versioned()) {
      m.addStatement("long $N = nextWriteTimestamp()", ts); // taken at the call: saves issued in order are stamped in order
    }
    boolean plain = !entity.versioned() && !entity.hasIndexes() && entity.snippets().isEmpty() && !context.fansOut()
        && context.recents().isEmpty() && entity.bucket().isEmpty() && entity.sequence().isEmpty() && entity.countDistinct().isEmpty();
    if (plain && !save.async() && !save.returnsEntity()) {
      String insert = context.statement("insert" + entity.simpleName(), CqlStatements.insert(entity));
      return m.addStatement("write($T.bindAll($N.sync().boundStatementBuilder(), $N).build(), $N)", context.mapper(), insert, param, ts)
          .build();
    }
    // A @Sequence entity is written as assigned its id: everything below writes 'target'.
    String target = entity.sequence().isPresent() ? MethodCode.local("assigned", method) : param;
    if (entity.sequence().isPresent()) {
      m.addJavadoc("A {@code $L} of 0 is first assigned the next id of sequence {@code $L}$L.\n", entity.sequence().get().fieldName(),
          entity.sequenceSpec().name(), save.returnsEntity() ? "; the entity as saved is returned" : "");
    }
    CodeBlock stage = stage(context, target, previous, method);
    if (context.fansOut()) {
      CodeBlock before = previous != null ? MethodCode.given(previous) : readRow(context, MethodCode.local("prepared", method), target);
      stage = CodeBlock.of("snippetFanOut.save($N,$>$>\n$L,\n() -> $L)$<$<", target, before, stage);
    }
    if (entity.bucket().isPresent()) {
      // The bucket is listed before the row is written: a walk never misses a bucket that holds rows.
      var bucket = entity.bucket().get();
      String insertBucket = context.statement("insert" + entity.simpleName() + "Bucket", CqlStatements.insertBucket(entity));
      CodeBlock.Builder bind = CodeBlock.builder();
      for (int i = 0; i < entity.partitionKey().size(); i++) {
        var c = entity.partitionKey().get(i);
        bind.add(".$L", ColumnCodecs.setCall(c.type(), CodeBlock.of("$L", i), CodeBlock.of("$N.$L", target, c.access().read())));
      }
      m.addJavadoc("The row's bucket is first listed in table {@code $L} (the walk of {@code $L} reads it).\n", entity.bucketTable(), bucket.fieldName());
      stage = CodeBlock.of("$N.async().thenCompose(bucketInsert -> writeAsync(bucketInsert.boundStatementBuilder()$L.build(), nextWriteTimestamp()))\n.thenCompose(listed -> $L)",
          insertBucket, bind.build(), stage);
    }
    if (!context.recents().isEmpty()) {
      m.addJavadoc("Then the @Recent lists holding $L ($L) are brought up to date, each by compare-and-set.\n", entity.simpleName(),
          String.join(", ", context.recents().stream().map(r -> r.parent().simpleName() + "." + r.column().fieldName()).toList()));
      stage = RecentCode.afterSave(stage, target);
    }
    if (entity.countDistinct().isPresent()) {
      var d = entity.countDistinct().get();
      m.addJavadoc("Then the pair ($L, $L) is counted for @CountDistinct {@code $L} unless it was before.\n", d.group().fieldName(),
          d.distinct().fieldName(), d.name());
      stage = DistinctCode.afterSave(entity, stage, target, ColumnCodecs::distinctValue);
    }
    if (entity.sequence().isPresent()) {
      MethodCode.sequencedSave(m, save, context.mapper(), param, target, stage);
      return m.build();
    }
    if (save.returnsEntity()) {
      return save.async() ? m.addStatement("return $L.thenApply(saved -> $N)", stage, param).build()
          : m.addStatement("join($L)", stage).addStatement("return $N", param).build();
    }
    return m.addStatement(save.async() ? "return $L" : "join($L)", stage).build();
  }

  /**
   * The save of {@code param} as a {@code CompletionStage<Void>} expression: its snippets copied
   * from their sources (when it has any), then the write. {@code method} only keeps generated
   * locals apart from its parameter names (null for generated methods).
   */
  static CodeBlock stage(DaoContext context, String param, String previous, ExecutableElement method) {
    return SnippetCode.copies(context.entity(), context.mapper(), param, method, sources(context), copy -> write(context, copy, previous, method));
  }

  /** A stage of the rows a snippet field copies, by id, given the ids: one {@code SELECT … IN} per batch. */
  static BiFunction<ReferenceModel, CodeBlock, CodeBlock> sources(DaoContext context) {
    return (ref, ids) -> {
      EntityModel source = ref.target().get();
      String select = context.statement("select" + source.simpleName() + "In", CqlStatements.selectIn(source));
      return CodeBlock.of("referencesAsync($L, $N, $T::fromRow)", ids, select, GeneratedNames.cassandraMapper(source));
    };
  }

  /**
   * The write itself: plain, through the index protocol, or as a compare-and-set. Unless versioned
   * (the protocol stamps those), the enclosing method holds the timestamp in {@code writeTimestamp}.
   */
  static CodeBlock write(DaoContext context, String param, String previous, ExecutableElement method) {
    EntityModel entity = context.entity();
    ClassName mapper = context.mapper();
    String insert = context.statement("insert" + entity.simpleName(), CqlStatements.insert(entity));
    String prepared = MethodCode.local("prepared", method);
    CodeBlock given = previous == null ? null : MethodCode.given(previous);
    if (entity.versioned()) {
      String insertIfAbsent = context.statement("insert" + entity.simpleName() + "IfAbsent", CqlStatements.insertIfAbsent(entity));
      String update = context.statement("update" + entity.simpleName() + "IfVersion", CqlStatements.updateIfVersion(entity));
      String expected = MethodCode.local("expected", method);
      CodeBlock read = readRow(context, prepared, param);
      CodeBlock before = given != null ? given : entity.hasIndexes() ? read : CodeBlock.of("null");
      CodeBlock entries = entity.hasIndexes() ? CodeBlock.of("$T::indexEntries", mapper)
          : CodeBlock.of("$N -> $T.of()", MethodCode.local("e", method), List.class);
      int versionIndex = entity.writtenColumns().indexOf(entity.version().orElseThrow());
      return CodeBlock.of("saveVersionedAsync($S, $N,$>$>\n$L,\n$T::versionOf, $T::setVersion, $T::keyOf, $L,\n"
              + "() -> $N.async().thenApply($N -> $T.bindAll($N.boundStatementBuilder(), $N).setLong($L, 1L).build()),\n"
              + "$N -> $N.async().thenApply($N -> $T.bindUpdate($N.boundStatementBuilder(), $N, $N).build()),\n"
              + "() -> $L)$<$<",
          entity.simpleName(), param, before, mapper, mapper, mapper, entries,
          insertIfAbsent, prepared, mapper, prepared, param, versionIndex,
          expected, update, prepared, mapper, prepared, param, expected, read);
    }
    if (entity.hasIndexes()) {
      CodeBlock before = previous != null ? CodeBlock.of("given($N)", previous) : readStampedRow(context, prepared, param);
      return CodeBlock.of("saveIndexedAsync($N, $N,$>$>\n$L,\n$T::indexEntries,\n"
              + "() -> $N.async().thenApply($N -> $T.bindAll($N.boundStatementBuilder(), $N).build()))$<$<",
          param, MethodCode.local("writeTimestamp", method), before, mapper, insert, prepared, mapper, prepared, param);
    }
    return CodeBlock.of("$N.async().thenCompose($N -> writeAsync($T.bindAll($N.boundStatementBuilder(), $N).build(), $N))",
        insert, prepared, mapper, prepared, param, MethodCode.local("writeTimestamp", method));
  }

  /** The stage reading the stored row of the entity {@code param}, by its key. */
  static CodeBlock readRow(DaoContext context, String prepared, String param) {
    return CodeBlock.of("$N.async().thenCompose($N -> oneAsync($T.bindKey($N.boundStatementBuilder(), $N).build(), $T::fromRow))",
        context.selectRow(), prepared, context.mapper(), prepared, param, context.mapper());
  }

  /** The stage reading the stored row of the entity {@code param} with its newest write time: the state an indexed save is stamped above. */
  static CodeBlock readStampedRow(DaoContext context, String prepared, String param) {
    return CodeBlock.of("$N.async().thenCompose($N -> stampedAsync($T.bindKey($N.boundStatementBuilder(), $N).build(), $T::fromRow))",
        context.selectRow(), prepared, context.mapper(), prepared, param, context.mapper());
  }

  static final ClassName CONFLICT = ClassName.get("io.denorm", "ConcurrentUpdateException");
}
