package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
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
import io.denorm.processor.model.ConsistencyModel;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.Dependents;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.InverseLink;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.RecentModel;
import io.denorm.processor.model.SnippetHolder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code CassandraXDao implements XDao}: prepared statements as fields, one method per DAO
 * method, all protocols delegated to {@code CassandraDaoBase}.
 */
public final class CassandraDaoGenerator {

  static final ClassName BASE = ClassName.get("io.denorm.cassandra", "CassandraDaoBase");
  static final ClassName SESSION = ClassName.get("com.datastax.oss.driver.api.core", "CqlSession");

  private final SourceFileGenerator files;

  public CassandraDaoGenerator(SourceFileGenerator files) {
    this.files = files;
  }

  /**
   * Emits {@code CassandraXSnippetHolders}: how the fan-out of another entity finds the rows of X
   * holding its snippets (through the reverse indexes) and saves them (through X's protocol).
   */
  public void generateHolders(EntityModel entity) {
    ClassName name = GeneratedNames.cassandraSnippetHolders(entity);
    DaoModel synthetic = new DaoModel(entity.element(), ClassName.get(entity.className().packageName(), entity.simpleName() + "SnippetHolders"),
        entity, null, List.of());
    DaoContext context = new DaoContext(synthetic, GeneratedNames.cassandraMapper(entity), List.of(), List.of(), List.of());
    CodeBlock save = CodeBlock.builder()
        .addStatement("$T.requireValidKey(entity)", context.mapper())
        .addStatement("return writeAsync(new $T<>(entity, true, previous, nextWriteTimestamp()))", SaveCode.PIPELINE.nestedClass("Call"))
        .build();
    TypeSpec.Builder type = SnippetCode.holdersType(name, entity, ParameterizedTypeName.get(BASE, entity.className()), "Cassandra", (index, idType) -> {
          var plan = new QueryPlan(index.table(entity),
              List.of(new QueryPlan.Condition(index.key().get(0), "=", 0)), false);
          String select = context.statement("selectBy" + Names.capitalize(index.key().get(0).source().fieldName()) + "Source",
              CqlStatements.select(entity, plan, false));
          return CodeBlock.of("$N.async().thenCompose(prepared -> indexPageAsync(prepared.boundStatementBuilder().$L.build(),\n$N, $N, $T::indexEntries, page))",
              select, ColumnCodecs.setCall(index.key().get(0).type(), CodeBlock.of("0"), CodeBlock.of("($T) sourceId", idType)),
              context.indexTable(index), context.masterLookup(), context.mapper());
        }, save, CodeBlock.of("storedAsync(entity)"),
        CodeBlock.of("$N.apply($T.of(id))", context.masterLookup(), List.class),
        entity.versioned() ? null : CodeBlock.of("rewriteAsync($L,\n$>$>change, $T::indexEntries,\n"
            + "fresh -> $N.async().thenApply(prepared -> $T.bindRewrite(prepared.boundStatementBuilder(), fresh).build()))$<$<",
            SaveMethodGenerator.readStampedRow(context, "prepared", "entity"), context.mapper(),
            context.statement("update" + entity.simpleName() + "Rewritten", CqlStatements.updateRewritten(entity)), context.mapper()),
        context.mapper(), SaveMethodGenerator.sources(context));
    // statements are registered while the methods and the constructor are built: fields come last
    MethodSpec constructor = constructor(context, "Over {@code session}, tables in {@code keyspace}. Statements are prepared on first use.\n",
        MasterTableCode.init(context, false));
    MethodSpec withSettings = MethodSpec.constructorBuilder()
        .addJavadoc("As the DAO {@code settings} is: its clock, repair grace, write observer and list limit.\n")
        .addModifiers(Modifier.PUBLIC)
        .addParameter(SESSION, "session")
        .addParameter(String.class, "keyspace")
        .addParameter(ParameterizedTypeName.get(BASE, WildcardTypeName.subtypeOf(Object.class)), "settings")
        .addStatement("this(session, keyspace)")
        .addStatement("copySettingsFrom(settings)")
        .build();
    type.addFields(context.statementFields())
        .addFields(context.indexFields())
        .addMethod(constructor)
        .addMethod(withSettings);
    AnnotationSpec generated = files.generatedAnnotation(entity.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), entity.element());
  }

  /** The entity's {@code @Consistency}, applied to the DAO it constructs; nothing without one. */
  private static CodeBlock consistency(EntityModel entity) {
    ConsistencyModel c = entity.consistency();
    if (c == null) {
      return CodeBlock.of("");
    }
    return CodeBlock.builder()
        .addStatement("setStatementOptions($T.named($S, $S, $LL, $S))", ClassName.get("io.denorm.cassandra", "StatementOptions"),
            c.level(), c.serial(), c.timeoutMillis(), c.executionProfile())
        .build();
  }

  /** The DAO interface's {@code @StatementAttributes}, on top of the entity's options; nothing without one. */
  private static CodeBlock daoAttributes(DaoModel dao) {
    CodeBlock attributes = dao.element().getKind() == javax.lang.model.element.ElementKind.INTERFACE ? io.denorm.processor.generation.DerivedCode.daoAttributes(dao.element()) : null;
    return attributes == null ? CodeBlock.of("") : CodeBlock.builder().addStatement("applyAttributes($L)", attributes).build();
  }

  /**
   * {@code (session, keyspace)}: prepares the context's statements, registers its index tables, then
   * {@code extra}. Build it before taking the statement fields: the index tables register statements.
   */
  private static MethodSpec constructor(DaoContext context, String javadoc, CodeBlock extra) {
    CodeBlock indexes = context.indexInitializers();
    return MethodSpec.constructorBuilder()
        .addJavadoc(javadoc)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(SESSION, "session")
        .addParameter(String.class, "keyspace")
        .addStatement("super(session, keyspace)")
        .addCode(io.denorm.processor.generation.DerivedCode.expiring(context.entity()))
        .addCode(io.denorm.processor.generation.DerivedCode.plainWrites(context.entity(), !context.holders().isEmpty() || !context.links().isEmpty(),
            !context.recents().isEmpty()))
        .addCode(consistency(context.entity()))
        .addCode(daoAttributes(context.dao()))
        .addCode(context.statementInitializers())
        .addCode(indexes)
        .addCode(extra)
        .build();
  }

  public void generate(DaoModel dao, Dependents dependents) {
    List<SnippetHolder> holders = dependents.holders();
    List<InverseLink> links = dependents.links();
    List<RecentModel> recents = dependents.recents();
    ClassName name = GeneratedNames.cassandraDao(dao);
    DaoContext context = new DaoContext(dao, GeneratedNames.cassandraMapper(dao.entity()), holders, links, recents);
    List<MethodSpec> methods = new ArrayList<>();
    boolean nestedSet = NestedSetCode.uses(dao);
    for (QueryMethodModel method : dao.methods()) {
      if (method instanceof QueryMethodModel.Update update) {
        methods.addAll(CassandraMethods.update(update, context));
        continue;
      }
      MethodSpec generated = method.accept(CassandraMethods.INSTANCE).generate(context);
      List<MethodSpec> made = method instanceof QueryMethodModel.Find find && find.projection() != null
          ? io.denorm.processor.generation.DerivedCode.projected(find, dao.entity(), generated) : NestedSetCode.wrap(dao, method, generated);
      methods.addAll(method instanceof QueryMethodModel.Find find ? io.denorm.processor.generation.DerivedCode.published(find, made) : made);
    }
    methods.add(MethodSpec.methodBuilder("scanSegments")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(ClassName.get(List.class),
            ParameterizedTypeName.get(ClassName.get("io.denorm.index", "IndexScans", "Segment"), dao.entity().className())))
        .addParameter(int.class, "segments")
        .addStatement("return masterSegments($N, $T::fromRow, segments)",
            context.statement("scan" + dao.entity().simpleName(), CqlStatements.scan(dao.entity())), context.mapper())
        .build());
    methods.add(MethodSpec.methodBuilder("scanSegment")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(ClassName.get("io.denorm.index", "IndexScans", "Segment"), dao.entity().className()))
        .addParameter(String.class, "range")
        .addStatement("return masterSegment($N, $T::fromRow, range)",
            context.statement("scan" + dao.entity().simpleName(), CqlStatements.scan(dao.entity())), context.mapper())
        .build());
    if (dao.entity().hasIndexes()) {
      methods.add(MethodSpec.methodBuilder("indexMaintenance")
          .addJavadoc("Verify, rebuild and back-fill of the index tables of {@code $L}: $L.\n", dao.entity().table(),
              dao.entity().indexes().stream().map(i -> i.name()).collect(Collectors.joining(", ")))
          .addAnnotation(Override.class)
          .addModifiers(Modifier.PUBLIC)
          .returns(ParameterizedTypeName.get(DaoContext.MAINTENANCE, dao.entity().className()))
          .addStatement("return maintenance")
          .build());
    }
    CodeBlock fanOutInit = CodeBlock.of("");
    List<FieldSpec> fanOutFields = new ArrayList<>();
    if (context.fansOut()) {
      var source = dao.entity().className();
      fanOutFields.add(FieldSpec.builder(ParameterizedTypeName.get(SnippetCode.FAN_OUT, source), "snippetFanOut",
          Modifier.PRIVATE, Modifier.FINAL).addJavadoc("Rewrites the snippets copying a saved $L.\n", dao.entity().simpleName()).build());
      fanOutInit = SnippetCode.fanOutInit(dao.entity(), holders, links, h -> CodeBlock.of("new $T(session, keyspace, this)",
          GeneratedNames.cassandraSnippetHolders(h)), GeneratedNames::cassandraMapper);
      methods.addAll(SnippetCode.snippetSourceMethods(source, CodeBlock.of("masterSegments($N, $T::fromRow)",
          context.statement("scan" + dao.entity().simpleName(), CqlStatements.scan(dao.entity())), context.mapper())));
    }
    if (!dao.entity().fannedOutSnippets().isEmpty()) {
      ClassName own = GeneratedNames.cassandraSnippetHolders(dao.entity());
      fanOutFields.add(SnippetCopiesCode.copiesField(dao.entity(), own));
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(SnippetCopiesCode.copiesInit(own, "session", "keyspace")).build();
    }
    if (PathCode.usesHelpers(dao)) {
      var entity = dao.entity();
      var index = entity.pathIndex().get();
      var table = index.table(entity);
      var plan = new QueryPlan(table, List.of(new QueryPlan.Condition(index.key().get(0), "=", 0),
          new QueryPlan.Condition(index.key().get(1), ">", 1), new QueryPlan.Condition(index.key().get(1), "<", 2)), false);
      String select = context.statement("selectUnderPath", CqlStatements.select(entity, plan, false));
      ClassName paths = ClassName.get("io.denorm.tree", "MaterializedPaths");
      CodeBlock under = CodeBlock.of("$N.async().thenCompose(prepared -> indexListAsync(prepared.boundStatementBuilder()"
          + ".setString(0, $T.root(path)).setString(1, path).setString(2, $T.end(path)).build(),\n$N, $N, $T::indexEntries))",
          select, paths, paths, context.indexTable(index), context.masterLookup(), context.mapper());
      methods.addAll(PathCode.helpers(entity, context.mapper(), under,
          CodeBlock.of("id -> $N.apply($T.<Object>of(id))", context.masterLookup(), List.class)));
    }
    if ((nestedSet || dao.declares(QueryMethodModel.TreeRead.class)) && dao.entity().parentIndex().isPresent()) {
      var entity = dao.entity();
      var index = entity.parentIndex().get();
      var plan = new QueryPlan(index.table(entity),
          List.of(new QueryPlan.Condition(index.key().get(0), "=", 0)), false);
      String select = context.statement("selectChildren", CqlStatements.select(entity, plan, false));
      methods.add(TreeCode.childrenOf(entity, CodeBlock.of(
          "$N.async().thenCompose(prepared -> indexListAsync(prepared.boundStatementBuilder().$L.build(), $N, $N, $T::indexEntries))", select,
          ColumnCodecs.setCall(index.key().get(0).type(), CodeBlock.of("0"), TreeCode.parent(entity)),
          context.indexTable(index), context.masterLookup(), context.mapper())));
    }
    if (nestedSet) {
      var ns = dao.entity().nestedSet().get();
      fanOutFields.add(NestedSetCode.field(ns));
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(NestedSetCode.init(ns)).build();
      String selectIn = context.statement("select" + dao.entity().simpleName() + "In", CqlStatements.selectIn(dao.entity()));
      methods.add(NestedSetCode.tree(dao.entity(),
          CodeBlock.of("id -> $N.apply($T.<Object>of(id))", context.masterLookup(), List.class),
          CodeBlock.of("ids -> referencesAsync(ids, $N, $T::fromRow)", selectIn, context.mapper())));
    }
    if (dao.entity().countDistinct().isPresent()) {
      var d = dao.entity().countDistinct().get();
      fanOutFields.add(DistinctCode.field(d, ClassName.get("io.denorm.cassandra", "CassandraDistinctCount")));
      fanOutInit = CodeBlock.builder().add(fanOutInit).addStatement("this.$N = distinctCount($S, $S, $S)", GeneratedNames.distinctField(d), d.name(),
          d.group().columnName(), d.distinct().columnName()).build();
    }
    if (dao.entity().sequence().isPresent() && dao.declares(QueryMethodModel.Save.class, QueryMethodModel.SaveAll.class, QueryMethodModel.Update.class)) {
      fanOutFields.add(MethodCode.sequenceField(dao.entity()));
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(MethodCode.sequenceInit(dao.entity())).build();
    }
    if (!recents.isEmpty()) {
      EntityModel child = dao.entity();
      var by = child.bucketParent().get(0);
      CodeBlock parentId = CodeBlock.of("($T) parentId", TypeName.get(by.javaType()).box());
      CodeBlock newestCode;
      if (child.bucket().isEmpty()) {
        String newest = context.statement("select" + child.simpleName() + "Newest", CqlStatements.selectNewest(child));
        newestCode = CodeBlock.of("(parentId, n) -> $N.async().thenCompose(p -> listAsync(p.boundStatementBuilder().$L.setInt(1, n).build(), $T::fromRow))",
            newest, ColumnCodecs.setCall(by.type(), CodeBlock.of("0"), parentId), context.mapper());
      } else {
        // The newest rows of a parent: a walk of its buckets, newest first, one page of n.
        newestCode = CodeBlock.of("(parentId, n) -> $T.supplyAsync(() -> $L.content())", CompletableFuture.class,
            FindMethodGenerator.walkCall(context, List.of(parentId), null, false, null, false, false,
                CodeBlock.of("$T.ofSize(n)", ClassName.get("io.denorm", "PageRequest"))));
      }
      fanOutFields.add(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(List.class),
              ParameterizedTypeName.get(RecentCode.RECENT_LIST, child.className())),
          "recentLists", Modifier.PRIVATE, Modifier.FINAL).addJavadoc("The @Recent lists of other entities that saves and deletes of $L keep.\n",
          child.simpleName()).build());
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(RecentCode.init(child, recents, r -> {
        ClassName parentMapper = GeneratedNames.cassandraMapper(r.parent());
        return CodeBlock.of("recentStore($S, $S, $S, $T::$N, $T::$N,\n$L)", r.parent().table(),
            r.parent().primaryKey().get(0).columnName(), r.column().columnName(), parentMapper, r.column().fieldName() + "From", parentMapper,
            "bind" + r.column().capitalized(), newestCode);
      })).build();
    }
    boolean saves = PathCode.usesHelpers(dao) || dao.declares(QueryMethodModel.SaveAll.class, QueryMethodModel.Update.class)
        || dao.methodsOf(QueryMethodModel.Save.class).stream().anyMatch(save -> SaveMethodGenerator.usesPipeline(context, save));
    boolean deletes = dao.declares(QueryMethodModel.Delete.class) && DeleteMethodGenerator.usesPipeline(context)
        || dao.declares(QueryMethodModel.DeleteAll.class) || dao.declares(QueryMethodModel.DeleteRange.class);
    if (saves || deletes) {
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(MasterTableCode.init(context, deletes)).build();
    }
    if (saves) {
      fanOutFields.add(SaveCode.field(dao.entity()));
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(SaveCode.init(dao.entity(), context.mapper(), context.fansOut(),
          !recents.isEmpty(), SaveMethodGenerator.store(context))).build();
    }
    if (deletes) {
      fanOutFields.add(DeleteCode.field(dao.entity()));
      fanOutInit = CodeBlock.builder().add(fanOutInit).add(DeleteCode.init(dao.entity(), !links.isEmpty(), !recents.isEmpty(),
          DeleteMethodGenerator.store(context))).build();
    }
    MethodSpec constructor = constructor(context, "A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.\n",
        fanOutInit);
    TypeSpec.Builder type = TypeSpec.classBuilder(name)
        .addJavadoc("Cassandra implementation of {@link $T}, storing {@link $T} in table {@code $L}.\n",
            dao.className(), dao.entity().className(), dao.entity().table())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(BASE, dao.entity().className()))
        .addSuperinterface(dao.className())
        .addFields(context.statementFields())
        .addFields(context.indexFields())
        .addFields(fanOutFields)
        .addMethod(constructor)
        .addMethods(methods)
        .addMethod(MethodSpec.methodBuilder("withStatementOptions")
            .addJavadoc("This DAO with other statement options, for the calls that need them: another instance over the same session and\n"
                + "keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.\n")
            .addModifiers(Modifier.PUBLIC)
            .returns(name)
            .addParameter(ClassName.get("io.denorm.cassandra", "StatementOptions"), "options")
            .addStatement("$T other = new $T(session(), keyspace().asInternal())", name, name)
            .addStatement("other.copySettingsFrom(this)")
            .addStatement("other.setStatementOptions(options)")
            .addStatement("return other")
            .build());
    type.addSuperinterface(ParameterizedTypeName.get(ClassName.get("io.denorm", "ScannableDao"), dao.entity().className()));
    if (context.fansOut()) {
      type.addSuperinterface(ParameterizedTypeName.get(SnippetCode.SNIPPET_SOURCE, dao.entity().className()));
    }
    if (dao.entity().hasIndexes()) {
      type.addSuperinterface(ParameterizedTypeName.get(ClassName.get("io.denorm.index", "IndexedDao"), dao.entity().className()));
    }
    AnnotationSpec generated = files.generatedAnnotation(dao.className().canonicalName());
    if (generated != null) {
      type.addAnnotation(generated);
    }
    files.write(name.packageName(), type.build(), dao.element(), dao.entity().element());
  }
}
