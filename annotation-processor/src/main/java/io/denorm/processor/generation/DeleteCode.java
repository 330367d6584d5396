package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import javax.lang.model.element.Modifier;

/**
 * The delete pipeline of a generated DAO ({@code io.denorm.write.DeletePipeline}): its field, its
 * construction with the steps other rows need first, and the delete methods, each one call of it.
 * Shared by both stores; a store brings its delete step, the key of an entity and its row read.
 */
public final class DeleteCode {

  public static final ClassName PIPELINE = ClassName.get("io.denorm.write", "DeletePipeline");
  public static final String FIELD = "deletes";

  private DeleteCode() {}

  /**
   * What a store brings to the pipeline, whose delete step is the base class's ({@code deletePipeline(keyOf)}).
   *
   * @param check the key check of an entity, a {@code Consumer} expression
   * @param keyOf a {@code Function<E, List<Object>>}: an entity's key values, in key order
   * @param storedByKey a {@code CompletionStage<Optional<E>>} reading the row of the key values in
   *     local {@code key}
   */
  public record Store(CodeBlock check, CodeBlock keyOf, CodeBlock storedByKey) {}

  public static FieldSpec field(EntityModel entity) {
    return FieldSpec.builder(ParameterizedTypeName.get(PIPELINE, entity.className()), FIELD, Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("The steps of a delete of $L; every delete method is one call of it.\n", entity.simpleName())
        .build();
  }

  /**
   * The constructor statement building the pipeline, after every field its steps use. {@code
   * unlinks}: the entity has many-to-many sides whose owning rows let go of it first; {@code
   * keepsRecent}: its deletes keep other entities' {@code @Recent} lists.
   */
  public static CodeBlock init(EntityModel entity, boolean unlinks, boolean keepsRecent, Store store) {
    CodeBlock.Builder b = CodeBlock.builder()
        .add("this.$N = deletePipeline($L)$>$>", FIELD, store.keyOf())
        .add("\n.checking($L)", store.check());
    if (unlinks) {
      b.add("\n.before(key -> $L.thenCompose(snippetFanOut::beforeDelete))", store.storedByKey());
    }
    if (keepsRecent) {
      b.add("\n.before(key -> $T.beforeDeleteAll(recentLists, key.get(0), key))", RecentCode.RECENT_LIST);
    }
    return b.add("\n.build();\n$<$<").build();
  }

  /**
   * {@code deleteAll} through the pipeline: every entity checked first, then deleted as {@code
   * delete(E)} is, a bounded number at a time.
   */
  public static MethodSpec deleteAll(QueryMethodModel.DeleteAll deleteAll, EntityModel entity) {
    String param = deleteAll.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock call = CodeBlock.of("$N.deleteAll($S, $N, $T.DEFAULT_IN_FLIGHT)", FIELD, entity.simpleName(), param,
        ClassName.get("io.denorm.write", "BulkWrites"));
    MethodSpec.Builder m = MethodSpec.overriding(deleteAll.method())
        .addJavadoc("Deletes every {@code $L} of {@code $N} as {@code delete} does, with its index rows and the rows it keeps in step;\n"
            + "all are checked before anything is sent, $L in flight, those with one key one after the other.\n", entity.simpleName(), param,
            "{@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT}")
        .addJavadoc("A failed delete does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.\n");
    return (deleteAll.async() ? m.addStatement("return $L", call) : m.addStatement("join($L)", call)).build();
  }

  /**
   * A delete by key prefix: {@code checks} (the arguments), then the rows {@code rows} (a {@code
   * Stream<E>} expression reading the master range page by page) deleted through the pipeline, a
   * chunk at a time.
   */
  public static MethodSpec deleteRange(QueryMethodModel.DeleteRange delete, EntityModel entity, String table, String where, CodeBlock checks,
      CodeBlock rows) {
    MethodSpec.Builder m = MethodSpec.overriding(delete.method())
        .addJavadoc("Deletes every {@code $L} of table {@code $L} under {@code $L} as {@code delete} does, with its index rows and the rows\n",
            entity.simpleName(), table, where)
        .addJavadoc("it keeps in step: the rows are read page by page and deleted $L at a time ($L in flight), each chunk before the next is read.\n",
            "{@value io.denorm.write.DeletePipeline#RANGE_CHUNK}", "{@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT}")
        .addJavadoc("A failed delete stops the call at the end of its chunk with {@link io.denorm.BulkWriteException}; calling again deletes what is left.\n")
        .addCode(checks)
        .beginControlFlow("try ($T<$T> rows = $L)", java.util.stream.Stream.class, entity.className(), rows)
        .addStatement("$L$N.deleteEach($S, rows, $T.DEFAULT_IN_FLIGHT, stage -> join(stage))", delete.returnsCount() ? "return " : "", FIELD,
            entity.simpleName(), ClassName.get("io.denorm.write", "BulkWrites"))
        .endControlFlow();
    return m.build();
  }

  /**
   * The body of a delete: one call of the pipeline, joined unless the method is async; {@code key}
   * is the key values (a {@code List<Object>} expression) of a delete by key, unused by one given
   * the entity.
   */
  public static MethodSpec.Builder call(MethodSpec.Builder m, QueryMethodModel.Delete delete, CodeBlock key) {
    CodeBlock call = delete.byEntity()
        ? CodeBlock.of("$N.delete($N, $L)", FIELD, delete.method().getParameters().get(0).getSimpleName().toString(), delete.returnsExisted())
        : CodeBlock.of("$N.deleteByKey($L, $L)", FIELD, key, delete.returnsExisted());
    if (delete.async()) {
      return m.addStatement(delete.returnsExisted() ? "return $L" : "return $L.thenApply(existed -> null)", call);
    }
    return m.addStatement(delete.returnsExisted() ? "return join($L)" : "join($L)", call);
  }
}
