package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.lang.model.element.Modifier;

/**
 * The code of a {@code @MaterializedPath} entity's DAO, the same on both stores but for three
 * reads and the write: {@code writeNode}, {@code under}, {@code paths()}, the save and {@code
 * findDescendants}.
 */
public final class PathCode {

  static final ClassName PATHS = ClassName.get("io.denorm.tree", "MaterializedPaths");
  static final ClassName STORE = ClassName.get("io.denorm.tree", "MaterializedPaths", "Store");

  private PathCode() {}

  /** {@code static E withPath(E entity, String path)} of the mapper: a record copied, a class set. */
  public static MethodSpec withPath(EntityModel entity) {
    ColumnModel path = entity.materializedPath().orElseThrow();
    MethodSpec.Builder m = MethodSpec.methodBuilder("withPath")
        .addJavadoc("{@code entity} with {@code $L} set to {@code path}.\n", path.fieldName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(entity.className(), "entity")
        .addParameter(String.class, "path");
    if (entity.isRecord()) {
      return m.addStatement("return $L", MethodCode.recordWith(entity, path, CodeBlock.of("path"))).build();
    }
    return m.addStatement(MethodCode.assign(path, CodeBlock.of("path"))).addStatement("return entity").build();
  }

  /** Whether the DAO has the path helpers: its entity has a path index and it saves or reads descendants. */
  public static boolean usesHelpers(DaoModel dao) {
    EntityModel entity = dao.entity();
    return entity.materializedPath().isPresent() && entity.pathIndex().isPresent()
        && dao.declares(QueryMethodModel.Save.class, QueryMethodModel.Descendants.class);
  }

  /**
   * The DAO's helpers: {@code under(path)} ({@code under}, the rows of the path index whose path
   * starts with {@code path}, itself left out) and {@code paths()}, which writes each node through
   * the DAO's save pipeline, its previous state given.
   */
  public static List<MethodSpec> helpers(EntityModel entity, ClassName mapper, CodeBlock under, CodeBlock byId) {
    ClassName e = entity.className();
    var list = ParameterizedTypeName.get(ClassName.get(List.class), e);
    List<MethodSpec> out = new ArrayList<>();
    out.add(MethodSpec.methodBuilder("under")
        .addJavadoc("The nodes whose path starts with {@code path} (the node of {@code path} left out), in path order: one range read of index {@code $L}.\n",
            entity.pathIndex().orElseThrow().name())
        .addModifiers(Modifier.PRIVATE)
        .returns(ParameterizedTypeName.get(ClassName.get(CompletionStage.class), list))
        .addParameter(String.class, "path")
        .addStatement("return $L", under)
        .build());
    ColumnModel id = entity.primaryKey().get(0);
    ColumnModel parent = entity.parentId().orElseThrow();
    ColumnModel path = entity.materializedPath().orElseThrow();
    out.add(MethodSpec.methodBuilder("paths")
        .addJavadoc("How {@link $T#save} reads and writes the nodes of this tree.\n", PATHS)
        .addModifiers(Modifier.PRIVATE)
        .returns(ParameterizedTypeName.get(STORE, e))
        .addStatement("return new $T<>($S, $S, $S,$>$>\nnode -> node.$L, node -> node.$L, node -> node.$L, $T::withPath,\n$L,\nthis::under, $N::save)$<$<",
            STORE, entity.simpleName(), id.fieldName(), parent.fieldName(), id.access().read(), parent.access().read(), path.access().read(), mapper, byId,
            SaveCode.FIELD)
        .build());
    return out;
  }

  /** {@code save(E)}: the path computed, the node written, its subtree's paths rewritten on a move. */
  public static MethodSpec save(QueryMethodModel.Save save, EntityModel entity) {
    String param = save.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock call = CodeBlock.of("$T.save($N, paths())", PATHS, param);
    MethodSpec.Builder m = MethodSpec.overriding(save.method())
        .addJavadoc("Writes {@code $L} with its path ({@code $L}: its parent's path, read, and its id); when the path changed (a move), every node under\n"
            + "the old path is written again with the new one, parents first, through the write protocol.\n",
            param, entity.materializedPath().orElseThrow().fieldName());
    CodeBlock stage = save.returnsEntity() ? call : CodeBlock.of("$L.thenApply(written -> (Void) null)", call);
    return m.addStatement(save.async() ? "return $L" : save.returnsEntity() ? "return join($L)" : "join($L)", stage).build();
  }

  /** {@code findDescendants(id)}: the node read for its path, then one range read of the paths under it. */
  public static MethodSpec descendants(QueryMethodModel.Descendants d, EntityModel entity) {
    String id = d.method().getParameters().get(0).getSimpleName().toString();
    ColumnModel path = entity.materializedPath().orElseThrow();
    CodeBlock call = CodeBlock.of("paths().byId().apply($N).thenCompose(node -> node.map(n -> under(n.$L)).orElse($T.completedFuture($T.of())))",
        id, path.access().read(), CompletableFuture.class, List.class);
    return MethodSpec.overriding(d.method())
        .addJavadoc("Every $L under {@code $L}, in path order (depth first): its row read for its path, then one range read of index {@code $L}.\n",
            entity.simpleName(), id, entity.pathIndex().orElseThrow().name())
        .addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), entity.primaryKey().get(0).fieldName(), id)
        .addStatement(d.async() ? "return $L" : "return join($L)", call)
        .build();
  }
}
