package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.SaveCode;
import io.denorm.processor.generation.SnippetCode;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.ReferenceModel;
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
            + "The key is checked before anything is sent; the write carries one client-side timestamp.\n", entity.simpleName(), entity.table());
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
    m.addJavadoc(SaveCode.insertJavadoc(save));
    var covering = entity.indexes().stream().filter(i -> i.covers(entity)).map(i -> i.name()).toList();
    if (save.stateKnown() && !covering.isEmpty()) {
      m.addJavadoc("On this store the stored row is read all the same: the rows of $L, a covering index, are trusted once verified,\n"
          + "and a save that replaced a state it did not read would leave that state's verified rows marked.\n", String.join(" and ", covering));
    }
    m.addJavadoc(SnippetCode.saveJavadoc(entity));
    if (!context.links().isEmpty()) {
      m.addJavadoc("Ids added to or removed from $L are applied to the owning rows ($L), read first: an added id that names no row fails the save before anything is written.\n",
          String.join(", ", context.links().stream().map(l -> "{@code " + l.index().inverse().orElseThrow().field() + "}").toList()),
          String.join(", ", context.links().stream().map(l -> l.owner().simpleName() + "." + l.field().fieldName()).toList()));
    }
    if (context.fansOut()) {
      m.addJavadoc("Then every snippet copying a changed field of {@code $L} is rewritten in its holders ($L); see {@link #fanOut}.\n", param,
          String.join(", ", context.holders().stream().map(h -> h.entity().simpleName() + "." + h.ref().column().fieldName()).toList()));
    }
    if (!usesPipeline(context, save)) {
      String ts = MethodCode.local("writeTimestamp", method);
      String insert = context.statement("insert" + entity.simpleName(), CqlStatements.insert(entity));
      return m.addStatement("$T.requireValidKey($N)", context.mapper(), param)
          .addStatement("long $N = nextWriteTimestamp()", ts)
          .addStatement("write($T.bindAll($N.sync().boundStatementBuilder(), $N), $N)", context.mapper(), insert, param, ts)
          .build();
    }
    if (entity.bucket().isPresent()) {
      m.addJavadoc("The row's bucket is first listed in table {@code $L} (the walk of {@code $L} reads it).\n", entity.bucketTable(),
          entity.bucket().get().fieldName());
    }
    if (entity.sequence().isPresent()) {
      m.addJavadoc("A {@code $L} of 0 is first assigned the next id of sequence {@code $L}$L.\n", entity.sequence().get().fieldName(),
          entity.sequenceSpec().name(), save.returnsEntity() ? "; the entity as saved is returned" : "");
    }
    if (!context.recents().isEmpty()) {
      m.addJavadoc("Then the @Recent lists holding $L ($L) are brought up to date, each by compare-and-set.\n", entity.simpleName(),
          String.join(", ", context.recents().stream().map(r -> r.parent().simpleName() + "." + r.column().fieldName()).toList()));
    }
    if (entity.countDistinct().isPresent()) {
      var d = entity.countDistinct().get();
      m.addJavadoc("Then the pair ($L, $L) is counted for @CountDistinct {@code $L} unless it was before.\n", d.group().fieldName(),
          d.distinct().fieldName(), d.name());
    }
    return SaveCode.call(m, save).build();
  }

  /** Whether {@code save} is a call of the DAO's save pipeline: unless it is a plain synchronous write of the row. */
  static boolean usesPipeline(DaoContext context, QueryMethodModel.Save save) {
    EntityModel entity = context.entity();
    boolean plain = !entity.versioned() && !entity.hasIndexes()
        && !SaveCode.beyondWrite(entity, context.fansOut(), !context.recents().isEmpty(), true);
    return !plain || save.async() || save.returnsEntity();
  }

  /** The pipeline's hooks on Cassandra: the write step and the stored-row read of the entity-aware base. */
  static SaveCode.Store store(DaoContext context) {
    EntityModel entity = context.entity();
    CodeBlock listing = null;
    if (entity.bucket().isPresent()) {
      // The bucket is listed before the row is written: a walk never misses a bucket that holds rows.
      String insertBucket = context.statement("insert" + entity.simpleName() + "Bucket", CqlStatements.insertBucket(entity));
      CodeBlock.Builder bind = CodeBlock.builder();
      for (int i = 0; i < entity.partitionKey().size(); i++) {
        var c = entity.partitionKey().get(i);
        bind.add(".$L", ColumnCodecs.setCall(c.type(), CodeBlock.of("$L", i), CodeBlock.of("entity.$L", c.access().read())));
      }
      listing = CodeBlock.of("$N.async().thenCompose(bucketInsert -> writeAsync($>$>\nbucketInsert.boundStatementBuilder()$L.build(),\n"
          + "nextWriteTimestamp()))$<$<", insertBucket, bind.build());
    }
    return new SaveCode.Store(CodeBlock.of("$T::requireValidKey", context.mapper()),
        CodeBlock.of("this::storedAsync"), listing, sources(context), ColumnCodecs::distinctValue);
  }

  /** A stage of the rows a snippet field copies, by id, given the ids: one {@code SELECT … IN} per batch. */
  static BiFunction<ReferenceModel, CodeBlock, CodeBlock> sources(DaoContext context) {
    return (ref, ids) -> {
      EntityModel source = ref.target().get();
      String select = context.statement("select" + source.simpleName() + "In", CqlStatements.selectIn(source));
      return CodeBlock.of("referencesAsync($L, $N, $T::fromRow)", ids, select, GeneratedNames.cassandraMapper(source));
    };
  }

  /** The stage reading the stored row of the entity {@code param} with its newest write time: the state an indexed save is stamped above. */
  static CodeBlock readStampedRow(DaoContext context, String prepared, String param) {
    return CodeBlock.of("$N.async().thenCompose($N -> stampedAsync($T.bindKey($N.boundStatementBuilder(), $N).build(), $T::fromRow))",
        context.selectRow(), prepared, context.mapper(), prepared, param, context.mapper());
  }

  static final ClassName CONFLICT = ClassName.get("io.denorm", "ConcurrentUpdateException");
}
