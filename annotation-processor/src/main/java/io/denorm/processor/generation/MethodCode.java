package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.denorm.References;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.PropertyAccess;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.ReferenceModel;
import io.denorm.processor.model.ReturnShape;
import io.denorm.processor.model.ScalarKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;

/** Pieces of generated method bodies that do not depend on the store: argument checks, names, defaults. */
public final class MethodCode {
  private MethodCode() {}

  public static final ClassName KEY_CHECKS = ClassName.get("io.denorm", "KeyChecks");

  /**
   * Argument checks of a finder or delete: every non-primitive value bound to a key column must be
   * present ({@code keyComponent} also checks its size, for writes).
   */
  public static CodeBlock checks(String entity, QueryPlan plan, ExecutableElement method, boolean forWrite) {
    CodeBlock.Builder b = CodeBlock.builder();
    Set<Integer> seen = new HashSet<>();
    for (QueryPlan.Condition c : plan.conditions()) {
      VariableElement p = method.getParameters().get(c.parameter());
      if (p.asType().getKind().isPrimitive() || !seen.add(c.parameter())) {
        continue;
      }
      KeyColumn column = c.column();
      b.addStatement("$T.$L($S, $S, $N)", KEY_CHECKS, forWrite ? "keyComponent" : "argument",
          entity, column.fieldName(), p.getSimpleName().toString());
    }
    return b.build();
  }

  /** A local variable name that no parameter of {@code method} already uses (null: a generated method, no clash). */
  public static String local(String base, ExecutableElement method) {
    if (method == null) {
      return base;
    }
    String name = base;
    while (usedByParameter(name, method)) {
      name = name + "_";
    }
    return name;
  }

  private static boolean usedByParameter(String name, ExecutableElement method) {
    return method.getParameters().stream().anyMatch(p -> p.getSimpleName().contentEquals(name));
  }

  /** {@code KeyChecks.bucket(…)}: the bucket of a {@code @Bucket} entity is {@code floorDiv(of, size)}. */
  public static CodeBlock bucketChecks(EntityModel entity) {
    if (entity.bucket().isEmpty() || entity.bucketSource().isEmpty()) {
      return CodeBlock.of("");
    }
    var b = entity.bucket().get();
    var of = entity.bucketSource().get();
    if (entity.timeBucket()) {
      return CodeBlock.builder().addStatement("$T.timeBucket($S, $S, entity.$L, $S, entity.$L, $T.$L)", KEY_CHECKS, entity.simpleName(), b.fieldName(),
          b.access().read(), of.fieldName(), of.access().read(), java.time.temporal.ChronoUnit.class, entity.bucketSpec().unit().name()).build();
    }
    return CodeBlock.builder().addStatement("$T.bucket($S, $S, entity.$L, $S, entity.$L, $LL)", KEY_CHECKS, entity.simpleName(), b.fieldName(),
        b.access().read(), of.fieldName(), of.access().read(), entity.bucketSpec().size()).build();
  }

  /**
   * The bucket of a walk bound {@code value} (the bucket's field type): {@code TimeBuckets.of(unit,
   * value)} or {@code Math.floorDiv(value, size)}.
   */
  public static CodeBlock bucketOf(EntityModel entity, CodeBlock value) {
    return entity.timeBucket()
        ? CodeBlock.of("$T.of($T.$L, $L)", ClassName.get("io.denorm", "TimeBuckets"), java.time.temporal.ChronoUnit.class, entity.bucketSpec().unit().name(), value)
        : CodeBlock.of("$T.floorDiv($L, $LL)", Math.class, value, entity.bucketSpec().size());
  }

