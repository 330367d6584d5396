package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.ReturnShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * DAO methods built on top of others, the same for both stores: projections (a finder's rows mapped
 * to a record), partial updates (a row read, copied with some fields set, saved), and the DAO
 * instances derived with other statement attributes or an expiry.
 */
public final class DerivedCode {

  private DerivedCode() {}

  static final ClassName ATTRIBUTES = ClassName.get("io.denorm", "Attributes");

  /**
   * {@code update<Fields>By<Key>}: the row read by its key ({@code read}, a {@code
   * CompletionStage<Optional<E>>} expression over the key values, each as {@code keyValue} gives it), the
   * fields set on a copy, and the copy saved as {@code save} (a {@code CompletionStage<Void>}
   * expression over the local it is given) saves it; false, with nothing written, when there is no row.
   * Returns the method and its private copy helper.
   */
  public static List<MethodSpec> update(QueryMethodModel.Update update, EntityModel entity,
      Function<List<CodeBlock>, CodeBlock> read, Function<String, CodeBlock> save, java.util.function.BiFunction<ColumnModel, CodeBlock, CodeBlock> keyValue) {
    ExecutableElement method = update.method();
    int keys = update.criteria().size();
    List<CodeBlock> key = new ArrayList<>();
    for (ColumnModel k : entity.primaryKey()) {
      var c = update.criteria().stream().filter(x -> x.column().equals(k)).findFirst().orElseThrow();
      key.add(keyValue.apply(k, CodeBlock.of("$N", method.getParameters().get(c.firstParameter()).getSimpleName().toString())));
    }
    String apply = method.getSimpleName() + "$apply";
    MethodSpec.Builder copy = MethodSpec.methodBuilder(apply)
        .addJavadoc("A copy of {@code stored} with $L set.\n", String.join(", ", update.fields()))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(entity.className())
        .addParameter(entity.className(), "stored");
    List<String> values = new ArrayList<>();
    for (int i = 0; i < update.fields().size(); i++) {
      var p = method.getParameters().get(keys + i);
      copy.addParameter(TypeName.get(p.asType()), "value" + i);
      values.add(p.getSimpleName().toString());
    }
    MethodCode.newEntity(copy, entity, c -> {
      int i = update.columns().indexOf(c);
      return i >= 0 ? CodeBlock.of("value$L", i) : CodeBlock.of("stored.$L", c.access().read());
    });
    String found = MethodCode.local("found", method);
    String next = MethodCode.local("next", method);
    String saved = MethodCode.local("saved", method);
    String result = MethodCode.local("updated", method);
    QueryPlan plan = QueryPlan.resolve(io.denorm.processor.model.TableView.master(entity), update.criteria()).plan();
    CodeBlock updated = CodeBlock.builder()
        .add("$L.thenCompose($N -> {\n$>", read.apply(key), found)
        .add("if ($N.isEmpty()) {\n$>return $T.completedFuture(false);\n$<}\n", found, CompletableFuture.class)
        .add("$T $N = $N($N.get(), $L);\n", entity.className(), next, apply, found, String.join(", ", values))
        .add("return $L.thenApply($N -> true);\n", save.apply(next), saved)
        .add("$<})")
        .build();
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Reads the {@code $L} row of the key given, sets $L, and saves it as {@code save} does (its index rows, counts and snippets\n"
            + "kept in step); the other fields are written again with the values read. $L when there is no row (nothing is written).\n",
            entity.simpleName(), String.join(", ", update.fields()), update.returnsExisted() ? "Returns false" : "Does nothing")
        .addCode(MethodCode.checks(entity.simpleName(), plan, method, true));
    m.addCode("$T<$T> $N = $L;\n", CompletionStage.class, Boolean.class, result, updated);
    if (update.async()) {
      if (update.returnsExisted()) {
        m.addStatement("return $N", result);
      } else {
        m.addStatement("return $N.thenApply($N -> null)", result, MethodCode.local("existed", method));
      }
    } else {
      m.addStatement(update.returnsExisted() ? "return join($N)" : "join($N)", result);
    }
    return List.of(m.build(), copy.build());
  }

