package io.denorm.processor.generation.hbase;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import io.denorm.References;
import io.denorm.annotations.Order;
import io.denorm.processor.generation.DeleteCode;
import io.denorm.processor.generation.DistinctCode;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.NestedSetCode;
import io.denorm.processor.generation.PathCode;
import io.denorm.processor.generation.RecentCode;
import io.denorm.processor.generation.SaveCode;
import io.denorm.processor.generation.SnippetCode;
import io.denorm.processor.generation.SnippetCopiesCode;
import io.denorm.processor.generation.SourceFileGenerator;
import io.denorm.processor.generation.TreeCode;
import io.denorm.processor.model.CounterModel;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.Dependents;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.InverseLink;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.RecentModel;
import io.denorm.processor.model.ReferenceModel;
import io.denorm.processor.model.SnippetHolder;
import io.denorm.processor.model.TableView;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
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

  /** The DAO interface's {@code @StatementAttributes}; nothing without one. */
  private static CodeBlock daoAttributes(DaoModel dao) {
    CodeBlock attributes = io.denorm.processor.generation.DerivedCode.daoAttributes(dao.element());
    return attributes == null ? CodeBlock.of("") : CodeBlock.builder().addStatement("setAttributes($L)", attributes).build();
  }

  static final ClassName REFERENCES = ClassName.get("io.denorm.hbase", "HBaseReferences");
  static final ClassName KEY_SALT = ClassName.get("io.denorm.hbase", "KeySalt");

  public void generate(DaoModel dao, Dependents dependents) {
    List<SnippetHolder> holders = dependents.holders();
    List<InverseLink> links = dependents.links();
    List<RecentModel> recents = dependents.recents();
    boolean fansOut = !holders.isEmpty() || !links.isEmpty();
    EntityModel entity = dao.entity();
    ClassName name = GeneratedNames.hbaseDao(dao);
    ClassName mapper = GeneratedNames.hbaseMapper(entity);
    List<MethodSpec> methods = new ArrayList<>();
    boolean nestedSet = NestedSetCode.uses(dao);
    HBaseMethods kinds = new HBaseMethods(dao, mapper, fansOut, !links.isEmpty(), !recents.isEmpty());
    for (QueryMethodModel method : dao.methods()) {
      methods.addAll(method.accept(kinds));
    }
    if (PathCode.usesHelpers(dao)) {
      var index = entity.pathIndex().get();
      ClassName paths = ClassName.get("io.denorm.tree", "MaterializedPaths");
      CodeBlock under = CodeBlock.of("indexListAsync($N, range($N, $T.<$T>of($T.root(path)), path, false, $T.end(path), false), 0)",
          GeneratedNames.indexField(index), GeneratedNames.indexField(index), List.class, Object.class, paths, paths);
      methods.addAll(PathCode.helpers(entity, mapper, under,
          CodeBlock.of("id -> getAsync($T.<$T>of(id))", List.class, Object.class)));
    }
    if (nestedSet) {
      methods.add(NestedSetCode.tree(entity, CodeBlock.of("id -> getAsync($T.<$T>of(id))", List.class, Object.class),
          CodeBlock.of("ids -> selfRows.load(ids)")));
    }
    if ((nestedSet || dao.declares(QueryMethodModel.TreeRead.class)) && entity.parentIndex().isPresent()) {
      var index = entity.parentIndex().get();
      methods.add(TreeCode.childrenOf(entity, CodeBlock.of("indexListAsync($N, range($N, $T.<$T>of($L)), 0)",
          GeneratedNames.indexField(index), GeneratedNames.indexField(index), List.class, Object.class,
          HBaseCodecs.stored(index.key().get(0).type(), TreeCode.parent(entity)))));
    }
    List<FieldSpec> fields = new ArrayList<>();
    CodeBlock.Builder init = CodeBlock.builder();
    indexTables(entity, mapper, fields, init);
    List<ReferenceModel> read = new ArrayList<>();
    for (QueryMethodModel.Load load : dao.methodsOf(QueryMethodModel.Load.class)) {
      read.add(load.reference());
    }
    if (dao.declares(QueryMethodModel.Save.class, QueryMethodModel.SaveAll.class, QueryMethodModel.Update.class)) {
      read.addAll(entity.snippets());
    }
    referenceFields(read, fields, init);
    versionInit(entity, mapper, init);
    if (nestedSet || dao.declares(QueryMethodModel.FindAll.class)) {
      fields.add(FieldSpec.builder(ParameterizedTypeName.get(REFERENCES, entity.className()), "selfRows", Modifier.PRIVATE, Modifier.FINAL)
          .addJavadoc("Reads rows of table {@code $L} by id, $L at a time, for $L.\n", entity.table(), References.BATCH,
              String.join(" and ", Stream.of(dao.declares(QueryMethodModel.FindAll.class) ? "findAllById" : null,
                  nestedSet ? "findLeaves" : null).filter(Objects::nonNull).toList())).build());
      init.addStatement("this.selfRows = references($S, $S, $T.KEY, $L, $T.COLUMNS, $T::fromRow)", entity.table(), entity.simpleName(), mapper,
          entity.salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", mapper), mapper, mapper);
    }
    if (nestedSet) {
      fields.add(NestedSetCode.field(entity.nestedSet().get()));
      init.add(NestedSetCode.init(entity.nestedSet().get()));
    }
    if (entity.countDistinct().isPresent()) {
      var d = entity.countDistinct().get();
      fields.add(DistinctCode.field(d, ClassName.get("io.denorm.hbase", "HBaseDistinctCount")));
      var asc = Order.ASC;
      var pairs = new TableView(d.membersTable(), List.of(new KeyColumn(d.group(), false, asc),
          new KeyColumn(d.distinct(), false, asc)), List.of(), null);
      var groups = new TableView(d.name(), List.of(new KeyColumn(d.group(), false, asc)), List.of(), null);
      init.addStatement("this.$N = distinctCount($S,$>$>\n$L,\n$L)$<$<", GeneratedNames.distinctField(d), d.name(), HBaseCodecs.codec(entity.simpleName(), pairs),
          HBaseCodecs.codec(entity.simpleName(), groups));
    }
    if (entity.sequence().isPresent() && dao.declares(QueryMethodModel.Save.class, QueryMethodModel.SaveAll.class, QueryMethodModel.Update.class)) {
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
              ParameterizedTypeName.get(RecentCode.RECENT_LIST, entity.className())),
          "recentLists", Modifier.PRIVATE, Modifier.FINAL).addJavadoc("The @Recent lists of other entities that saves and deletes of $L keep.\n",
          entity.simpleName()).build());
      init.add(RecentCode.init(entity, recents, r -> {
        ClassName parentMapper = GeneratedNames.hbaseMapper(r.parent());
        CodeBlock salt = r.parent().salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", parentMapper);
        return CodeBlock.of("recentStore($S, $S, $T.KEY, $L, $S, $T::$N, $T::$N,\n(parentId, n) -> listAsync(range($T.of(parentId)), n))",
            r.parent().table(), r.parent().simpleName(), parentMapper, salt, HBaseMapperGenerator.qualifier(r.column()), parentMapper,
            r.column().fieldName() + "FromCell", parentMapper, r.column().fieldName() + "ToCell", List.class);
      }));
    }
    if (PathCode.usesHelpers(dao) || dao.declares(QueryMethodModel.Update.class) || dao.methodsOf(QueryMethodModel.Save.class).stream()
        .anyMatch(save -> HBaseMethods.usesPipeline(save, entity, fansOut, !recents.isEmpty()))
        || dao.declares(QueryMethodModel.SaveAll.class) && SaveCode.beyondWrite(entity, fansOut, !recents.isEmpty(), false)) {
      fields.add(SaveCode.field(entity));
      init.add(SaveCode.init(entity, mapper, fansOut, !recents.isEmpty(), HBaseMethods.store()));
    }
    if (dao.declares(QueryMethodModel.DeleteRange.class)
        || dao.declares(QueryMethodModel.Delete.class) && HBaseMethods.usesDeletePipeline(!links.isEmpty(), !recents.isEmpty())
        || dao.declares(QueryMethodModel.DeleteAll.class)
        && (entity.hasIndexes() || entity.versioned() || !links.isEmpty() || !recents.isEmpty())) {
      fields.add(DeleteCode.field(entity));
      init.add(DeleteCode.init(entity, !links.isEmpty(), !recents.isEmpty(), HBaseMethods.deleteStore(mapper)));
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
            .addStatement("typedKeys($T::rowKey)", mapper)
        .addCode(io.denorm.processor.generation.DerivedCode.expiring(entity))
        .addCode(io.denorm.processor.generation.DerivedCode.plainWrites(entity, fansOut, !recents.isEmpty()))
        .addCode(daoAttributes(dao))
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
    return CodeBlock.of("super(connection, namespace, $S, $S, $T.KEY, $L$T.COLUMNS, $T::key, $T::cells, $T::fromRow, $L)",
        entity.simpleName(), entity.table(), mapper, entity.salt() == null ? CodeBlock.of("") : CodeBlock.of("$T.SALT, ", mapper),
        mapper, mapper, mapper, mapper, entries);
  }

  /** {@code countInto(…)} / {@code inverseInto(…)}: the membership index {@code index} feeds {@code fed} of another entity. */
  private static void feeds(CodeBlock.Builder init, IndexModel index, String method, CounterModel fed) {
    EntityModel other = fed.entity().get();
    ClassName otherMapper = GeneratedNames.hbaseMapper(other);
    CodeBlock salt = other.salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", otherMapper);
    init.addStatement("$L($N, $S, $S, $T.KEY, $L, $S)", method, GeneratedNames.indexField(index),
        other.table(), other.simpleName(), otherMapper, salt, HBaseMapperGenerator.qualifier(fed.column()));
  }

  private static void indexTables(EntityModel entity, ClassName mapper, List<FieldSpec> fields, CodeBlock.Builder init) {
    for (IndexModel index : entity.indexes()) {
      fields.add(FieldSpec.builder(INDEX_TABLE, GeneratedNames.indexField(index), Modifier.PRIVATE, Modifier.FINAL)
          .addJavadoc("Index table {@code $L}.\n", index.name()).build());
      if (index.memberships()) {
        init.addStatement("this.$N = membershipIndexTable($T.$N, $S, $T.$N)", GeneratedNames.indexField(index), mapper, GeneratedNames.indexConstant(entity, index), index.name(),
            mapper, GeneratedNames.indexKeyConstant(entity, index));
        index.counter().ifPresent(fed -> feeds(init, index, "countInto", fed));
        index.inverse().ifPresent(fed -> feeds(init, index, "inverseInto", fed));
      } else {
        init.addStatement("this.$N = indexTable($T.$N, $S, $T.$N)", GeneratedNames.indexField(index), mapper, GeneratedNames.indexConstant(entity, index), index.name(),
            mapper, GeneratedNames.indexKeyConstant(entity, index));
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
        (index, idType) -> CodeBlock.of("indexPageAsync($N, range($N, $T.<$T>of($L)), page)", GeneratedNames.indexField(index), GeneratedNames.indexField(index), List.class,
            Object.class, HBaseCodecs.stored(index.key().get(0).type(), CodeBlock.of("(($T) sourceId)", idType))),
        CodeBlock.builder().addStatement("return writeAsync(entity, previous)").build(), CodeBlock.of("storedAsync(entity)"),
        CodeBlock.of("getAsync($T.of(id))", List.class), entity.versioned() ? null : CodeBlock.of("rewriteAsync(entity, change)"),
        mapper, (ref, ids) -> CodeBlock.of("$N.load($L)", GeneratedNames.idsMethod(ref), ids));
    type.addFields(fields)
        .addMethod(MethodSpec.constructorBuilder()
            .addJavadoc("Over {@code connection}, tables in {@code namespace}.\n")
            .addModifiers(Modifier.PUBLIC)
            .addParameter(ASYNC_CONNECTION, "connection")
            .addParameter(String.class, "namespace")
            .addStatement(superCall(entity, mapper))
            .addStatement("typedKeys($T::rowKey)", mapper)
            .addCode(init.build())
            .build())
        .addMethod(MethodSpec.constructorBuilder()
            .addJavadoc("As the DAO {@code settings} is: its clock, repair grace, write observer and list limit.\n")
            .addModifiers(Modifier.PUBLIC)
            .addParameter(ASYNC_CONNECTION, "connection")
            .addParameter(String.class, "namespace")
            .addParameter(ParameterizedTypeName.get(BASE, WildcardTypeName.subtypeOf(Object.class)), "settings")
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
  private static void referenceFields(List<ReferenceModel> refs, List<FieldSpec> fields, CodeBlock.Builder init) {
    Set<String> joined = new LinkedHashSet<>();
    for (ReferenceModel ref : refs) {
      if (joined.add(GeneratedNames.idsMethod(ref))) {
        EntityModel target = ref.target().get();
        ClassName targetMapper = GeneratedNames.hbaseMapper(target);
        fields.add(FieldSpec.builder(ParameterizedTypeName.get(REFERENCES, target.className()), GeneratedNames.idsMethod(ref), Modifier.PRIVATE, Modifier.FINAL)
            .addJavadoc("Reads the $L rows {@code $L} references, for joins.\n", target.simpleName(), ref.column().fieldName()).build());
        init.addStatement("this.$N = references($S, $S, $T.KEY, $L, $T.COLUMNS, $T::fromRow)", GeneratedNames.idsMethod(ref), target.table(),
            target.simpleName(), targetMapper, target.salt() == null ? CodeBlock.of("$T.NONE", KEY_SALT) : CodeBlock.of("$T.SALT", targetMapper),
            targetMapper, targetMapper);
      }
    }
  }
}