  public static CodeBlock jsonChecks(EntityModel entity) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (ColumnModel c : entity.columns()) {
      if (c.type().holdsJson() || c.type() instanceof ColumnType.JsonColumn j && j.inner().holdsJson()) {
        b.addStatement("$T.check($S, $S, entity.$L)", ClassName.get("io.denorm.json", "JsonValues"), entity.simpleName(), c.fieldName(), c.access().read());
      }
    }
    return b.build();
  }

  public static String describe(QueryPlan plan) {
    StringBuilder s = new StringBuilder();
    for (QueryPlan.Condition c : plan.conditions()) {
      if (s.length() > 0) {
        s.append(" AND ");
      }
      s.append(c.column().columnName()).append(' ').append(c.cqlOperator()).append(" ?");
    }
    return s.toString();
  }

  /** The value a transient record component gets on reads: its type's default. */
  public static String defaultValue(String javaType) {
    return switch (javaType) {
      case "boolean" -> "false";
      case "char" -> "(char) 0";
      case "byte" -> "(byte) 0";
      case "short" -> "(short) 0";
      case "int" -> "0";
      case "long" -> "0L";
      case "float" -> "0f";
      case "double" -> "0d";
      default -> "null";
    };
  }

  /**
   * {@code versionOf(e)} and {@code setVersion(e, v)} of a {@code @Version}
   * entity, for generated mappers (which sit in the entity's package).
   */
  public static List<MethodSpec> versionAccessors(EntityModel entity) {
    ColumnModel version = entity.version().orElseThrow();
    var access = version.access();
    MethodSpec.Builder set = MethodSpec.methodBuilder("setVersion")
        .addJavadoc("Sets the version a successful save wrote.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addParameter(entity.className(), "entity")
        .addParameter(long.class, "version");
    if (access.writeKind() == PropertyAccess.Write.FIELD) {
      set.addStatement("entity.$L = version", access.write());
    } else {
      set.addStatement("entity.$L(version)", access.write());
    }
    return List.of(
        MethodSpec.methodBuilder("versionOf")
            .addJavadoc("The version {@code entity} carries: 0 for one never saved.\n")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(long.class)
            .addParameter(entity.className(), "entity")
            .addStatement("return entity.$L", access.read())
            .build(),
        set.build());
  }

  /** {@code keyOf(e)}: the key values of an entity, in key order, as a delete and a conflict take them. */
  public static MethodSpec keyOf(EntityModel entity) {
    CodeBlock key = entity.primaryKey().stream()
        .map(c -> CodeBlock.of("entity.$L", c.access().read()))
        .collect(CodeBlock.joining(", "));
    return MethodSpec.methodBuilder("keyOf")
        .addJavadoc("The key values of {@code entity}, in key order.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(List.class, Object.class))
        .addParameter(entity.className(), "entity")
        .addStatement("return $T.asList($L)", Arrays.class, key)
        .build();
  }

  public static final ClassName BLOCK_SEQUENCE = ClassName.get("io.denorm.sequence", "BlockSequence");

  /**
   * {@code withSequence(e, sequence)} of a {@code @Sequence} entity: {@code e} with an id from the
   * sequence when its id is 0 (a record is copied, a class has it set), else {@code e} itself.
   */
  public static MethodSpec withSequence(EntityModel entity) {
    ColumnModel id = entity.sequence().orElseThrow();
    MethodSpec.Builder m = MethodSpec.methodBuilder("withSequence")
        .addJavadoc("{@code entity} with {@code $L} assigned from sequence {@code $L} when it is 0, else {@code entity} as it is.\n",
            id.fieldName(), entity.sequenceSpec().name())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(ClassName.get(CompletionStage.class), entity.className()))
        .addParameter(entity.className(), "entity")
        .addParameter(BLOCK_SEQUENCE, "sequence")
        .addStatement("$T.requireNonNull(entity, $S)", Objects.class, entity.simpleName() + " to save")
        .beginControlFlow("if (entity.$L != 0L)", id.access().read())
        .addStatement("return $T.completedFuture(entity)", CompletableFuture.class)
        .endControlFlow();
    if (entity.isRecord()) {
      return m.addStatement("return sequence.nextAsync().thenApply(assigned -> $L)", recordWith(entity, id, CodeBlock.of("assigned"))).build();
    }
    return m.addStatement("return sequence.nextAsync().thenApply(assigned -> {$>\n$L;\nreturn entity;$<\n})", assign(id, CodeBlock.of("assigned"))).build();
  }

  /**
   * The end of a mapper method building an entity from its stored columns, {@code value} giving each
   * column's value: a record's canonical constructor (components not stored get their default), or
   * a class's no-argument constructor then each column's field or setter in table order.
   */
  public static MethodSpec.Builder newEntity(MethodSpec.Builder m, EntityModel entity, Function<ColumnModel, CodeBlock> value) {
    if (entity.isRecord()) {
      CodeBlock args = entity.components().stream()
          .map(component -> component.stored() ? value.apply(entity.column(component.name()).orElseThrow())
              : defaultValue(component.javaType()))
          .map(arg -> CodeBlock.of("\n$L", arg))
          .collect(CodeBlock.joining(","));
      return m.addStatement("return new $T($>$>$L$<$<)", entity.className(), args);
    }
    m.addStatement("$T entity = new $T()", entity.className(), entity.className());
    for (ColumnModel c : entity.tableOrder()) {
      m.addStatement(assign(c, value.apply(c)));
    }
    return m.addStatement("return entity");
  }

  /** {@code new E(…)}: a copy of the record {@code entity} with {@code column} set to {@code value}. */
  public static CodeBlock recordWith(EntityModel entity, ColumnModel column, CodeBlock value) {
    CodeBlock args = entity.components().stream()
        .map(c -> c.name().equals(column.fieldName()) ? value : CodeBlock.of("entity.$L()", c.name()))
        .collect(CodeBlock.joining(", "));
    return CodeBlock.of("new $T($L)", entity.className(), args);
  }

  /** {@code entity.field = value} or {@code entity.setField(value)}: {@code column} of the class instance {@code entity} set. */
  public static CodeBlock assign(ColumnModel column, CodeBlock value) {
    return column.access().writeKind() == PropertyAccess.Write.FIELD
        ? CodeBlock.of("entity.$L = $L", column.access().write(), value)
        : CodeBlock.of("entity.$L($L)", column.access().write(), value);
  }

  /** The DAO field holding the entity's {@code @Sequence}. */
  public static FieldSpec sequenceField(EntityModel entity) {
    return FieldSpec.builder(BLOCK_SEQUENCE, "sequence", Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("Assigns {@code $L} of the $L saved with it 0: sequence {@code $L}, $L ids reserved at a time.\n",
            entity.sequence().orElseThrow().fieldName(), entity.simpleName(), entity.sequenceSpec().name(), entity.sequenceSpec().block())
        .build();
  }

  /** The constructor statement creating {@link #sequenceField}. */
  public static CodeBlock sequenceInit(EntityModel entity) {
    return CodeBlock.builder()
        .addStatement("this.sequence = sequence($S, $L)", entity.sequenceSpec().name(), entity.sequenceSpec().block()).build();
  }

  /**
   * {@code findAllById(ids)}: {@code rows} (a {@code CompletionStage<Map<Object, E>>} of the rows
   * found, read 100 ids at a time) put back in the order of the ids.
   */
  public static MethodSpec findAll(QueryMethodModel.FindAll fa, EntityModel entity,
      CodeBlock rows) {
    String ids = fa.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock ordered = CodeBlock.of("$L.thenApply(found -> $T.inOrder($N, found))", rows, ClassName.get("io.denorm", "References"), ids);
    return MethodSpec.overriding(fa.method())
        .addJavadoc("The $L rows of {@code $L}, read $L ids at a time (one request each, a few in flight), in the order of the ids; ids without a row are left out.\n",
            entity.simpleName(), ids, References.BATCH)
        .addStatement("$T.requireNonNull($N, $S)", Objects.class, ids, "ids")
        .addStatement(fa.async() ? "return $L" : "return join($L)", ordered)
        .build();
  }

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
    newEntity(copy, entity, c -> {
      int i = update.columns().indexOf(c);
      return i >= 0 ? CodeBlock.of("value$L", i) : CodeBlock.of("stored.$L", c.access().read());
    });
    String found = local("found", method);
    String next = local("next", method);
    String saved = local("saved", method);
    String result = local("updated", method);
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
        .addCode(checks(entity.simpleName(), plan, method, true));
    m.addCode("$T<$T> $N = $L;\n", CompletionStage.class, Boolean.class, result, updated);
    if (update.async()) {
      if (update.returnsExisted()) {
        m.addStatement("return $N", result);
      } else {
        m.addStatement("return $N.thenApply($N -> null)", result, local("existed", method));
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
    String row = local("row", method);
    String found = local("found", method);
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

  /** {@code <field>References(e)}: the ids {@code e} references through {@code ref}, in field order (nulls skipped). */
  public static MethodSpec referenceIds(EntityModel entity, ReferenceModel ref) {
    String read = "entity." + ref.column().access().read();
    MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.idsMethod(ref))
        .addJavadoc("The $L ids {@code entity} references through {@code $L}, in field order, nulls left out.\n",
            ref.targetType().getSimpleName(), ref.column().fieldName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(List.class, Object.class))
        .addParameter(entity.className(), "entity")
        .addStatement("$T<Object> ids = new $T<>()", List.class, ArrayList.class)
        .beginControlFlow("if ($L != null)", read);
    if (!ref.many()) {
      m.addStatement("ids.add($L)", read);
    } else if (ref.field().isEmpty()) {
      m.beginControlFlow("for (Object id : $L)", read)
          .beginControlFlow("if (id != null)").addStatement("ids.add(id)").endControlFlow()
          .endControlFlow();
    } else {
      var element = ref.elementType().orElseThrow();
      var field = element.field(ref.field()).orElseThrow();
      m.beginControlFlow("for ($T element : $L)", ClassName.bestGuess(element.qualifiedName()), read)
          .beginControlFlow("if (element != null && element.$L != null)", field.access().read())
          .addStatement("ids.add(element.$L)", field.access().read())
          .endControlFlow()
          .endControlFlow();
    }
    return m.endControlFlow().addStatement("return ids").build();
  }

  /**
   * The body of a {@code load} method: {@code rows} (a {@code Map<Object, T>}, or a stage of one when
   * {@code async}) shaped as the method returns it.
   */
  public static CodeBlock loadResult(QueryMethodModel.Load load, CodeBlock rows) {
    CodeBlock shaped = switch (load.shape()) {
      case MAP -> CodeBlock.of("$T.unmodifiableMap(rows)", Collections.class);
      case LIST -> CodeBlock.of("$T.copyOf(rows.values())", List.class);
      case OPTIONAL -> CodeBlock.of("rows.values().stream().findFirst()");
    };
    TypeName declared = TypeName.get(load.async()
        ? ((DeclaredType) load.method().getReturnType()).getTypeArguments().get(0) : load.method().getReturnType());
    CodeBlock.Builder b = CodeBlock.builder();
    if (load.async()) {
      return b.addStatement("return $L.thenApply(rows -> ($T) ($T) $L)", rows, declared, Object.class, shaped).build();
    }
    return b.addStatement("var rows = $L", rows).addStatement("return ($T) ($T) $L", declared, Object.class, shaped).build();
  }

  /**
   * The stored form of a scalar, enum or JSON attribute {@code value} that both stores write the
   * same way through their {@code values} class, or null for the other types; {@code depth} 1 is a
   * column, deeper an element of one.
   */
  /** Whether an instant is part of {@code type} (a collection of them, a map to them): its stored form cuts each to its millisecond. */
  public static boolean holdsInstant(ColumnType type) {
    return type.parts().stream().anyMatch(p -> p instanceof ColumnType.Scalar s && s.kind() == ScalarKind.INSTANT);
  }

  public static CodeBlock simpleStored(ColumnType type, CodeBlock value, int depth, ClassName values) {
    if (type instanceof ColumnType.Scalar s) {
      return switch (s.kind()) {
        case BLOB -> CodeBlock.of("$T.buffer($L)", values, value);
        // Cassandra keeps milliseconds: both stores keep instants (keys, cells, bounds) at that precision
        case INSTANT -> CodeBlock.of("$T.millis($L)", values, value);
        default -> value;
      };
    }
    if (type instanceof ColumnType.EnumType) {
      return CodeBlock.of("$T.name($L)", values, value);
    }
    if (type instanceof ColumnType.JsonValue) {
      return CodeBlock.of("$T.$L($L)", JsonCode.JSON_VALUES, depth == 1 ? "write" : "writeElement", value);
    }
    return null;
  }

  /** The mapper methods both stores generate alike: the ids of references, and the path and sequence helpers. */
  public static List<MethodSpec> sharedMapperMethods(EntityModel entity) {
    List<MethodSpec> methods = new ArrayList<>(SnippetCode.referenceMethods(entity));
    if (entity.materializedPath().isPresent()) {
      methods.add(PathCode.withPath(entity));
    }
    if (entity.sequence().isPresent()) {
      methods.add(withSequence(entity));
    }
    return methods;
  }

  /**
   * {@code private static Element name(Type param)}: one embedded element built from {@code param}
   * (null for null), each field's value given by {@code fieldValue} (by position); a record through
   * its canonical constructor, a class through its no-argument constructor and then each field or
   * setter. {@code separator} joins a record's arguments.
   */
  public static MethodSpec embeddedReader(ColumnType.Embedded e, String name, TypeName paramType, String param,
      java.util.function.IntFunction<CodeBlock> fieldValue, String separator) {
    ClassName element = ClassName.bestGuess(e.qualifiedName());
    MethodSpec.Builder m = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(element)
        .addParameter(paramType, param)
        .beginControlFlow("if ($N == null)", param)
        .addStatement("return null")
        .endControlFlow();
    if (e.isRecord()) {
      CodeBlock args = java.util.stream.IntStream.range(0, e.fields().size()).mapToObj(fieldValue).collect(CodeBlock.joining(separator));
      return separator.contains("\n") ? m.addStatement("return new $T($>$>\n$L$<$<)", element, args).build()
          : m.addStatement("return new $T($L)", element, args).build();
    }
    m.addStatement("$T element = new $T()", element, element);
    for (int i = 0; i < e.fields().size(); i++) {
      ColumnType.EmbeddedField f = e.fields().get(i);
      CodeBlock v = fieldValue.apply(i);
      if (f.access().writeKind() == PropertyAccess.Write.FIELD) {
        m.addStatement("element.$L = $L", f.access().write(), v);
      } else {
        m.addStatement("element.$L($L)", f.access().write(), v);
      }
    }
    return m.addStatement("return element").build();
  }
}
