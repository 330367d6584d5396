package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.DistinctModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.ReferenceModel;
import java.util.Objects;
import java.util.function.BiFunction;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * The save pipeline of a generated DAO ({@code io.denorm.write.SavePipeline}): its field, its
 * construction with one hook per feature of the entity, and the save methods, each one call of
 * it. Shared by both stores; a store brings its write step and the few expressions that differ.
 */
public final class SaveCode {

  public static final ClassName PIPELINE = ClassName.get("io.denorm.write", "SavePipeline");
  public static final String FIELD = "saves";
  /** The name of the entity inside the hooks' lambdas (no constructor parameter or DAO field has it). */
  private static final String E = "entity";

  private SaveCode() {}

  /**
   * What a store brings to the pipeline, whose write step is the base class's ({@code savePipeline()}).
   *
   * @param check the key check, a {@code Consumer} expression
   * @param stored a {@code Function<E, CompletionStage<Optional<E>>>} reading the stored row
   * @param listing the bucket's list step on {@code entity} ({@code CompletionStage}); null: none
   * @param sources a stage of the rows a snippet field copies, given the ids expression
   * @param distinctValue a field of the entity in the form the store's distinct count takes
   */
  public record Store(CodeBlock check, CodeBlock stored, CodeBlock listing,
      BiFunction<ReferenceModel, CodeBlock, CodeBlock> sources, BiFunction<ColumnModel, CodeBlock, CodeBlock> distinctValue) {}

  /**
   * Whether a save of {@code entity} does more than the store's write: copies snippets, fans out
   * ({@code fansOut}), keeps {@code @Recent} lists ({@code keepsRecent}), assigns a sequence id,
   * lists a bucket (on a store that lists them: {@code listsBuckets}) or counts a distinct pair.
   */
  public static boolean beyondWrite(EntityModel entity, boolean fansOut, boolean keepsRecent, boolean listsBuckets) {
    return !entity.snippets().isEmpty() || fansOut || keepsRecent || entity.sequence().isPresent()
        || listsBuckets && entity.bucket().isPresent() || entity.countDistinct().isPresent();
  }

  public static FieldSpec field(EntityModel entity) {
    return FieldSpec.builder(ParameterizedTypeName.get(PIPELINE, entity.className()), FIELD, Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("The steps of a save of $L, each feature hooked into its step; every save method is one call of it.\n",
            entity.simpleName())
        .build();
  }

  /**
   * The constructor statement building the pipeline; it comes after every field its hooks use.
   * {@code fansOut}: the entity is a snippet source or owns many-to-many links; {@code keepsRecent}:
   * its saves keep other entities' {@code @Recent} lists.
   */
  public static CodeBlock init(EntityModel entity, ClassName mapper, boolean fansOut, boolean keepsRecent, Store store) {
    CodeBlock.Builder b = CodeBlock.builder()
        .add("this.$N = savePipeline()$>$>", FIELD);
    b.add("\n.checking($L)", store.check());
    if (entity.sequence().isPresent()) {
      b.add("\n.assigning($N -> $T.withSequence($N, sequence))", E, mapper, E);
    }
    if (store.listing() != null) {
      b.add("\n.listing($N -> $L)", E, store.listing());
    }
    for (ReferenceModel ref : entity.snippets()) {
      b.add("\n.copying($N -> $L\n$>$>.thenApply(sources -> $T.requireNonNullElse($T.$N($N, sources::get), $N)))$<$<", E,
          store.sources().apply(ref, CodeBlock.of("$T.$N($N)", mapper, GeneratedNames.idsMethod(ref), E)),
          Objects.class, mapper, GeneratedNames.refreshMethod(ref), E, E);
    }
    if (!entity.fannedOutSnippets().isEmpty()) {
      b.add("\n.settling($N -> $N.get().settle($N, $N))", E, SnippetCopiesCode.FIELD, E, E);
    }
    if (fansOut) {
      b.add("\n.fanningOut(snippetFanOut::save, $L)", store.stored());
    }
    if (keepsRecent) {
      b.add("\n.then($N -> $T.afterSaveAll(recentLists, $N))", E, RecentCode.RECENT_LIST, E);
    }
    if (entity.countDistinct().isPresent()) {
      DistinctModel d = entity.countDistinct().get();
      b.add("\n.then($N -> $N.add($L, $L))", E, GeneratedNames.distinctField(d),
          store.distinctValue().apply(d.group(), CodeBlock.of("$N.$L", E, d.group().access().read())),
          store.distinctValue().apply(d.distinct(), CodeBlock.of("$N.$L", E, d.distinct().access().read())));
    }
    return b.add("\n.build();\n$<$<").build();
  }

  /** What an {@code insert…} method promises, for its javadoc (empty for a save). */
  public static CodeBlock insertJavadoc(QueryMethodModel.Save save) {
    if (!save.insert()) {
      return CodeBlock.of("");
    }
    return CodeBlock.of("An insert: the row is taken to be new, so nothing of its stored state is read (as {@code save(entity, null)}).\n"
        + "When a row with this key exists, it is replaced (a {@code @Version} entity fails instead), and the index entries\n"
        + "only it needed stay behind as stale entries (reads leave them out and repair them, {@code rebuild} removes them),\n"
        + "as do its memberships: counts and inverse sides keep them until repaired; an insert made just after a delete of the\n"
        + "key stamped by a clock ahead of this one is hidden by that delete.\n");
  }

  /**
   * {@code saveAll} through the pipeline: every entity checked first, then saved as {@code save(E)}
   * is, a bounded number at a time; {@code keyOf} is a {@code Function<E, List<Object>>} of its key.
   */
  public static MethodSpec.Builder saveAll(QueryMethodModel.SaveAll saveAll, EntityModel entity, CodeBlock keyOf) {
    String param = saveAll.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock call = CodeBlock.of("$N.saveAll($S, $N, $L, $T.DEFAULT_IN_FLIGHT)", FIELD, entity.simpleName(), param, keyOf,
        ClassName.get("io.denorm.write", "BulkWrites"));
    MethodSpec.Builder m = MethodSpec.overriding(saveAll.method())
        .addJavadoc("Saves every {@code $L} of {@code $N} as {@code save} does; all are checked before anything is sent, and those\n"
            + "with one key are saved one after the other in the order given (the last one is stored).\n", entity.simpleName(), param)
        .addJavadoc("A failed save does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.\n");
    return saveAll.async() ? m.addStatement("return $L", call) : m.addStatement("join($L)", call);
  }

  /** The body of {@code save}: one call of the pipeline, joined unless the method is async. */
  public static MethodSpec.Builder call(MethodSpec.Builder m, QueryMethodModel.Save save) {
    ExecutableElement method = save.method();
    String entity = method.getParameters().get(0).getSimpleName().toString();
    CodeBlock args = save.previousGiven()
        ? CodeBlock.of("$N, $N", entity, method.getParameters().get(1).getSimpleName().toString()) : CodeBlock.of("$N", entity);
    String kind = save.insert() ? "insert" : "save";
    CodeBlock call = CodeBlock.of("$N.$L($L)", FIELD, save.returnsEntity() ? kind + "Returning" : kind, args);
    if (save.async()) {
      return m.addStatement("return $L", call);
    }
    return m.addStatement(save.returnsEntity() ? "return join($L)" : "join($L)", call);
  }
}
