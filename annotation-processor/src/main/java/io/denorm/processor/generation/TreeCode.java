package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.tree.Trees;
import java.util.List;
import java.util.concurrent.CompletionStage;
import javax.lang.model.element.Modifier;

/** {@code findChildren} and {@code findSubtree} of a {@code @ParentId} tree, the same on both stores but for the index read. */
public final class TreeCode {

  static final ClassName TREES = ClassName.get("io.denorm.tree", "Trees");

  private TreeCode() {}

  /** {@code private CompletionStage<List<E>> childrenOf(Object parent)}: {@code read}, the index read of the nodes whose parent is {@code parent}. */
  public static MethodSpec childrenOf(EntityModel entity, CodeBlock read) {
    return MethodSpec.methodBuilder("childrenOf")
        .addJavadoc("The $L rows whose {@code $L} is {@code parent}: one read of index {@code $L}, each row checked against its master.\n",
            entity.simpleName(), entity.parentId().orElseThrow().fieldName(), entity.parentIndex().orElseThrow().name())
        .addModifiers(Modifier.PRIVATE)
        .returns(ParameterizedTypeName.get(ClassName.get(CompletionStage.class), ParameterizedTypeName.get(ClassName.get(List.class), entity.className())))
        .addParameter(Object.class, "parent")
        .addStatement("return $L", read)
        .build();
  }

  /** The parent id, cast from {@code Object} to the key's boxed type. */
  public static CodeBlock parent(EntityModel entity) {
    return CodeBlock.of("(($T) parent)", TypeName.get(entity.primaryKey().get(0).javaType()).box());
  }

  public static MethodSpec method(QueryMethodModel.TreeRead t, EntityModel entity) {
    var params = t.method().getParameters();
    String id = params.get(0).getSimpleName().toString();
    MethodSpec.Builder m = MethodSpec.overriding(t.method());
    if (!params.get(0).asType().getKind().isPrimitive()) {
      m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), entity.primaryKey().get(0).fieldName(), id);
    }
    CodeBlock call;
    if (t.subtree()) {
      String depth = params.get(1).getSimpleName().toString();
      String e = MethodCode.local("node", t.method());
      m.addJavadoc("The $L rows under {@code $L}, breadth first, down to {@code $L} levels: each level's children read together\n"
          + "(one index read per node of the level, $L in flight), a node met twice returned once.\n", entity.simpleName(), id, depth, Trees.IN_FLIGHT);
      call = CodeBlock.of("$T.<$T, $T>breadthFirst($N, $N, this::childrenOf, $N -> $N.$L)", TREES, Object.class, entity.className(), id, depth, e, e,
          entity.primaryKey().get(0).access().read());
    } else {
      m.addJavadoc("The $L rows whose {@code $L} is {@code $L}: one read of index {@code $L}.\n", entity.simpleName(),
          entity.parentId().orElseThrow().fieldName(), id, entity.parentIndex().orElseThrow().name());
      call = CodeBlock.of("childrenOf($N)", id);
    }
    return m.addStatement(t.async() ? "return $L" : "return join($L)", call).build();
  }
}
