package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.InverseLink;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.PropertyAccess;
import io.denorm.processor.model.ReferenceModel;
import io.denorm.processor.model.SnippetHolder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;

/**
 * The store-independent mapper methods of a {@code @Denormalized} field, placed in the holder's
 * mappers (the holder's package can read its own fields and its elements'): bringing snippets up to
 * date from source rows, and telling whether a source change concerns them.
 */
public final class SnippetCode {
  private SnippetCode() {}

  public static final ClassName FAN_OUT = ClassName.get("io.denorm.snippet", "SnippetFanOut");
  public static final ClassName SNIPPET_SOURCE = ClassName.get("io.denorm.snippet", "SnippetSource");
  public static final ClassName SNIPPET_HOLDERS = ClassName.get("io.denorm.snippet", "SnippetHolders");

  /** {@code this.snippetFanOut = new SnippetFanOut<>(…)}: one target per snippet field copying the entity. Shared by both stores. */
  public static CodeBlock fanOutInit(EntityModel source, List<SnippetHolder> holders,
      List<InverseLink> links, Function<EntityModel, CodeBlock> newHolders,
      Function<EntityModel, ClassName> mapperOf) {
    CodeBlock targets = holders.stream().map(h -> CodeBlock.of(
            "new $T.Target<$T, $T>($S, $S, $T.once(() -> $L),\n$T::$N, $T::$N)", FAN_OUT, source.className(), h.entity().className(),
            h.entity().simpleName(), h.ref().column().fieldName(), FAN_OUT, newHolders.apply(h.entity()),
            mapperOf.apply(h.entity()), GeneratedNames.changedMethod(h.ref()), mapperOf.apply(h.entity()), GeneratedNames.refreshMethod(h.ref())))
        .collect(CodeBlock.joining(",\n"));
    String sourceId = source.primaryKey().get(0).access().read();
    CodeBlock.Builder b = CodeBlock.builder();
    if (links.isEmpty()) {
      return b.addStatement("this.snippetFanOut = new $T<>($S, source -> source.$L, $T.<$T.Target<$T, ?>>of($>$>\n$L))$<$<", FAN_OUT,
          source.simpleName(), sourceId, List.class, FAN_OUT, source.className(), targets).build();
    }
    CodeBlock linkList = links.stream().map(l -> {
      ColumnModel inverse = l.index().inverse().orElseThrow().column();
      return CodeBlock.of("new $T.Link<$T, $T>($S, $S, $T.once(() -> $L),\nsource -> source.$L, $T::$N, $T::$N)",
          FAN_OUT, source.className(), l.owner().className(), inverse.fieldName(), l.owner().simpleName(), FAN_OUT, newHolders.apply(l.owner()),
          inverse.access().read(), mapperOf.apply(l.owner()), withMethod(l.index()), mapperOf.apply(l.owner()),
          withoutMethod(l.index()));
    }).collect(CodeBlock.joining(",\n"));
    return b.addStatement("this.snippetFanOut = new $T<>($S, source -> source.$L, $T.<$T.Target<$T, ?>>of($>$>$L),\n$T.<$T.Link<$T, ?>>of($L))$<$<",
        FAN_OUT, source.simpleName(), sourceId, List.class, FAN_OUT, source.className(), holders.isEmpty() ? "" : "\n" + targets,
        List.class, FAN_OUT, source.className(), linkList).build();
  }

