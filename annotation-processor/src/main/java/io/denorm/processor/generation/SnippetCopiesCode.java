package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.ReferenceModel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import javax.lang.model.element.Modifier;

/**
 * The generated code by which a holder's copies are settled ({@code SnippetHolders.settle}): the
 * DAO's own holder rows, and {@code copiesNow}, reading the sources of its fanned-out snippets.
 */
public final class SnippetCopiesCode {
  private SnippetCopiesCode() {}

  /** The DAO field holding its entity's {@code XSnippetHolders}, through which a save settles the copies it wrote. */
  public static final String FIELD = "snippetCopies";

  /**
   * The DAO's {@value #FIELD} field, for an entity with fanned-out snippets: its own holder
   * rows, made on first use with the DAO's settings.
   */
  public static FieldSpec copiesField(EntityModel entity, ClassName holders) {
    return FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Supplier.class), holders),
            FIELD, Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("The rows of $L as snippet holders: a save settles the copies it wrote through them (see {@code SnippetHolders.settle}).\n",
            entity.simpleName())
        .build();
  }

  /** {@code this.snippetCopies = SnippetFanOut.once(() -> new XSnippetHolders(a, b, this))}. */
  public static CodeBlock copiesInit(ClassName holders, String first, String second) {
    return CodeBlock.builder().addStatement("this.$N = $T.once(() -> new $T($N, $N, this))", FIELD, SnippetCode.FAN_OUT, holders, first, second).build();
  }

  /**
   * The body of {@code copiesNow}: the sources of each fanned-out snippet field read in turn by
   * {@code read} (given the ids, a stage of the rows by id), then one function refreshing a state from
   * all of them.
   */
  static CodeBlock copiesNowBody(EntityModel entity, ClassName mapper, BiFunction<ReferenceModel, CodeBlock, CodeBlock> read) {
    List<ReferenceModel> refs = entity.fannedOutSnippets();
    if (refs.isEmpty()) {
      return CodeBlock.builder().addStatement("return $T.completedFuture(null)", CompletableFuture.class).build();
    }
    CodeBlock steps = IntStream.range(0, refs.size())
        .mapToObj(i -> CodeBlock.of("state -> $T.$N(state, $N::get)", mapper, GeneratedNames.refreshMethod(refs.get(i)), sourcesOf(refs.get(i))))
        .collect(CodeBlock.joining(", "));
    CodeBlock stage = CodeBlock.of("$T.<$T>inTurn($L)", SnippetCode.SNIPPET_HOLDERS, entity.className(), steps);
    for (int i = refs.size() - 1; i >= 0; i--) {
      CodeBlock reading = read.apply(refs.get(i), CodeBlock.of("$T.$N(entity)", mapper, GeneratedNames.idsMethod(refs.get(i))));
      stage = i == refs.size() - 1
          ? CodeBlock.of("$L\n.thenApply($N -> $L)", reading, sourcesOf(refs.get(i)), stage)
          : CodeBlock.of("$L\n.thenCompose($N -> $L)", reading, sourcesOf(refs.get(i)), stage);
    }
    return CodeBlock.builder().addStatement("return $L", stage).build();
  }

  /** {@code authorsSources}: the local holding the rows snippet field {@code ref} copies, by id. */
  private static String sourcesOf(ReferenceModel ref) {
    return ref.column().fieldName() + "Sources";
  }
}
