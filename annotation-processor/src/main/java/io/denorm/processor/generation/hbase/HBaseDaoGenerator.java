package io.denorm.processor.generation.hbase;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.SnippetCode;
import io.denorm.processor.generation.SnippetCopiesCode;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.TableView;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code HBaseXDao implements XDao}: one method per DAO method, each turning its arguments
 * into a row key or a key range and calling into {@code HBaseDaoBase}, which does the I/O, the index
 * protocol and paging.
 */
public final class HBaseDaoGenerator {

  static final ClassName BASE = ClassName.get("io.denorm.hbase", "HBaseDaoBase");
  static final ClassName INDEX_TABLE = ClassName.get("io.denorm.hbase", "HBaseIndexTable");
  static final ClassName CONNECTIONS = ClassName.get("io.denorm.hbase", "HBaseConnections");
  static final ClassName CONNECTION = ClassName.get("org.apache.hadoop.hbase.client", "Connection");
  static final ClassName ASYNC_CONNECTION = ClassName.get("org.apache.hadoop.hbase.client", "AsyncConnection");

  private final SourceFileGenerator files;

  public HBaseDaoGenerator(SourceFileGenerator files) {
    this.files = files;
  }

  static final ClassName REFERENCES = ClassName.get("io.denorm.hbase", "HBaseReferences");
  static final ClassName KEY_SALT = ClassName.get("io.denorm.hbase", "KeySalt");

