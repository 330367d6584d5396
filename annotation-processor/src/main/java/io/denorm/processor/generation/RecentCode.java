package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.RecentModel;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** The code a child's DAO runs for the {@code @Recent} lists of its parents. Shared by both stores. */
public final class RecentCode {

  public static final ClassName RECENT_LIST = ClassName.get("io.denorm.snippet", "RecentList");

  private RecentCode() {}

  /** {@code RecentComments}: the suffix of the parent mapper's methods for a recent list. */
  public static String suffix(ColumnModel column) {
    return column.capitalized();
  }

  /**
   * {@code this.recentLists = List.of(new RecentList<Comment>(…, <store>), …)}; {@code store} gives
   * each list's store expression.
   */
  public static CodeBlock init(EntityModel child, List<RecentModel> recents, Function<RecentModel, CodeBlock> store) {
    ClassName c = child.className();
    CodeBlock parentId = CodeBlock.of("(($T child) -> child.$L)", c, child.partitionKey().get(0).access().read());
    CodeBlock key = CodeBlock.of("(($T child) -> $T.<Object>asList($L))", c, Arrays.class,
        child.primaryKey().stream().map(k -> CodeBlock.of("child.$L", k.access().read())).collect(CodeBlock.joining(", ")));
    CodeBlock order = CodeBlock.of("(($T child) -> child.$L)", c, child.clusteringKey().get(0).access().read());
    CodeBlock lists = recents.stream().map(r -> CodeBlock.of("new $T<$T>($S, $S, $L, $L,\n$L, $L,\n$L)", RECENT_LIST, c, r.parent().simpleName(),
            r.column().fieldName(), r.spec().limit(), parentId, key, order, store.apply(r)))
        .collect(CodeBlock.joining(",\n"));
    return CodeBlock.builder().addStatement("this.recentLists = $T.of($>$>\n$L)$<$<", List.class, lists).build();
  }
}