  /**
   * A finder returning a projection: {@code rows}, the finder generated as if it returned the entity,
   * becomes a private method, and the finder itself maps each entity it returns to the record (the
   * rows are read whole and checked as the entity finder's are).
   */
  public static List<MethodSpec> projected(QueryMethodModel.Find find, EntityModel entity, MethodSpec rows) {
    ExecutableElement method = find.method();
    String inner = method.getSimpleName() + "$rows";
    ClassName shape = switch (find.shape()) {
      case OPTIONAL -> ClassName.get(java.util.Optional.class);
      case LIST -> ClassName.get(List.class);
      case STREAM -> ClassName.get(java.util.stream.Stream.class);
      case PAGE -> ClassName.get("io.denorm", "Page");
    };
    TypeName entityRows = ParameterizedTypeName.get(shape, entity.className());
    MethodSpec hidden = MethodSpec.methodBuilder(inner)
        .addModifiers(Modifier.PRIVATE)
        .returns(find.async() ? ParameterizedTypeName.get(ClassName.get(CompletionStage.class), entityRows) : entityRows)
        .addParameters(rows.parameters())
        .addCode(rows.code())
        .build();
    ClassName record = ClassName.get(find.projection());
    String row = MethodCode.local("row", method);
    String found = MethodCode.local("found", method);
    CodeBlock.Builder fields = CodeBlock.builder();
    List<? extends javax.lang.model.element.RecordComponentElement> components = find.projection().getRecordComponents();
    for (int i = 0; i < components.size(); i++) {
      ColumnModel c = entity.column(components.get(i).getSimpleName().toString()).orElseThrow();
      fields.add(i == 0 ? "$L" : ", $L", row + "." + c.access().read());
    }
    CodeBlock map = CodeBlock.of("$N -> new $T($L)", row, record, fields.build());
    CodeBlock args = CodeBlock.of("$L", String.join(", ", method.getParameters().stream().map(p -> p.getSimpleName().toString()).toList()));
    CodeBlock call = CodeBlock.of("$N($L)", inner, args);
    java.util.function.Function<CodeBlock, CodeBlock> mapped = source -> find.shape() == ReturnShape.LIST
        ? CodeBlock.of("$L.stream().map($L).toList()", source, map)
        : CodeBlock.of("$L.map($L)", source, map);
    MethodSpec projection = MethodSpec.overriding(method)
        .addJavadoc(rows.javadoc())
        .addJavadoc("Each {@code $L} read is returned as a {@link $T} of its fields $L.\n", entity.simpleName(), record,
            String.join(", ", components.stream().map(c -> c.getSimpleName().toString()).toList()))
        .addStatement("return $L", find.async() ? CodeBlock.of("$L.thenApply($N -> $L)", call, found, mapped.apply(CodeBlock.of("$N", found))) : mapped.apply(call))
        .build();
    return List.of(projection, hidden);
  }

  /**
   * A finder returning {@code Flow.Publisher}: {@code generated} (its methods as if it returned a
   * {@code Stream}, the finder's own first) gets the finder's body moved into a private {@code
   * <name>$stream} method, and the finder returns {@code Publishers.ofStream} of it, which runs the
   * stream anew for each subscriber and reads only as far as its demand. Other finders are returned
   * as they are.
   */
  public static List<MethodSpec> published(QueryMethodModel.Find find, List<MethodSpec> generated) {
    if (!find.publisher()) {
      return generated;
    }
    ExecutableElement method = find.method();
    MethodSpec outer = generated.get(0);
    TypeName element = ((ParameterizedTypeName) TypeName.get(method.getReturnType())).typeArguments().get(0);
    String inner = method.getSimpleName() + "$stream";
    MethodSpec stream = MethodSpec.methodBuilder(inner)
        .addModifiers(Modifier.PRIVATE)
        .returns(ParameterizedTypeName.get(ClassName.get(java.util.stream.Stream.class), element))
        .addParameters(outer.parameters())
        .addCode(outer.code())
        .build();
    String args = String.join(", ", method.getParameters().stream().map(p -> p.getSimpleName().toString()).toList());
    MethodSpec publisher = MethodSpec.overriding(method)
        .addJavadoc(outer.javadoc())
        .addJavadoc("Published with back-pressure: each subscriber runs the read anew, and a page is read only when the rows before it\n"
            + "are delivered and more are requested ({@link $T}).\n", PUBLISHERS)
        .addStatement("return $T.ofStream(() -> $N($L))", PUBLISHERS, inner, args)
        .build();
    List<MethodSpec> out = new java.util.ArrayList<>(List.of(publisher, stream));
    out.addAll(generated.subList(1, generated.size()));
    return out;
  }

