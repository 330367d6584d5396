package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.References;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.NestedSetModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;

/**
 * The code of a {@code @NestedSet} entity's DAO, the same on both stores but for how a node is read
 * by id: the tables' field, {@code tree()}, the four operations, and the saves and deletes that
 * record a change after their write.
 */
public final class NestedSetCode {

  static final ClassName NESTED_SETS = ClassName.get("io.denorm.tree", "NestedSets");
  static final ClassName TABLES = ClassName.get("io.denorm.tree", "NestedSets", "Tables");
  static final ClassName TREE = ClassName.get("io.denorm.tree", "NestedSets", "Tree");

  private NestedSetCode() {}

  /** Whether the DAO of {@code dao} uses the nested set: the entity has one, and the DAO saves, deletes or reads it. */
  public static boolean uses(DaoModel dao) {
    return dao.entity().nestedSet().isPresent() && dao.entity().parentIndex().isPresent() && dao.declares(
        QueryMethodModel.NestedSetOp.class, QueryMethodModel.Save.class, QueryMethodModel.Delete.class);
  }

  public static FieldSpec field(NestedSetModel ns) {
    return FieldSpec.builder(TABLES, "nestedSet", Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("The numbering of @NestedSet {@code $L}: tables {@code $L}, {@code $L} and {@code $L}.\n", ns.name(), ns.name(), ns.nodesTable(), ns.treesTable())
        .build();
  }

  public static CodeBlock init(NestedSetModel ns) {
    return CodeBlock.builder().addStatement("this.nestedSet = nestedSet($S)", ns.name()).build();
  }

  /**
   * {@code tree()}: how {@link io.denorm.tree.NestedSets} reads the nodes; {@code byId} a {@code
   * Function<String, CompletionStage<Optional<E>>>}, {@code rows} a {@code Function<List<Object>,
   * CompletionStage<Map<Object, E>>>} reading many by id, {@value io.denorm.References#BATCH} per request.
   */
  public static MethodSpec tree(EntityModel entity, CodeBlock byId, CodeBlock rows) {
    NestedSetModel ns = entity.nestedSet().orElseThrow();
    ColumnModel id = entity.primaryKey().get(0);
    ColumnModel parent = entity.parentId().orElseThrow();
    CodeBlock siblings = ns.order() == null
        ? CodeBlock.of("$T.siblingsById(node -> node.$L)", NESTED_SETS, id.access().read())
        : CodeBlock.of("$T.<$T, $T>siblingsBy(node -> node.$L, node -> node.$L)", NESTED_SETS, entity.className(),
            TypeName.get(ns.order().javaType()).box(), ns.order().access().read(), id.access().read());
    return MethodSpec.methodBuilder("tree")
        .addJavadoc("How the nodes of @NestedSet {@code $L} are read: by id, and by parent through index {@code $L}.\n", ns.name(),
            entity.parentIndex().orElseThrow().name())
        .addModifiers(Modifier.PRIVATE)
        .returns(ParameterizedTypeName.get(TREE, entity.className()))
        .addStatement("return new $T<>($S, $S, node -> node.$L, node -> node.$L,$>$>\n$L,\n$L,\n$L,\nthis::childrenOf, nestedSet)$<$<", TREE, entity.simpleName(),
            id.fieldName(), id.access().read(), parent.access().read(), siblings, byId, rows)
        .build();
  }

  /** One of the four operations. */
  public static MethodSpec method(QueryMethodModel.NestedSetOp op, EntityModel entity) {
    NestedSetModel ns = entity.nestedSet().orElseThrow();
    String arg = op.method().getParameters().get(0).getSimpleName().toString();
    MethodSpec.Builder m = MethodSpec.overriding(op.method());
    m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), entity.primaryKey().get(0).fieldName(), arg);
    CodeBlock call;
    switch (op.kind()) {
      case LEAVES -> {
        m.addJavadoc("The leaves under {@code $L} in depth-first order (a leaf's: itself). While its tree's numbering is current: the node's range read,\n"
            + "then one range read of table {@code $L} for the leaves' ids, then their rows ($L ids per request). Otherwise the tree under it is walked.\n",
            arg, ns.name(), References.BATCH);
        call = CodeBlock.of("$T.leaves($N, tree())", NESTED_SETS, arg);
      }
      case COUNT -> {
        m.addJavadoc("How many leaves are under {@code $L}: the length of its range while its tree's numbering is current, a walk otherwise.\n", arg);
        call = CodeBlock.of("$T.count($N, tree())", NESTED_SETS, arg);
      }
      case CURRENT -> {
        m.addJavadoc("Whether the tree rooted at {@code $L} was numbered after the last change recorded to @NestedSet {@code $L}.\n", arg, ns.name());
        call = CodeBlock.of("$T.isCurrent($N, nestedSet)", NESTED_SETS, arg);
      }
      default -> {
        m.addJavadoc("Numbers the tree rooted at {@code $L}: reads it level by level, numbers its leaves depth first, writes the numbering as a new\n"
            + "generation of tables {@code $L}, {@code $L} and publishes it in {@code $L}.\n", arg, ns.name(), ns.nodesTable(), ns.treesTable());
        boolean returnsVoid = op.async() ? op.method().getReturnType().toString().endsWith("<java.lang.Void>") : op.method().getReturnType().getKind() == TypeKind.VOID;
        call = CodeBlock.of(returnsVoid ? "$T.rebuild($N, tree()).thenApply(numbering -> (Void) null)" : "$T.rebuild($N, tree())", NESTED_SETS, arg);
        if (returnsVoid && !op.async()) {
          return m.addStatement("join($L)", call).build();
        }
      }
    }
    return m.addStatement(op.async() ? "return $L" : "return join($L)", call).build();
  }

  /**
   * The DAO methods for {@code generated}, the method generated for {@code method}: itself, or, for
   * a save or delete of a DAO that {@linkplain #uses uses} the nested set, the two of {@link #recording}.
   */
  public static List<MethodSpec> wrap(DaoModel dao, QueryMethodModel method, MethodSpec generated) {
    boolean writes = method instanceof QueryMethodModel.Save || method instanceof QueryMethodModel.Delete;
    return writes && uses(dao) ? recording(generated, method, dao.entity()) : List.of(generated);
  }

  /**
   * {@code generated} (a save or delete) renamed to a private {@code <name>Unrecorded}, and the DAO
   * method calling it and then recording a change of the nested set: for a save, only when it adds
   * the node or changes its parent or order field (the stored row read first, unless the save is
   * given it); for a delete, always.
   */
  static List<MethodSpec> recording(MethodSpec generated, QueryMethodModel method, EntityModel entity) {
    String inner = generated.name() + "Unrecorded";
    MethodSpec hidden = MethodSpec.methodBuilder(inner).addModifiers(Modifier.PRIVATE).returns(generated.returnType())
        .addParameters(generated.parameters()).addCode(generated.code()).build();
    MethodSpec.Builder outer = MethodSpec.methodBuilder(generated.name()).addAnnotations(generated.annotations()).addModifiers(generated.modifiers())
        .returns(generated.returnType()).addParameters(generated.parameters()).addJavadoc(generated.javadoc());
    String args = String.join(", ", generated.parameters().stream().map(ParameterSpec::name).toList());
    boolean returns = !generated.returnType().equals(TypeName.VOID);
    String ns = entity.nestedSet().orElseThrow().name();
    CodeBlock before = null; // a save's stored row, as a stage
    CodeBlock record;
    boolean async;
    if (method instanceof QueryMethodModel.Save save) {
      async = save.async();
      String node = generated.parameters().get(0).name();
      outer.addJavadoc("A save that adds the node or changes its parent or order records a change of @NestedSet {@code $L} after its write, which\n"
          + "makes the numbering stale until the next rebuild.\n", ns);
      before = save.previousGiven() ? CodeBlock.of("$T.completedFuture($N)", CompletableFuture.class, generated.parameters().get(1).name())
          : save.insert() ? CodeBlock.of("$T.completedFuture(($T) null)", CompletableFuture.class, entity.className())
          : CodeBlock.of("$T.before($N, tree())", NESTED_SETS, node);
      record = CodeBlock.of("$T.recordIf(before, $N, tree())", NESTED_SETS, node);
    } else {
      async = ((QueryMethodModel.Delete) method).async();
      outer.addJavadoc("Then a change of @NestedSet {@code $L} is recorded, which makes the numbering stale until the next rebuild.\n", ns);
      record = CodeBlock.of("nestedSet.markChanged()");
    }
    if (async) {
      CodeBlock write = CodeBlock.of("$N($L).thenCompose(result -> $L.thenApply(recorded -> result))", inner, args, record);
      outer.addStatement(before == null ? "return $L" : "return $L.thenCompose(before -> $L)", before == null ? new Object[] {write} : new Object[] {before, write});
    } else {
      if (before != null) {
        outer.addStatement("$T before = join($L)", entity.className(), before);
      }
      outer.addStatement(returns ? "$T result = $N($L)" : "$N($L)", returns ? new Object[] {generated.returnType(), inner, args} : new Object[] {inner, args});
      outer.addStatement("join($L)", record);
      if (returns) {
        outer.addStatement("return result");
      }
    }
    return List.of(outer.build(), hidden);
  }
}