  public void generate(DaoModel dao, List<io.denorm.processor.model.SnippetHolder> holders, List<io.denorm.processor.model.InverseLink> links,
      List<io.denorm.processor.model.RecentModel> recents) {
    boolean fansOut = !holders.isEmpty() || !links.isEmpty();
    EntityModel entity = dao.entity();
    ClassName name = GeneratedNames.hbaseDao(dao);
    ClassName mapper = GeneratedNames.hbaseMapper(entity);
    List<MethodSpec> methods = new ArrayList<>();
    boolean nestedSet = io.denorm.processor.generation.NestedSetCode.uses(dao);
    for (QueryMethodModel method : dao.methods()) {
      if (method instanceof QueryMethodModel.NestedSetOp op) {
        methods.add(io.denorm.processor.generation.NestedSetCode.method(op, entity));
      } else if (method instanceof QueryMethodModel.Save save && entity.materializedPath().isPresent()) {
        methods.addAll(io.denorm.processor.generation.NestedSetCode.wrap(dao, save, io.denorm.processor.generation.PathCode.save(save, entity)));
      } else if (method instanceof QueryMethodModel.Descendants d) {
        methods.add(io.denorm.processor.generation.PathCode.descendants(d, entity));
      } else if (method instanceof QueryMethodModel.Save save) {
        methods.addAll(io.denorm.processor.generation.NestedSetCode.wrap(dao, save, save(save, entity, mapper, fansOut, !recents.isEmpty())));
      } else if (method instanceof QueryMethodModel.Find find) {
        methods.add(find(find, entity, mapper));
      } else if (method instanceof QueryMethodModel.Delete delete) {
        methods.addAll(io.denorm.processor.generation.NestedSetCode.wrap(dao, delete, delete(delete, entity, mapper, !links.isEmpty(), !recents.isEmpty())));
      } else if (method instanceof QueryMethodModel.Load load) {
        methods.add(load(load, entity, mapper));
      } else if (method instanceof QueryMethodModel.Neighbor n) {
        methods.add(neighbor(n, entity));
      } else if (method instanceof QueryMethodModel.TreeRead t) {
        methods.add(io.denorm.processor.generation.TreeCode.method(t, entity));
      } else if (method instanceof QueryMethodModel.FindAll fa) {
        String ids = fa.method().getParameters().get(0).getSimpleName().toString();
        methods.add(MethodCode.findAll(fa, entity, CodeBlock.of("selfRows.load(new $T<>($N))", ArrayList.class, ids)));
      } else if (method instanceof QueryMethodModel.DistinctCount dc) {
        methods.add(io.denorm.processor.generation.DistinctCode.method(dc, (c, v) -> HBaseCodecs.stored(c.type(), v)));
      } else if (method instanceof QueryMethodModel.Geo g) {
        IndexModel index = entity.geoIndex().orElseThrow();
        methods.add(io.denorm.processor.generation.GeoCode.method(g, entity, cells -> CodeBlock.of("geoReads($L, $L, $N)", cells,
            index.geo().cellLength(), index.fieldName()), "one scan of the index rows under it", 0));
      }
    }
    if (entity.materializedPath().isPresent() && entity.pathIndex().isPresent()
        && dao.methods().stream().anyMatch(m -> m instanceof QueryMethodModel.Save || m instanceof QueryMethodModel.Descendants)) {
      var index = entity.pathIndex().get();
      ClassName paths = ClassName.get("io.denorm.tree", "MaterializedPaths");
      CodeBlock write = CodeBlock.builder().addStatement("return $L", SnippetCode.copies(entity, mapper, "entity", null,
          (ref, ids) -> CodeBlock.of("$N.load($L)", ref.idsMethod(), ids), copy -> CodeBlock.of("writeAsync($N, previous)", copy))).build();
      CodeBlock under = CodeBlock.of("indexListAsync($N, range($N, $T.<$T>of($T.root(path)), path, false, $T.end(path), false), 0)",
          index.fieldName(), index.fieldName(), List.class, Object.class, paths, paths);
      methods.addAll(io.denorm.processor.generation.PathCode.helpers(entity, mapper, write, under,
          CodeBlock.of("id -> getAsync($T.<$T>of(id))", List.class, Object.class)));
    }
    if (nestedSet) {
      methods.add(io.denorm.processor.generation.NestedSetCode.tree(entity, CodeBlock.of("id -> getAsync($T.<$T>of(id))", List.class, Object.class),
          CodeBlock.of("ids -> selfRows.load(ids)")));
    }
    if ((nestedSet || dao.methods().stream().anyMatch(m -> m instanceof QueryMethodModel.TreeRead)) && entity.parentIndex().isPresent()) {
      var index = entity.parentIndex().get();
      methods.add(io.denorm.processor.generation.TreeCode.childrenOf(entity, CodeBlock.of("indexListAsync($N, range($N, $T.<$T>of($L)), 0)",
          index.fieldName(), index.fieldName(), List.class, Object.class,
          HBaseCodecs.stored(index.key().get(0).type(), io.denorm.processor.generation.TreeCode.parent(entity)))));
    }
    List<FieldSpec> fields = new ArrayList<>();
    CodeBlock.Builder init = CodeBlock.builder();
    indexTables(entity, mapper, fields, init);
    List<io.denorm.processor.model.ReferenceModel> read = new ArrayList<>();
    for (QueryMethodModel method : dao.methods()) {
      if (method instanceof QueryMethodModel.Load load) {
        read.add(load.reference());
      }
    }
    if (dao.methods().stream().anyMatch(m -> m instanceof QueryMethodModel.Save)) {
      read.addAll(entity.snippets());
    }
    referenceFields(read, fields, init);
    versionInit(entity, mapper, init);
    if (nestedSet || dao.methods().stream().anyMatch(m -> m instanceof QueryMethodModel.FindAll)) {
      fields.add(FieldSpec.builder(ParameterizedTypeName.get(REFERENCES, entity.className()), "selfRows", Modifier.PRIVATE, Modifier.FINAL)
          .addJavadoc("Reads rows of table {@code $L} by id, $L at a time, for $L.\n", entity.table(), io.denorm.References.BATCH,
              String.join(" and ", java.util.stream.Stream.of(dao.methods().stream().anyMatch(m -> m instanceof QueryMethodModel.FindAll) ? "findAllById" : null,
                  nestedSet ? "findLeaves" : null).filter(java.util.Objects::nonNull).toList())).build());
      init.addStatement("this.selfRows = references($S, $S, $T.KEY, $L, $T.COLUMNS, $T::fromValues)", entity.table(), entity.simpleName(), mapper,
          entity.salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", mapper), mapper, mapper);
    }
    if (nestedSet) {
      fields.add(io.denorm.processor.generation.NestedSetCode.field(entity.nestedSet().get()));
      init.add(io.denorm.processor.generation.NestedSetCode.init(entity.nestedSet().get()));
    }
    if (entity.countDistinct().isPresent()) {
      var d = entity.countDistinct().get();
      fields.add(io.denorm.processor.generation.DistinctCode.field(d, ClassName.get("io.denorm.hbase", "HBaseDistinctCount")));
      var asc = io.denorm.annotations.Order.ASC;
      var pairs = new TableView(d.membersTable(), List.of(new io.denorm.processor.model.KeyColumn(d.group(), false, asc),
          new io.denorm.processor.model.KeyColumn(d.distinct(), false, asc)), List.of(), null);
      var groups = new TableView(d.name(), List.of(new io.denorm.processor.model.KeyColumn(d.group(), false, asc)), List.of(), null);
      init.addStatement("this.$N = distinctCount($S,$>$>\n$L,\n$L)$<$<", d.fieldName(), d.name(), HBaseCodecs.codec(entity.simpleName(), pairs),
          HBaseCodecs.codec(entity.simpleName(), groups));
    }
    if (entity.sequence().isPresent() && dao.methods().stream().anyMatch(m -> m instanceof QueryMethodModel.Save)) {
      fields.add(MethodCode.sequenceField(entity));
      init.add(MethodCode.sequenceInit(entity));
    }
    if (!entity.fannedOutSnippets().isEmpty()) {
      ClassName own = GeneratedNames.hbaseSnippetHolders(entity);
      fields.add(SnippetCopiesCode.copiesField(entity, own));
      init.add(SnippetCopiesCode.copiesInit(own, "connection", "namespace"));
    }
    if (fansOut) {
      fields.add(FieldSpec.builder(ParameterizedTypeName.get(SnippetCode.FAN_OUT, entity.className()),
          "snippetFanOut", Modifier.PRIVATE, Modifier.FINAL).addJavadoc("Rewrites the snippets copying a saved $L.\n", entity.simpleName()).build());
      init.add(SnippetCode.fanOutInit(entity, holders, links,
          h -> CodeBlock.of("new $T(connection, namespace, this)", GeneratedNames.hbaseSnippetHolders(h)), GeneratedNames::hbaseMapper));
      methods.addAll(SnippetCode.snippetSourceMethods(entity.className(), CodeBlock.of("masterSegments()")));
    }
    if (!recents.isEmpty()) {
      fields.add(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(List.class),
              ParameterizedTypeName.get(io.denorm.processor.generation.RecentCode.RECENT_LIST, entity.className())),
          "recentLists", Modifier.PRIVATE, Modifier.FINAL).addJavadoc("The @Recent lists of other entities that saves and deletes of $L keep.\n",
          entity.simpleName()).build());
      init.add(io.denorm.processor.generation.RecentCode.init(entity, recents, r -> {
        ClassName parentMapper = GeneratedNames.hbaseMapper(r.parent());
        CodeBlock salt = r.parent().salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", parentMapper);
        return CodeBlock.of("recentStore($S, $S, $T.KEY, $L, $S, $T::$N, $T::$N,\n(parentId, n) -> listAsync(range($T.of(parentId)), n))",
            r.parent().table(), r.parent().simpleName(), parentMapper, salt, HBaseMapperGenerator.qualifier(r.column()), parentMapper,
            r.column().fieldName() + "FromCell", parentMapper, r.column().fieldName() + "ToCell", List.class);
      }));
    }
    MethodSpec blocking = MethodSpec.constructorBuilder()
        .addJavadoc("A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened once per {@code connection}.\n")
        .addModifiers(Modifier.PUBLIC)
        .addParameter(CONNECTION, "connection")
        .addParameter(String.class, "namespace")
        .addStatement("this($T.async(connection), namespace)", CONNECTIONS)
        .build();
    MethodSpec async = MethodSpec.constructorBuilder()
        .addJavadoc("A DAO over {@code connection} whose tables live in {@code namespace}.\n")
        .addModifiers(Modifier.PUBLIC)
        .addParameter(ASYNC_CONNECTION, "connection")
        .addParameter(String.class, "namespace")
        .addStatement(superCall(entity, mapper))
        .addCode(init.build())
        .build();
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addJavadoc("HBase implementation of {@link $T}, storing {@link $T} in table {@code $L}.\n",
            dao.className(), entity.className(), entity.table())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(BASE, entity.className()))
        .addSuperinterface(dao.className())
        .addFields(fields)
        .addMethod(blocking)
        .addMethod(async)
        .addMethods(methods);
    if (fansOut) {
      type.addSuperinterface(ParameterizedTypeName.get(SnippetCode.SNIPPET_SOURCE, entity.className()));
    }
    AnnotationSpec generated = files.generatedAnnotation(dao.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), dao.element(), entity.element());
  }

  /** {@code super(connection, namespace, …)}: the entity's table, key, codecs and index entries. */
  private static CodeBlock superCall(EntityModel entity, ClassName mapper) {
    CodeBlock entries = entity.hasIndexes() ? CodeBlock.of("$T::indexEntries", mapper) : CodeBlock.of("entity -> $T.of()", List.class);
    return CodeBlock.of("super(connection, namespace, $S, $S, $T.KEY, $L$T.COLUMNS, $T::key, $T::cells, $T::fromValues, $L)",
        entity.simpleName(), entity.table(), mapper, entity.salt() == null ? CodeBlock.of("") : CodeBlock.of("$T.SALT, ", mapper),
        mapper, mapper, mapper, mapper, entries);
  }

  private static void indexTables(EntityModel entity, ClassName mapper, List<FieldSpec> fields, CodeBlock.Builder init) {
    for (IndexModel index : entity.indexes()) {
      fields.add(FieldSpec.builder(INDEX_TABLE, index.fieldName(), Modifier.PRIVATE, Modifier.FINAL)
          .addJavadoc("Index table {@code $L}.\n", index.name()).build());
      if (index.memberships()) {
        init.addStatement("this.$N = membershipIndexTable($T.$N, $S, $T.$N)", index.fieldName(), mapper, index.constantName(), index.name(),
            mapper, HBaseMapperGenerator.keyConstant(index));
        for (var fed : java.util.Arrays.asList(index.counter(), index.inverse())) {
          if (fed == null) {
            continue;
          }
          EntityModel other = fed.entity().get();
          ClassName otherMapper = GeneratedNames.hbaseMapper(other);
          CodeBlock salt = other.salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", otherMapper);
          init.addStatement("$L($N, $S, $S, $T.KEY, $L, $S)", fed == index.counter() ? "countInto" : "inverseInto", index.fieldName(),
              other.table(), other.simpleName(), otherMapper, salt, HBaseMapperGenerator.qualifier(fed.column()));
        }
      } else {
        init.addStatement("this.$N = indexTable($T.$N, $S, $T.$N)", index.fieldName(), mapper, index.constantName(), index.name(),
            mapper, HBaseMapperGenerator.keyConstant(index));
      }
    }
  }

  private static void versionInit(EntityModel entity, ClassName mapper, CodeBlock.Builder init) {
    if (entity.versioned()) {
      init.addStatement("versioned($S, $T::versionOf, $T::setVersion)", entity.version().orElseThrow().columnName(), mapper, mapper);
    }
  }

  /**
   * Emits {@code HBaseXSnippetHolders}: how the fan-out of another entity finds the rows of X holding
   * its snippets (through the reverse indexes) and saves them (through X's protocol).
   */
  public void generateHolders(EntityModel entity) {
    ClassName name = GeneratedNames.hbaseSnippetHolders(entity);
    ClassName mapper = GeneratedNames.hbaseMapper(entity);
    List<FieldSpec> fields = new ArrayList<>();
    CodeBlock.Builder init = CodeBlock.builder();
    indexTables(entity, mapper, fields, init);
    referenceFields(entity.fannedOutSnippets(), fields, init);
    versionInit(entity, mapper, init);
    TypeSpec.Builder type = SnippetCode.holdersType(name, entity, ParameterizedTypeName.get(BASE, entity.className()), "HBase",
        (index, idType) -> CodeBlock.of("indexPageAsync($N, range($N, $T.<$T>of($L)), page)", index.fieldName(), index.fieldName(), List.class,
            Object.class, HBaseCodecs.stored(index.key().get(0).type(), CodeBlock.of("(($T) sourceId)", idType))),
        CodeBlock.builder().addStatement("return writeAsync(entity, previous)").build(), CodeBlock.of("storedAsync(entity)"),
        CodeBlock.of("getAsync($T.of(id))", List.class), entity.versioned() ? null : CodeBlock.of("rewriteAsync(entity, change)"),
        mapper, (ref, ids) -> CodeBlock.of("$N.load($L)", ref.idsMethod(), ids));
    type.addFields(fields)
        .addMethod(MethodSpec.constructorBuilder()
            .addJavadoc("Over {@code connection}, tables in {@code namespace}.\n")
            .addModifiers(Modifier.PUBLIC)
            .addParameter(ASYNC_CONNECTION, "connection")
            .addParameter(String.class, "namespace")
            .addStatement(superCall(entity, mapper))
            .addCode(init.build())
            .build())
        .addMethod(MethodSpec.constructorBuilder()
            .addJavadoc("As the DAO {@code settings} is: its clock, repair grace, write observer and list limit.\n")
            .addModifiers(Modifier.PUBLIC)
            .addParameter(ASYNC_CONNECTION, "connection")
            .addParameter(String.class, "namespace")
            .addParameter(ParameterizedTypeName.get(BASE, com.palantir.javapoet.WildcardTypeName.subtypeOf(Object.class)), "settings")
            .addStatement("this(connection, namespace)")
            .addStatement("copySettingsFrom(settings)")
            .build());
    AnnotationSpec generated = files.generatedAnnotation(entity.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), entity.element());
  }

  /** One reader field per referenced table among {@code refs} (named after the reference's ids method), built by the constructor. */
  private static void referenceFields(List<io.denorm.processor.model.ReferenceModel> refs, List<FieldSpec> fields, CodeBlock.Builder init) {
    java.util.Set<String> joined = new java.util.LinkedHashSet<>();
    for (io.denorm.processor.model.ReferenceModel ref : refs) {
      if (joined.add(ref.idsMethod())) {
        EntityModel target = ref.target().get();
        ClassName targetMapper = GeneratedNames.hbaseMapper(target);
        fields.add(FieldSpec.builder(ParameterizedTypeName.get(REFERENCES, target.className()), ref.idsMethod(), Modifier.PRIVATE, Modifier.FINAL)
            .addJavadoc("Reads the $L rows {@code $L} references, for joins.\n", target.simpleName(), ref.column().fieldName()).build());
        init.addStatement("this.$N = references($S, $S, $T.KEY, $L, $T.COLUMNS, $T::fromValues)", ref.idsMethod(), target.table(),
            target.simpleName(), targetMapper, target.salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", targetMapper),
            targetMapper, targetMapper);
      }
    }
  }

  /** {@code load<Field>(E)}: the referenced rows, read as multi-gets of up to 100 rows, a few in flight. */
  private MethodSpec load(QueryMethodModel.Load load, EntityModel entity, ClassName mapper) {
    EntityModel target = load.reference().target().get();
    String param = load.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock rows = CodeBlock.of(load.async() ? "$N.load($T.$N($N))" : "join($N.load($T.$N($N)))",
        load.reference().idsMethod(), mapper, load.reference().idsMethod(), param);
    return MethodSpec.overriding(load.method())
        .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build())
        .addJavadoc("Joins the $L rows that {@code $L} references, read from table {@code $L} as multi-gets of up to $L rows.\n",
            target.simpleName(), load.reference().column().fieldName(), target.table(), io.denorm.References.BATCH)
        .addStatement("$T.requireNonNull($N, $S)", java.util.Objects.class, param, entity.simpleName() + " to join")
        .addCode(io.denorm.processor.generation.MethodCode.loadResult(load, rows))
        .build();
  }

  /** A save; {@code source}: followed by fan-out or links; {@code keepsRecent}: followed by the @Recent lists it keeps. */
  private MethodSpec save(QueryMethodModel.Save save, EntityModel entity, ClassName mapper, boolean source, boolean keepsRecent) {
    ExecutableElement method = save.method();
    String e = method.getParameters().get(0).getSimpleName().toString();
    String previous = save.previousGiven() ? method.getParameters().get(1).getSimpleName().toString() : null;
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Writes every column of the {@code $L} row in table {@code $L} at one timestamp; null columns are deleted.\n"
            + "The key (and every index key) is encoded before anything is sent.\n", entity.simpleName(), entity.table());
    if (entity.hasIndexes()) {
      m.addJavadoc("Index tables are kept in step: new entries first, then the master row, then the entries only the previous state had.\n");
    }
    m.addJavadoc(SnippetCode.saveJavadoc(entity));
    boolean sequenced = entity.sequence().isPresent();
    if (entity.snippets().isEmpty() && !source && !keepsRecent && !sequenced && !save.returnsEntity() && entity.countDistinct().isEmpty()) {
      String prev = previous == null ? "" : ", " + previous;
      return m.addStatement(save.async() ? "return writeAsync($N$L)" : "write($N$L)", e, prev).build();
    }
    // A @Sequence entity is written as assigned its id: everything below writes 'target'.
    String target = sequenced ? MethodCode.local("assigned", method) : e;
    if (sequenced) {
      m.addJavadoc("A {@code $L} of 0 is first assigned the next id of sequence {@code $L}$L.\n", entity.sequence().get().fieldName(),
          entity.sequenceSpec().value(), save.returnsEntity() ? "; the entity as saved is returned" : "");
    }
    CodeBlock stage = SnippetCode.copies(entity, mapper, target, method, (ref, ids) -> CodeBlock.of("$N.load($L)", ref.idsMethod(), ids),
        copy -> previous == null ? CodeBlock.of("writeAsync($N)", copy) : CodeBlock.of("writeAsync($N, $N)", copy, previous));
    if (source) {
      m.addJavadoc("Then every snippet copying a changed field of {@code $L} is rewritten in its holders; see {@link #fanOut}.\n", e);
      CodeBlock before = previous != null ? MethodCode.given(previous) : CodeBlock.of("storedAsync($N)", target);
      stage = CodeBlock.of("snippetFanOut.save($N, $L, () -> $L)", target, before, stage);
    }
    if (keepsRecent) {
      m.addJavadoc("Then the @Recent lists holding $L are brought up to date, each by compare-and-set.\n", entity.simpleName());
      stage = io.denorm.processor.generation.RecentCode.afterSave(stage, target);
    }
    if (entity.countDistinct().isPresent()) {
      var d = entity.countDistinct().get();
      m.addJavadoc("Then the pair ($L, $L) is counted for @CountDistinct {@code $L} unless it was before.\n", d.group().fieldName(),
          d.distinct().fieldName(), d.name());
      stage = io.denorm.processor.generation.DistinctCode.afterSave(entity, stage, target, (c, v) -> HBaseCodecs.stored(c.type(), v));
    }
    if (sequenced) {
      MethodCode.sequencedSave(m, save, mapper, e, target, stage);
      return m.build();
    }
    if (save.returnsEntity()) {
      return save.async() ? m.addStatement("return $L.thenApply(saved -> $N)", stage, e).build()
          : m.addStatement("join($L)", stage).addStatement("return $N", e).build();
    }
    return m.addStatement(save.async() ? "return $L" : "join($L)", stage).build();
  }

  /**
   * {@code findPrevious}/{@code findNext}: the nearest row of the partition whose {@code @Sequence}
   * is below or above the one given: the first or the last row of a key range (the sequence may be
   * stored descending), one row read.
   */
  private MethodSpec neighbor(QueryMethodModel.Neighbor n, EntityModel entity) {
    ExecutableElement method = n.method();
    List<io.denorm.processor.model.ColumnModel> key = entity.primaryKey();
    var id = key.get(key.size() - 1);
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("The $L row under the same other key fields: {@code $L} $L the one given, the nearest first; one row read from table {@code $L}.\n",
            entity.simpleName(), id.fieldName(), n.previous() ? "below" : "above", entity.table());
    CodeBlock.Builder prefix = CodeBlock.builder();
    for (int i = 0; i < key.size() - 1; i++) {
      var p = method.getParameters().get(i);
      if (!p.asType().getKind().isPrimitive()) {
        m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), key.get(i).fieldName(), p.getSimpleName().toString());
      }
      prefix.add(i == 0 ? "$L" : ", $L", HBaseCodecs.stored(key.get(i).type(), CodeBlock.of("$N", p.getSimpleName().toString())));
    }
    String last = method.getParameters().get(key.size() - 1).getSimpleName().toString();
    if (!method.getParameters().get(key.size() - 1).asType().getKind().isPrimitive()) {
      m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), id.fieldName(), last);
    }
    CodeBlock bound = HBaseCodecs.stored(id.type(), CodeBlock.of("$N", last));
    CodeBlock range = n.previous()
        ? CodeBlock.of("range($T.<Object>of($L), null, false, $L, false)", List.class, prefix.build(), bound)
        : CodeBlock.of("range($T.<Object>of($L), $L, false, null, false)", List.class, prefix.build(), bound);
    // The nearest below is the largest: first in key order when the ids are stored descending.
    boolean first = (id.order() == io.denorm.annotations.Order.DESC) == n.previous();
    String call = (first ? "first" : "last") + (n.async() ? "Async" : "");
    return m.addStatement("return $L($L)", call, range).build();
  }

  private MethodSpec delete(QueryMethodModel.Delete delete, EntityModel entity, ClassName mapper, boolean unlinks, boolean keepsRecent) {
    ExecutableElement method = delete.method();
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Deletes one row of table {@code $L} by its key, at one timestamp.$L\n", entity.table(),
            delete.returnsExisted() ? "\nReturns whether the row existed when it was read just before the delete." : "");
    CodeBlock call;
    if (delete.byEntity()) {
      String e = method.getParameters().get(0).getSimpleName().toString();
      call = CodeBlock.of("removeEntityAsync($N)", e);
    } else {
      QueryPlan plan = QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan();
      m.addCode(MethodCode.checks(entity.simpleName(), plan, method, true));
      call = CodeBlock.of("removeAsync($L)", keyValues(plan.conditions(), method));
    }
    if (keepsRecent) {
      m.addJavadoc("First the @Recent lists holding the row drop it for the next newest, each by compare-and-set.\n");
      CodeBlock key = delete.byEntity() ? CodeBlock.of("$T.key($N)", mapper, method.getParameters().get(0).getSimpleName().toString())
          : keyValues(QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan().conditions(), method);
      call = CodeBlock.of("$L.thenCompose(dropped -> $L)", io.denorm.processor.generation.RecentCode.beforeDelete(key), call);
    }
    if (unlinks) {
      // Many-to-many: the owning rows let go of this one first; the delete takes its timestamp after that.
      m.addJavadoc("First the row is read and removed from every owning row its inverse sides name, through their protocol.\n");
      CodeBlock stored = delete.byEntity() ? CodeBlock.of("storedAsync($N)", method.getParameters().get(0).getSimpleName().toString())
          : CodeBlock.of("getAsync($L)", keyValues(QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan().conditions(), method));
      call = CodeBlock.of("$L.thenCompose(snippetFanOut::beforeDelete).thenCompose(unlinked -> $L)", stored, call);
    }
    if (delete.async()) {
      m.addStatement(delete.returnsExisted() ? "return $L" : "return $L.thenApply(existed -> null)", call);
    } else {
      m.addStatement(delete.returnsExisted() ? "return join($L)" : "join($L)", call);
    }
    return m.build();
  }

  private MethodSpec find(QueryMethodModel.Find find, EntityModel entity, ClassName mapper) {
    ExecutableElement method = find.method();
    if (entity.walksBuckets(find.criteria())) {
      // The bucket and its field are stored descending in the row key: one scan reads the buckets
      // newest first (a reversed scan oldest first), a range of the field being a range of keys.
      MethodSpec.Builder m = MethodSpec.overriding(method)
          .addJavadoc("Reads the buckets of {@code $L} (@Bucket on {@code $L}) $L: one $Lscan of a key range, the bucket and {@code $L} being descending in the row key.\n",
              entity.table(), entity.bucket().get().fieldName(), find.ascending() ? "oldest first" : "newest first", find.ascending() ? "reversed " : "",
              entity.bucketSource().orElseThrow().fieldName());
      List<CodeBlock> prefix = new ArrayList<>();
      for (var c : entity.bucketParent()) {
        String param = method.getParameters().get(find.criteria().stream().filter(k -> k.column().equals(c)).findFirst().orElseThrow().firstParameter())
            .getSimpleName().toString();
        m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), c.fieldName(), param);
        prefix.add(HBaseCodecs.stored(c.type(), CodeBlock.of("$N", param)));
      }
      var bound = entity.walkBound(find.criteria()).orElse(null);
      var source = entity.bucketSource().orElseThrow();
      List<CodeBlock> ends = new ArrayList<>();
      for (var end : java.util.Arrays.asList(EntityModel.lowerEnd(bound), EntityModel.upperEnd(bound))) {
        if (end == null) {
          ends.add(CodeBlock.of("null, false"));
          continue;
        }
        String param = method.getParameters().get(end.parameter()).getSimpleName().toString();
        if (!method.getParameters().get(end.parameter()).asType().getKind().isPrimitive()) {
          m.addStatement("$T.argument($S, $S, $N)", MethodCode.KEY_CHECKS, entity.simpleName(), source.fieldName(), param);
        }
        ends.add(CodeBlock.of("$T.<$T>of($L, $L), $L", List.class, Object.class, MethodCode.bucketOf(entity, CodeBlock.of("$N", param)),
            HBaseCodecs.stored(source.type(), CodeBlock.of("$N", param)), end.inclusive()));
      }
      CodeBlock range = bound == null ? CodeBlock.of("range($T.<$T>of($L))", List.class, Object.class, CodeBlock.join(prefix, ", "))
          : CodeBlock.of("span($T.<$T>of($L),$>$>\n$L,\n$L)$<$<", List.class, Object.class, CodeBlock.join(prefix, ", "), ends.get(0), ends.get(1));
      if (find.shape() == io.denorm.processor.model.ReturnShape.PAGE) {
        return m.addStatement("return page($L, $N, $L)", range, method.getParameters().get(find.pageRequestParameter()).getSimpleName().toString(),
            find.ascending()).build();
      }
      return m.addStatement("return list($L, 0, $L)", range, find.ascending()).build();
    }
    QueryPlan plan = QueryPlan.resolve(entity, find.criteria()).plan();
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Served by table {@code $L}: {@code $L}$L.\n", plan.table(), MethodCode.describe(plan),
            find.limit() > 0 ? ", first " + find.limit() + " row(s)" : "")
        .addCode(MethodCode.checks(entity.simpleName(), plan, method, false));
    String async = find.async() ? "Async" : "";
    String page = find.pageRequestParameter() >= 0 ? method.getParameters().get(find.pageRequestParameter()).getSimpleName().toString() : null;
    if (!plan.tableView().isIndex() && plan.uniqueRow() && find.shape() == io.denorm.processor.model.ReturnShape.OPTIONAL) {
      return m.addStatement("return get$L($L)", async, keyValues(plan.conditions(), method)).build();
    }
    CodeBlock range = range(plan, method, plan.tableView().isIndex() ? plan.tableView().index().fieldName() : null);
    if (find.idsOnly()) {
      m.addJavadoc("Only the ids: the master key of the index rows, in key order, read $L; each index row is checked against the master row it points at\n"
          + "(in batches, in parallel), and rows whose master no longer matches are left out and repaired.\n",
          find.shape() == io.denorm.processor.model.ReturnShape.STREAM ? "page by page as the stream is consumed" : "whole");
      return m.addStatement(find.shape() == io.denorm.processor.model.ReturnShape.STREAM ? "return indexIds($N, $L)" : "return indexIds($N, $L).toList()",
          plan.tableView().index().fieldName(), range).build();
    }
    if (plan.tableView().isIndex()) {
      m.addJavadoc("Each index row is checked against the master row it points at; rows whose master no longer matches are left out and repaired.\n");
      String table = plan.tableView().index().fieldName();
      return switch (find.shape()) {
        case OPTIONAL -> m.addStatement("return indexOne$L($N, $L)", async, table, range).build();
        case LIST -> m.addStatement("return indexList$L($N, $L, $L)", async, table, range, find.limit()).build();
        case STREAM -> m.addStatement("return indexStream($N, $L, $L)", table, range, find.limit()).build();
        case PAGE -> m.addStatement("return indexPage$L($N, $L, $N)", async, table, range, page).build();
      };
    }
    return switch (find.shape()) {
      case OPTIONAL -> m.addStatement("return first$L($L)", async, range).build();
      case LIST -> m.addStatement("return list$L($L, $L)", async, range, find.limit()).build();
      case STREAM -> m.addStatement("return stream($L, $L)", range, find.limit()).build();
      case PAGE -> m.addStatement("return page$L($L, $N)", async, range, page).build();
    };
  }

  /** {@code range([table, ]List.of(prefix…)[, lower, incl, upper, incl])}. */
  private static CodeBlock range(QueryPlan plan, ExecutableElement method, String indexTable) {
    List<QueryPlan.Condition> prefix = plan.conditions().stream().filter(c -> c.cqlOperator().equals("=")).toList();
    List<QueryPlan.Condition> bounds = plan.conditions().stream().filter(c -> !c.cqlOperator().equals("=")).toList();
    CodeBlock table = indexTable == null ? CodeBlock.of("") : CodeBlock.of("$N, ", indexTable);
    if (bounds.isEmpty()) {
      return CodeBlock.of("range($L$L)", table, keyValues(prefix, method));
    }
    CodeBlock lower = CodeBlock.of("null, false");
    CodeBlock upper = CodeBlock.of("null, false");
    for (QueryPlan.Condition c : bounds) {
      CodeBlock value = HBaseCodecs.stored(c.column().type(), CodeBlock.of("$N", method.getParameters().get(c.parameter()).getSimpleName().toString()));
      switch (c.cqlOperator()) {
        case ">=" -> lower = CodeBlock.of("$L, true", value);
        case ">" -> lower = CodeBlock.of("$L, false", value);
        case "<=" -> upper = CodeBlock.of("$L, true", value);
        case "<" -> upper = CodeBlock.of("$L, false", value);
        default -> throw new IllegalStateException("operator " + c.cqlOperator());
      }
    }
    return CodeBlock.of("range($L$L, $L, $L)", table, keyValues(prefix, method), lower, upper);
  }

  /** {@code List.of(v1, v2…)}: the arguments bound by {@code conditions}, stored form, in key order. */
  private static CodeBlock keyValues(List<QueryPlan.Condition> conditions, ExecutableElement method) {
    CodeBlock values = conditions.stream()
        .map(c -> HBaseCodecs.stored(c.column().type(), CodeBlock.of("$N", method.getParameters().get(c.parameter()).getSimpleName().toString())))
        .collect(CodeBlock.joining(", "));
    return CodeBlock.of("$T.<$T>of($L)", List.class, Object.class, values);
  }
}