  /** {@code fanOut(S)} and {@code fanOutStats()} of {@code SnippetSource}. Shared by both stores. */
  public static List<MethodSpec> snippetSourceMethods(TypeName source, CodeBlock segments) {
    ClassName report = ClassName.get("io.denorm.snippet", "SnippetReport");
    return List.of(
        MethodSpec.methodBuilder("verifySnippets")
            .addJavadoc("Counts, source row by source row, the snippet copies that differ from their source; writes nothing.\n")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(report)
            .addStatement("return snippetFanOut.verifyAll($L, false)", segments)
            .build(),
        MethodSpec.methodBuilder("repairSnippets")
            .addJavadoc("Rewrites, source row by source row, the snippet copies that differ from their source.\n")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(report)
            .addStatement("return snippetFanOut.verifyAll($L, true)", segments)
            .build(),
        MethodSpec.methodBuilder("fanOut")
            .addJavadoc("Rewrites every snippet copying {@code source} that differs from it; holders already up to date are not written.\n")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(ClassName.get(CompletionStage.class),
                ClassName.get("io.denorm.snippet", "FanOutReport")))
            .addParameter(source, "source")
            .addStatement("return snippetFanOut.fanOut(source)")
            .build(),
        MethodSpec.methodBuilder("fanOutStats")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(ClassName.get("io.denorm.snippet", "FanOutStats"))
            .addStatement("return snippetFanOut.stats()")
            .build());
  }

  /** The save's javadoc lines about copying snippets, one per snippet field. */
  public static CodeBlock saveJavadoc(EntityModel entity) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (ReferenceModel s : entity.snippets()) {
      b.add("The {@code $L} snippets are first copied again from their $L rows ($L), read in batches.\n", s.column().fieldName(),
          s.targetType().getSimpleName(), String.join(", ", s.snippet().fields()));
    }
    return b.build();
  }

  /**
   * The class {@code XSnippetHolders} of one store: {@code holdersOf} switching on the fanned-out
   * snippet fields ({@code query} gives each field's stage of one page of holders, reading the
   * reverse index with {@code sourceId} and {@code page}), {@code saveHolder} and {@code reload} with the store's bodies.
   */
  public static TypeSpec.Builder holdersType(ClassName name, EntityModel entity, TypeName superclass, String store,
      BiFunction<IndexModel, TypeName, CodeBlock> query, CodeBlock saveBody, CodeBlock reloadBody,
      CodeBlock byIdBody, CodeBlock rewriteBody, ClassName mapper, BiFunction<ReferenceModel, CodeBlock, CodeBlock> read) {
    TypeName holder = entity.className();
    ClassName stage = ClassName.get(CompletionStage.class);
    MethodSpec.Builder holdersOf = MethodSpec.methodBuilder("holdersOf")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(stage, ParameterizedTypeName.get(ClassName.get(Page.class), holder)))
        .addParameter(String.class, "field")
        .addParameter(Object.class, "sourceId")
        .addParameter(PageRequest.class, "page")
        .beginControlFlow("switch (field)");
    for (ReferenceModel ref : entity.fannedOutSnippets()) {
      var index = entity.reverseIndex(ref).orElseThrow();
      TypeName idType = TypeName.get(index.key().get(0).embeddedField().javaType()).box();
      holdersOf.addCode("case $S:\n$>", ref.column().fieldName())
          .addStatement("return $L", query.apply(index, idType))
          .addCode("$<");
    }
    holdersOf.addCode("default:\n$>")
        .addStatement("throw new $T($S + field)", IllegalArgumentException.class, entity.simpleName() + " has no fanned-out snippet field ")
        .addCode("$<")
        .endControlFlow();
    MethodSpec saveHolder = MethodSpec.methodBuilder("saveHolder")
        .addJavadoc("Saves {@code entity}, read as {@code previous}, through the protocol of {@code $L}, its snippets as given.\n", entity.table())
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(stage, ClassName.get(Void.class)))
        .addParameter(holder, "entity")
        .addParameter(holder, "previous")
        .addCode(saveBody)
        .build();
    MethodSpec reload = MethodSpec.methodBuilder("reload")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(stage, ParameterizedTypeName.get(ClassName.get(Optional.class), holder)))
        .addParameter(holder, "entity")
        .addStatement("return $L", reloadBody)
        .build();
    MethodSpec byId = MethodSpec.methodBuilder("byId")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(stage, ParameterizedTypeName.get(ClassName.get(Optional.class), holder)))
        .addParameter(Object.class, "id")
        .addStatement("return $L", byIdBody)
        .build();
    MethodSpec copiesNow = MethodSpec.methodBuilder("copiesNow")
        .addJavadoc("Reads the rows the fanned-out snippets of {@code entity} copy$L.\n",
            entity.fannedOutSnippets().isEmpty() ? " (none: null, nothing to settle)" : "")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(stage, ParameterizedTypeName.get(ClassName.get(UnaryOperator.class), holder)))
        .addParameter(holder, "entity")
        .addCode(SnippetCopiesCode.copiesNowBody(entity, mapper, read))
        .build();
    return TypeSpec.classBuilder(name)
        .addJavadoc("The rows of {@code $L} that hold snippets of other entities, as those entities' fan-outs reach them ($L).\n", entity.table(), store)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(superclass)
        .addSuperinterface(ParameterizedTypeName.get(SNIPPET_HOLDERS, holder))
        .addMethods(List.of(holdersOf.build(), saveHolder, reload, byId, copiesNow))
        .addMethods(rewriteBody == null ? List.of() : List.of(MethodSpec.methodBuilder("rewrite")
            .addJavadoc("Reads the row of {@code entity} again and saves it as {@code change} makes it, stamped just above the state read:\n"
                + "a save of the row made meanwhile is stamped higher and keeps what it wrote.\n")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(stage, ClassName.get(Boolean.class)))
            .addParameter(holder, "entity")
            .addParameter(ParameterizedTypeName.get(ClassName.get(UnaryOperator.class), holder), "change")
            .addStatement("return $L", rewriteBody)
            .build()));
  }

  /**
   * The store-independent mapper methods of an entity's references: the owning side's edits of
   * each many-to-many it owns, the ids of each reference, and each snippet's refresh methods.
   */
  public static List<MethodSpec> referenceMethods(EntityModel entity) {
    List<MethodSpec> out = new ArrayList<>();
    for (IndexModel index : entity.indexes()) {
      if (index.inverse().isPresent()) {
        out.addAll(linkMethods(entity, index));
      }
    }
    for (ReferenceModel ref : entity.references()) {
      out.add(MethodCode.referenceIds(entity, ref));
      if (ref.isSnippet()) {
        out.addAll(methods(entity, ref));
      }
    }
    return out;
  }

  public static List<MethodSpec> methods(EntityModel holder, ReferenceModel ref) {
    EntityModel source = ref.target().get();
    ClassName sourceName = source.className();
    ColumnType.Embedded element = ref.elementType().orElseThrow();
    ClassName elementName = ClassName.bestGuess(element.qualifiedName());
    ColumnModel column = ref.column();
    boolean set = column.type() instanceof ColumnType.SetOf;
    TypeName fieldType = TypeName.get(column.javaType());
    String idRead = element.field(ref.field()).orElseThrow().access().read();
    String sourceId = source.primaryKey().get(0).access().read();
    List<MethodSpec> out = new ArrayList<>();

    MethodSpec.Builder refresh = MethodSpec.methodBuilder(GeneratedNames.refreshMethod(ref))
        .addJavadoc("{@code entity} with every {@code $L} element whose $L differ from its $L row (given by {@code sources}, by id) copied again;\n"
            + "null when none differs. A record is copied; a class is changed in place.\n", column.fieldName(),
            String.join(", ", ref.snippet().fields()), source.simpleName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(holder.className())
        .addParameter(holder.className(), "entity")
        .addParameter(ParameterizedTypeName.get(ClassName.get(Function.class), ClassName.get(Object.class), sourceName), "sources")
        .addStatement("$T old = entity.$L", fieldType, column.access().read())
        .beginControlFlow("if (old == null || old.isEmpty())").addStatement("return null").endControlFlow()
        .addStatement("$T<$T> fresh = new $T<>(old.size())", List.class, elementName, ArrayList.class)
        .addStatement("boolean changed = false")
        .beginControlFlow("for ($T element : old)", elementName)
        .addStatement("$T source = element == null || element.$L == null ? null : sources.apply(element.$L)", sourceName, idRead, idRead)
        .beginControlFlow("if (source == null || $L$L)", unsaved(source), same(ref, element, source))
        .addStatement("fresh.add(element)")
        .addStatement("continue")
        .endControlFlow()
        .addStatement("changed = true")
        .addCode(copyElement(ref, element, elementName, source))
        .addStatement("fresh.add(copy)")
        .endControlFlow()
        .beginControlFlow("if (!changed)").addStatement("return null").endControlFlow();
    CodeBlock value = set ? CodeBlock.of("new $T<>(fresh)", LinkedHashSet.class) : CodeBlock.of("fresh");
    if (holder.isRecord()) {
      CodeBlock args = holder.components().stream()
          .map(rc -> rc.name().equals(column.fieldName()) ? value : CodeBlock.of("entity.$L()", rc.name()))
          .collect(CodeBlock.joining(", "));
      refresh.addStatement("return new $T($L)", holder.className(), args);
    } else {
      refresh.addStatement(assign(column.access(), "entity", value)).addStatement("return entity");
    }
    out.add(refresh.build());

    out.add(MethodSpec.methodBuilder(GeneratedNames.refreshMethod(ref))
        .addJavadoc("{@code entity} with its {@code $L} snippets of {@code source} brought up to date; null when they already are.\n", column.fieldName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(holder.className())
        .addParameter(holder.className(), "entity")
        .addParameter(sourceName, "source")
        .addStatement("Object id = source.$L", sourceId)
        .addStatement("return $N(entity, key -> key.equals(id) ? source : null)", GeneratedNames.refreshMethod(ref))
        .build());

    CodeBlock differs = ref.snippet().fields().stream()
        .map(f -> CodeBlock.of("!$T.equals(before.$L, after.$L)", Objects.class, read(source, f), read(source, f)))
        .collect(CodeBlock.joining(" || "));
    out.add(MethodSpec.methodBuilder(GeneratedNames.changedMethod(ref))
        .addJavadoc("Whether a $L save from {@code before} to {@code after} changes a field {@code $L} copies.\n", source.simpleName(), column.fieldName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(boolean.class)
        .addParameter(sourceName, "before")
        .addParameter(sourceName, "after")
        .addStatement("return $L", differs)
        .build());
    out.add(MethodSpec.methodBuilder(column.fieldName() + "SourceId")
        .addJavadoc("The id of a $L row, as {@code $L} elements hold it.\n", source.simpleName(), column.fieldName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(Object.class)
        .addParameter(sourceName, "source")
        .addStatement("return source.$L", sourceId)
        .build());
    return out;
  }

  /** {@code authorsWith}: the generated mapper method adding the other side of a many-to-many to the owning field. */
  public static String withMethod(IndexModel index) {
    return index.key().get(0).source().fieldName() + "With";
  }

  /** {@code authorsWithout}: the generated mapper method removing an id from the owning field. */
  public static String withoutMethod(IndexModel index) {
    return index.key().get(0).source().fieldName() + "Without";
  }

  /**
   * The owning side's edits for a many-to-many fed by {@code index}: {@code <field>With(owner,
   * other)} (null when the field already names it) and {@code <field>Without(owner, id)} (null when
   * it does not). A snippet element is built from the other row: its id and copied fields, the rest
   * left at their defaults. Shared by both stores.
   */
  public static List<MethodSpec> linkMethods(EntityModel owner, IndexModel index) {
    KeyColumn key = index.key().get(0);
    ColumnModel column = key.source();
    ReferenceModel ref = owner.references().stream().filter(r -> r.column().equals(column)).findFirst().orElseThrow();
    EntityModel other = index.inverse().orElseThrow().entity().get();
    String otherId = other.primaryKey().get(0).access().read();
    boolean set = column.type() instanceof ColumnType.SetOf;
    TypeName fieldType = TypeName.get(column.javaType());
    ColumnType.Embedded element = ref.elementType().orElse(null);
    TypeName elementName = element == null ? TypeName.get(column.javaType()) : ClassName.bestGuess(element.qualifiedName());
    if (element == null && column.javaType() instanceof DeclaredType d) {
      elementName = TypeName.get(d.getTypeArguments().get(0));
    }
    CodeBlock idOf = element == null ? CodeBlock.of("element") : CodeBlock.of("element.$L", element.field(ref.field()).orElseThrow().access().read());
    CodeBlock fresh;
    if (element == null) {
      fresh = CodeBlock.of("other.$L", otherId);
    } else if (element.isRecord()) {
      fresh = CodeBlock.of("new $T($L)", elementName, element.fields().stream().map(f -> f.name().equals(ref.field())
              ? CodeBlock.of("other.$L", otherId)
              : ref.isSnippet() && ref.snippet().fields().contains(f.name()) ? CodeBlock.of("other.$L", read(other, f.name()))
              : CodeBlock.of("$L", MethodCode.defaultValue(f.javaType().toString())))
          .collect(CodeBlock.joining(", ")));
    } else {
      fresh = CodeBlock.of("added");
    }
    CodeBlock collection = set ? CodeBlock.of("new $T<>(next)", LinkedHashSet.class) : CodeBlock.of("next");
    MethodSpec.Builder with = MethodSpec.methodBuilder(withMethod(index))
        .addJavadoc("{@code entity} with {@code other} added to {@code $L} (the owning side of $L.$L); null when it is there already.\n",
            column.fieldName(), other.simpleName(), index.inverse().orElseThrow().field())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(owner.className())
        .addParameter(owner.className(), "entity")
        .addParameter(other.className(), "other")
        .addStatement("$T old = entity.$L", fieldType, column.access().read())
        .addStatement("$T<$T> next = new $T<>()", List.class, elementName, ArrayList.class)
        .beginControlFlow("if (old != null)")
        .beginControlFlow("for ($T element : old)", elementName)
        .beginControlFlow("if (element != null && $T.equals($L, other.$L))", Objects.class, idOf, otherId)
        .addStatement("return null")
        .endControlFlow()
        .addStatement("next.add(element)")
        .endControlFlow()
        .endControlFlow();
    if (element != null && !element.isRecord()) {
      with.addStatement("$T added = new $T()", elementName, elementName);
      for (ColumnType.EmbeddedField f : element.fields()) {
        if (f.name().equals(ref.field())) {
          with.addStatement(assign(f.access(), "added", CodeBlock.of("other.$L", otherId)));
        } else if (ref.isSnippet() && ref.snippet().fields().contains(f.name())) {
          with.addStatement(assign(f.access(), "added", CodeBlock.of("other.$L", read(other, f.name()))));
        }
      }
    }
    with.addStatement("next.add($L)", fresh).addCode(replace(owner, column, collection));
    MethodSpec.Builder without = MethodSpec.methodBuilder(withoutMethod(index))
        .addJavadoc("{@code entity} with every element naming {@code id} removed from {@code $L}; null when none does.\n", column.fieldName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(owner.className())
        .addParameter(owner.className(), "entity")
        .addParameter(Object.class, "id")
        .addStatement("$T old = entity.$L", fieldType, column.access().read())
        .beginControlFlow("if (old == null)").addStatement("return null").endControlFlow()
        .addStatement("$T<$T> next = new $T<>()", List.class, elementName, ArrayList.class)
        .beginControlFlow("for ($T element : old)", elementName)
        .beginControlFlow("if (element == null || !$T.equals($L, id))", Objects.class, idOf)
        .addStatement("next.add(element)")
        .endControlFlow()
        .endControlFlow()
        .beginControlFlow("if (next.size() == old.size())").addStatement("return null").endControlFlow()
        .addCode(replace(owner, column, collection));
    return List.of(with.build(), without.build());
  }

  /**
   * {@code return} a copy of the entity with {@code column} set to {@code value}: a new record, or a
   * new instance of the class with every column copied. Never the given instance changed in place:
   * the protocol compares the returned state with the one it was given as the stored state, and an
   * edited original would make both the same.
   */
  private static CodeBlock replace(EntityModel owner, ColumnModel column, CodeBlock value) {
    if (owner.isRecord()) {
      CodeBlock args = owner.components().stream()
          .map(rc -> rc.name().equals(column.fieldName()) ? value : CodeBlock.of("entity.$L()", rc.name()))
          .collect(CodeBlock.joining(", "));
      return CodeBlock.builder().addStatement("return new $T($L)", owner.className(), args).build();
    }
    CodeBlock.Builder b = CodeBlock.builder().addStatement("$T copy = new $T()", owner.className(), owner.className());
    for (ColumnModel c : owner.columns()) {
      b.addStatement(assign(c.access(), "copy", c.equals(column) ? value : CodeBlock.of("entity.$L", c.access().read())));
    }
    return b.addStatement("return copy").build();
  }

  private static String read(EntityModel source, String field) {
    return source.column(field).orElseThrow().access().read();
  }

  /**
   * {@code source.name == null && … || }: whether a source row read holds none of the columns its
   * saves write, only what other entities keep in it (a count, an inverse side): it was never saved,
   * and its copies stay as given. Empty when a column a save writes is primitive (it cannot tell).
   */
  private static CodeBlock unsaved(EntityModel source) {
    List<ColumnModel> written = source.writtenRegularColumns();
    if (written.isEmpty() || written.stream().anyMatch(c -> c.javaType().getKind().isPrimitive())) {
      return CodeBlock.of("");
    }
    return CodeBlock.of("$L || ", written.stream().map(c -> CodeBlock.of("source.$L == null", c.access().read())).collect(CodeBlock.joining(" && ")));
  }

  /** {@code Objects.equals(element.name, source.name) && …} over the copied fields. */
  private static CodeBlock same(ReferenceModel ref, ColumnType.Embedded element, EntityModel source) {
    return ref.snippet().fields().stream()
        .map(f -> CodeBlock.of("$T.equals(element.$L, source.$L)", Objects.class, element.field(f).orElseThrow().access().read(), read(source, f)))
        .collect(CodeBlock.joining(" && "));
  }

  /** {@code copy}: the element with the copied fields taken from {@code source}, the others kept. */
  private static CodeBlock copyElement(ReferenceModel ref, ColumnType.Embedded element, ClassName elementName, EntityModel source) {
    CodeBlock.Builder b = CodeBlock.builder();
    if (element.isRecord()) {
      CodeBlock args = element.fields().stream()
          .map(f -> ref.snippet().fields().contains(f.name())
              ? CodeBlock.of("source.$L", read(source, f.name()))
              : CodeBlock.of("element.$L", f.access().read()))
          .collect(CodeBlock.joining(", "));
      return b.addStatement("$T copy = new $T($L)", elementName, elementName, args).build();
    }
    b.addStatement("$T copy = new $T()", elementName, elementName);
    for (ColumnType.EmbeddedField f : element.fields()) {
      CodeBlock value = ref.snippet().fields().contains(f.name())
          ? CodeBlock.of("source.$L", read(source, f.name()))
          : CodeBlock.of("element.$L", f.access().read());
      b.addStatement(assign(f.access(), "copy", value));
    }
    return b.build();
  }

  private static CodeBlock assign(PropertyAccess access, String target, CodeBlock value) {
    return access.writeKind() == PropertyAccess.Write.FIELD
        ? CodeBlock.of("$L.$L = $L", target, access.write(), value)
        : CodeBlock.of("$L.$L($L)", target, access.write(), value);
  }
}