  private static final ClassName PUBLISHERS = ClassName.get("io.denorm", "Publishers");

  /**
   * {@code withAttributes(attributes)}: {@code derive} (statements ending in a return) builds another
   * instance of the DAO from the parameter.
   */
  public static MethodSpec withAttributes(QueryMethodModel.WithAttributes with, java.util.function.Function<String, CodeBlock> derive) {
    String attributes = with.method().getParameters().get(0).getSimpleName().toString();
    return MethodSpec.overriding(with.method())
        .addJavadoc("Another instance of this DAO, over the same session and tables, whose statements carry {@code $L} on top of this one's.\n"
            + "It shares this one's clock, repair grace, write observer and list limit.\n", attributes)
        .addStatement("$T.requireNonNull($N, $S)", Objects.class, attributes, "attributes")
        .addCode(derive.apply(attributes))
        .build();
  }

  /**
   * {@code plainWrites()} in the constructor of a DAO whose saves and deletes write the entity's row
   * alone (no index table, claim, version, reference, snippet fan-out, recent list, count, tree,
   * bucket, sequence or distinct count), so that it may be given write times; nothing for another.
   */
  public static CodeBlock plainWrites(EntityModel entity, boolean fansOut, boolean recents) {
    return writesRowAlone(entity, fansOut, recents) ? CodeBlock.builder().addStatement("plainWrites()").build() : CodeBlock.of("");
  }

  /**
   * Whether a save or delete of {@code entity} writes its row alone: no index table, claim, version,
   * reference, snippet (held or fanned out: {@code fansOut}), recent list ({@code recents}), count,
   * tree, bucket, sequence or distinct count.
   */
  public static boolean writesRowAlone(EntityModel entity, boolean fansOut, boolean recents) {
    return !entity.hasIndexes() && !entity.versioned() && !entity.isWrittenByOthers() && entity.references().isEmpty()
        && entity.snippets().isEmpty() && entity.nestedSet().isEmpty() && entity.countDistinct().isEmpty() && entity.sequence().isEmpty()
        && entity.bucket().isEmpty() && entity.parentId().isEmpty() && entity.materializedPath().isEmpty() && !entity.loggedBatch()
        && entity.columns().stream().noneMatch(ColumnModel::isMaintained) && !fansOut && !recents;
  }

  /** {@code expiring(seconds)} in the constructor of a DAO of a {@code @TimeToLive} entity; nothing for another. */
  public static CodeBlock expiring(EntityModel entity) {
    return entity.expiring() ? CodeBlock.builder().addStatement("expiring($L)", entity.timeToLive().seconds()).build() : CodeBlock.of("");
  }

  /**
   * The {@code @StatementAttributes} of {@code dao} as an {@code io.denorm.Attributes} expression,
   * or null when it has none.
   */
  public static CodeBlock daoAttributes(javax.lang.model.element.TypeElement dao) {
    io.denorm.annotations.StatementAttributes a = dao.getAnnotation(io.denorm.annotations.StatementAttributes.class);
    if (a == null) {
      return null;
    }
    CodeBlock.Builder b = CodeBlock.builder().add("$T.none()", ATTRIBUTES);
    ClassName level = ATTRIBUTES.nestedClass("Level");
    if (!a.consistency().isEmpty()) {
      b.add(".withConsistency($T.$L)", level, a.consistency());
    }
    if (!a.serialConsistency().isEmpty()) {
      b.add(".withSerialConsistency($T.$L)", level, a.serialConsistency());
    }
    if (a.timeoutMillis() > 0) {
      b.add(".withTimeout($T.ofMillis($LL))", java.time.Duration.class, a.timeoutMillis());
    }
    if (!a.executionProfile().isEmpty()) {
      b.add(".withExecutionProfile($S)", a.executionProfile());
    }
    if (a.tracing()) {
      b.add(".withTracing()");
    }
    if (a.durability() != io.denorm.Attributes.Durability.USE_DEFAULT) {
      b.add(".withDurability($T.$L)", ATTRIBUTES.nestedClass("Durability"), a.durability().name());
    }
    return b.build();
  }
}
