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

  static final ClassName CONVERTERS = ClassName.get("io.denorm", "Converters");

  /** {@code value} of a {@code @Convert} field in the converter's stored type (null stays null). */
  public static CodeBlock toColumn(ColumnType.Converted c, CodeBlock value) {
    return CodeBlock.of("$T.toColumn($T.of($T.class), $L, $S, $S)", CONVERTERS, CONVERTERS, ClassName.bestGuess(c.converter()), value,
        c.entity(), c.field());
  }

  /** The field value of a {@code @Convert} field from {@code stored}, an expression of the stored type. */
  public static CodeBlock fromColumn(ColumnType.Converted c, CodeBlock stored) {
    return CodeBlock.of("$T.fromColumn($T.of($T.class), $L, $S, $S)", CONVERTERS, CONVERTERS, ClassName.bestGuess(c.converter()), stored,
        c.entity(), c.field());
  }

  public static CodeBlock simpleStored(ColumnType type, CodeBlock value, int depth, ClassName values) {
    if (type instanceof ColumnType.Converted c) {
      return simpleStored(c.stored(), toColumn(c, value), depth, values);
    }
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
