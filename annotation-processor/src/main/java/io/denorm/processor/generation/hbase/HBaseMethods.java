package io.denorm.processor.generation.hbase;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.References;
import io.denorm.annotations.Order;
import io.denorm.processor.generation.DeleteCode;
import io.denorm.processor.generation.DistinctCode;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.GeoCode;
import io.denorm.processor.generation.MethodCode;
import io.denorm.processor.generation.NestedSetCode;
import io.denorm.processor.generation.PathCode;
import io.denorm.processor.generation.SaveCode;
import io.denorm.processor.generation.SnippetCode;
import io.denorm.processor.generation.TreeCode;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.DaoModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.ReturnShape;
import io.denorm.processor.model.TableView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.lang.model.element.ExecutableElement;

/**
 * The HBase generator of each kind of DAO method: each turns its arguments into a row key or a key
 * range and calls into {@code HBaseDaoBase}. A kind added to {@link QueryMethodModel} without a
 * method here does not compile.
 */
final class HBaseMethods implements QueryMethodModel.Visitor<List<MethodSpec>> {

  private final DaoModel dao;
  private final EntityModel entity;
  private final ClassName mapper;
  /** Whether saves are followed by a snippet fan-out or many-to-many links. */
  private final boolean fansOut;
  /** Whether deletes first unlink the owning rows of a many-to-many. */
  private final boolean unlinks;
  /** Whether saves and deletes keep the @Recent lists of other entities. */
  private final boolean keepsRecent;

  HBaseMethods(DaoModel dao, ClassName mapper, boolean fansOut, boolean unlinks, boolean keepsRecent) {
    this.dao = dao;
    this.entity = dao.entity();
    this.mapper = mapper;
    this.fansOut = fansOut;
    this.unlinks = unlinks;
    this.keepsRecent = keepsRecent;
  }

  @Override
  public List<MethodSpec> visitNestedSetOp(QueryMethodModel.NestedSetOp op) {
    return List.of(NestedSetCode.method(op, entity));
  }

  @Override
  public List<MethodSpec> visitSave(QueryMethodModel.Save save) {
    MethodSpec generated = entity.materializedPath().isPresent() ? PathCode.save(save, entity) : save(save, entity, mapper, fansOut, keepsRecent);
    return NestedSetCode.wrap(dao, save, generated);
  }

  @Override
  public List<MethodSpec> visitSaveAll(QueryMethodModel.SaveAll saveAll) {
    if (SaveCode.beyondWrite(entity, fansOut, keepsRecent, false)) {
      return List.of(SaveCode.saveAll(saveAll, entity, CodeBlock.of("$T::key", mapper))
          .addJavadoc("Each entity goes through the save pipeline, $L in flight.\n", "{@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT}")
          .build());
    }
    String param = saveAll.method().getParameters().get(0).getSimpleName().toString();
    MethodSpec.Builder m = MethodSpec.overriding(saveAll.method())
        .addJavadoc("Saves every {@code $L} of {@code $N} as {@code save} does; all are checked before anything is sent.\n", entity.simpleName(), param)
        .addJavadoc(entity.hasIndexes() || entity.versioned()
            ? "Each goes through the index protocol$L, {@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight, those with one key one after the other.\n"
            : "The rows are sent as multi-row batches (one RPC per region server each), stamped in the order given$L.\n",
            entity.versioned() ? " as a compare-and-set" : "")
        .addJavadoc("A failed one does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.\n");
    return List.of(saveAll.async() ? m.addStatement("return writeAllAsync($N)", param).build() : m.addStatement("join(writeAllAsync($N))", param).build());
  }

  @Override
  public List<MethodSpec> visitDescendants(QueryMethodModel.Descendants descendants) {
    return List.of(PathCode.descendants(descendants, entity));
  }

  @Override
  public List<MethodSpec> visitFind(QueryMethodModel.Find find) {
    MethodSpec rows = find(find, entity, mapper);
    return io.denorm.processor.generation.DerivedCode.published(find,
        find.projection() == null ? List.of(rows) : io.denorm.processor.generation.DerivedCode.projected(find, entity, rows));
  }

  /** {@code countBy…} / {@code existsBy…}: a key-only scan of the master range, or the index rows checked page by page. */
  @Override
  public List<MethodSpec> visitCount(QueryMethodModel.Count count) {
    ExecutableElement method = count.method();
    QueryPlan plan = QueryPlan.resolve(entity, count.criteria()).plan();
    String async = count.async() ? "Async" : "";
    MethodSpec.Builder m = MethodSpec.overriding(method).addCode(MethodCode.checks(entity.simpleName(), plan, method, false));
    if (plan.tableView().isIndex()) {
      String table = GeneratedNames.indexField(plan.tableView().index());
      m.addJavadoc("$L the rows of index table {@code $L} under {@code $L}, each checked against the master row it points at;\n"
          + "rows whose master no longer matches are left out and repaired.\n", count.exists() ? "Looks for one of" : "Counts",
          plan.table(), MethodCode.describe(plan));
      if (count.exists()) {
        CodeBlock present = count.async() ? CodeBlock.of(".thenApply($T::isPresent)", Optional.class) : CodeBlock.of(".isPresent()");
        return List.of(m.addStatement("return indexOne$L($N, $L)$L", async, table, range(plan, method, table), present).build());
      }
      return List.of(m.addStatement("return indexCount$L($N, $L)", async, table, range(plan, method, table)).build());
    }
    m.addJavadoc("$L table {@code $L}: {@code $L}.\n", !count.exists() ? "Counts by key-only scans the rows of"
        : entity.salt() == null ? "Reads the first row of" : "Reads the first row of each salt bucket of",
        plan.table(), MethodCode.describe(plan));
    return List.of(m.addStatement("return $L$L($L)", count.exists() ? "exists" : "count", async, range(plan, method, null)).build());
  }

  @Override
  public List<MethodSpec> visitDeleteAll(QueryMethodModel.DeleteAll deleteAll) {
    if (entity.hasIndexes() || entity.versioned() || unlinks || keepsRecent) {
      return List.of(io.denorm.processor.generation.DeleteCode.deleteAll(deleteAll, entity));
    }
    String param = deleteAll.method().getParameters().get(0).getSimpleName().toString();
    MethodSpec.Builder m = MethodSpec.overriding(deleteAll.method())
        .addJavadoc("Deletes the row of every {@code $L} of {@code $N}; all keys are checked before anything is sent, then the rows\n",
            entity.simpleName(), param)
        .addJavadoc("are deleted in multi-row batches (one RPC per region server each), each at its own stamp.\n")
        .addJavadoc("A failed one does not stop the others: the call then fails with {@link io.denorm.BulkWriteException}, naming each.\n");
    return List.of((deleteAll.async() ? m.addStatement("return removeAllAsync($N)", param)
        : m.addStatement("join(removeAllAsync($N))", param)).build());
  }

  @Override
  public List<MethodSpec> visitDelete(QueryMethodModel.Delete delete) {
    return NestedSetCode.wrap(dao, delete, delete(delete, entity, mapper, unlinks, keepsRecent));
  }

  @Override
  public List<MethodSpec> visitLoad(QueryMethodModel.Load load) {
    return List.of(load(load, entity, mapper));
  }

  @Override
  public List<MethodSpec> visitNeighbor(QueryMethodModel.Neighbor neighbor) {
    return List.of(neighbor(neighbor, entity));
  }

  @Override
  public List<MethodSpec> visitTreeRead(QueryMethodModel.TreeRead read) {
    return List.of(TreeCode.method(read, entity));
  }

  @Override
  public List<MethodSpec> visitFindAll(QueryMethodModel.FindAll findAll) {
    String ids = findAll.method().getParameters().get(0).getSimpleName().toString();
    return List.of(MethodCode.findAll(findAll, entity, CodeBlock.of("selfRows.load(new $T<>($N))", ArrayList.class, ids)));
  }

  @Override
  public List<MethodSpec> visitUpdate(QueryMethodModel.Update update) {
    return io.denorm.processor.generation.DerivedCode.update(update, entity, key -> CodeBlock.of("getAsync($T.<Object>asList($L))", Arrays.class, CodeBlock.join(key, ", ")),
        next -> CodeBlock.of("$N.save($N)", io.denorm.processor.generation.SaveCode.FIELD, next), (column, value) -> HBaseCodecs.stored(column.type(), value));
  }

  @Override
  public List<MethodSpec> visitCqlQuery(QueryMethodModel.CqlQuery query) {
    // DaoStep refuses a @Query method on a DAO generated for HBase ([denorm:QueryOnHBase]): never reached
    throw new IllegalStateException("@Query " + query.method() + " reached the HBase generator");
  }

  @Override
  public List<MethodSpec> visitDeleteRange(QueryMethodModel.DeleteRange delete) {
    QueryPlan plan = QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan();
    return List.of(io.denorm.processor.generation.DeleteCode.deleteRange(delete, entity, plan.table(), MethodCode.describe(plan),
        MethodCode.checks(entity.simpleName(), plan, delete.method(), false), CodeBlock.of("stream($L, 0)", range(plan, delete.method(), null))));
  }

  @Override
  public List<MethodSpec> visitWithAttributes(QueryMethodModel.WithAttributes with) {
    ClassName self = GeneratedNames.hbaseDao(dao);
    return List.of(io.denorm.processor.generation.DerivedCode.withAttributes(with, attributes -> CodeBlock.builder()
        .addStatement("$T other = new $T(connection(), namespace())", self, self)
        .addStatement("other.copySettingsFrom(this)")
        .addStatement("other.setAttributes(attributes().overriddenBy($N))", attributes)
        .addStatement("return other")
        .build()));
  }

  @Override
  public List<MethodSpec> visitDistinctCount(QueryMethodModel.DistinctCount count) {
    return List.of(DistinctCode.method(count, (c, v) -> HBaseCodecs.stored(c.type(), v)));
  }

  @Override
  public List<MethodSpec> visitGeo(QueryMethodModel.Geo geo) {
    IndexModel index = entity.geoIndex().orElseThrow();
    return List.of(GeoCode.method(geo, entity, cells -> CodeBlock.of("geoReads($L, $L, $N)", cells,
        index.geo().orElseThrow().cellLength(), GeneratedNames.indexField(index)), "one scan of the index rows under it", 0));
  }

  @Override
  public List<MethodSpec> visitUnrecognized(QueryMethodModel.Unrecognized method) {
    throw new IllegalStateException("no generator for " + method + "; validation rejects it");
  }

  /** {@code load<Field>(E)}: the referenced rows, read as multi-gets of up to 100 rows, a few in flight. */
  private MethodSpec load(QueryMethodModel.Load load, EntityModel entity, ClassName mapper) {
    EntityModel target = load.reference().target().get();
    String param = load.method().getParameters().get(0).getSimpleName().toString();
    CodeBlock rows = CodeBlock.of(load.async() ? "$N.load($T.$N($N))" : "join($N.load($T.$N($N)))",
        GeneratedNames.idsMethod(load.reference()), mapper, GeneratedNames.idsMethod(load.reference()), param);
    return MethodSpec.overriding(load.method())
        .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build())
        .addJavadoc("Joins the $L rows that {@code $L} references, read from table {@code $L} as multi-gets of up to $L rows.\n",
            target.simpleName(), load.reference().column().fieldName(), target.table(), References.BATCH)
        .addStatement("$T.requireNonNull($N, $S)", Objects.class, param, entity.simpleName() + " to join")
        .addCode(MethodCode.loadResult(load, rows))
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
    m.addJavadoc(SaveCode.insertJavadoc(save));
    m.addJavadoc(SnippetCode.saveJavadoc(entity));
    if (!usesPipeline(save, entity, source, keepsRecent)) {
      String prev = save.insert() ? ", null" : previous == null ? "" : ", " + previous;
      return m.addStatement(save.async() ? "return writeAsync($N$L)" : "write($N$L)", e, prev).build();
    }
    if (entity.sequence().isPresent()) {
      m.addJavadoc("A {@code $L} of 0 is first assigned the next id of sequence {@code $L}$L.\n", entity.sequence().get().fieldName(),
          entity.sequenceSpec().name(), save.returnsEntity() ? "; the entity as saved is returned" : "");
    }
    if (source) {
      m.addJavadoc("Then every snippet copying a changed field of {@code $L} is rewritten in its holders; see {@link #fanOut}.\n", e);
    }
    if (keepsRecent) {
      m.addJavadoc("Then the @Recent lists holding $L are brought up to date, each by compare-and-set.\n", entity.simpleName());
    }
    if (entity.countDistinct().isPresent()) {
      var d = entity.countDistinct().get();
      m.addJavadoc("Then the pair ($L, $L) is counted for @CountDistinct {@code $L} unless it was before.\n", d.group().fieldName(),
          d.distinct().fieldName(), d.name());
    }
    return SaveCode.call(m, save).build();
  }

  /** Whether {@code save} is a call of the DAO's save pipeline: unless it is the row's write alone. */
  static boolean usesPipeline(QueryMethodModel.Save save, EntityModel entity, boolean source, boolean keepsRecent) {
    return save.returnsEntity() || SaveCode.beyondWrite(entity, source, keepsRecent, false);
  }

  /** The pipeline's hooks on HBase: the base's write step and stored-row read, the references' loads. */
  static SaveCode.Store store() {
    return new SaveCode.Store(CodeBlock.of("this::checkKey"), CodeBlock.of("this::storedAsync"), null,
        (ref, ids) -> CodeBlock.of("$N.load($L)", GeneratedNames.idsMethod(ref), ids), (c, v) -> HBaseCodecs.stored(c.type(), v));
  }

  /**
   * {@code findPrevious}/{@code findNext}: the nearest row of the partition whose {@code @Sequence}
   * is below or above the one given: the first or the last row of a key range (the sequence may be
   * stored descending), one row read.
   */
  private MethodSpec neighbor(QueryMethodModel.Neighbor n, EntityModel entity) {
    ExecutableElement method = n.method();
    List<ColumnModel> key = entity.primaryKey();
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
    boolean first = (id.order() == Order.DESC) == n.previous();
    String call = (first ? "first" : "last") + (n.async() ? "Async" : "");
    return m.addStatement("return $L($L)", call, range).build();
  }

  private MethodSpec delete(QueryMethodModel.Delete delete, EntityModel entity, ClassName mapper, boolean unlinks, boolean keepsRecent) {
    ExecutableElement method = delete.method();
    MethodSpec.Builder m = MethodSpec.overriding(method)
        .addJavadoc("Deletes one row of table {@code $L} by its key, at one timestamp.$L\n", entity.table(),
            delete.returnsExisted() ? "\nReturns whether the row existed when it was read just before the delete." : "");
    CodeBlock key = null;
    if (!delete.byEntity()) {
      QueryPlan plan = QueryPlan.resolve(TableView.master(entity), delete.criteria()).plan();
      m.addCode(MethodCode.checks(entity.simpleName(), plan, method, true));
      key = keyValues(plan.conditions(), method);
    }
    if (unlinks) {
      // Many-to-many: the owning rows let go of this one first; the delete takes its timestamp after that.
      m.addJavadoc("First the row is read and removed from every owning row its inverse sides name, through their protocol.\n");
    }
    if (keepsRecent) {
      m.addJavadoc("First the @Recent lists holding the row drop it for the next newest, each by compare-and-set.\n");
    }
    if (usesDeletePipeline(unlinks, keepsRecent)) {
      return DeleteCode.call(m, delete, key).build();
    }
    CodeBlock call = delete.byEntity() ? CodeBlock.of("removeEntityAsync($N)", method.getParameters().get(0).getSimpleName().toString())
        : CodeBlock.of("removeAsync($L)", key);
    if (delete.async()) {
      return m.addStatement(delete.returnsExisted() ? "return $L" : "return $L.thenApply(existed -> null)", call).build();
    }
    return m.addStatement(delete.returnsExisted() ? "return join($L)" : "join($L)", call).build();
  }

  /** Whether deletes are calls of the DAO's delete pipeline: when other rows need work first. */
  static boolean usesDeletePipeline(boolean unlinks, boolean keepsRecent) {
    return unlinks || keepsRecent;
  }

  /** The delete pipeline's hooks on HBase (its delete step is the base's): the key check, the mapper's key, the row read by key. */
  static DeleteCode.Store deleteStore(ClassName mapper) {
    return new DeleteCode.Store(CodeBlock.of("this::checkKey"), CodeBlock.of("$T::key", mapper),
        CodeBlock.of("getAsync(key)"));
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
      for (var end : Arrays.asList(EntityModel.lowerEnd(bound), EntityModel.upperEnd(bound))) {
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
      if (find.shape() == ReturnShape.PAGE) {
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
    if (!plan.tableView().isIndex() && plan.uniqueRow() && find.shape() == ReturnShape.OPTIONAL) {
      return m.addStatement("return get$L($L)", async, keyValues(plan.conditions(), method)).build();
    }
    CodeBlock range = range(plan, method, plan.tableView().isIndex() ? GeneratedNames.indexField(plan.tableView().index()) : null);
    if (find.idsOnly()) {
      m.addJavadoc("Only the ids: the master key of the index rows, in key order, read $L; each index row is checked against the master row it points at\n"
          + "(in batches, in parallel), and rows whose master no longer matches are left out and repaired.\n",
          find.shape() == ReturnShape.STREAM ? "page by page as the stream is consumed" : "whole");
      return m.addStatement(find.shape() == ReturnShape.STREAM ? "return indexIds($N, $L)" : "return indexIds($N, $L).toList()",
          GeneratedNames.indexField(plan.tableView().index()), range).build();
    }
    if (plan.tableView().isIndex()) {
      m.addJavadoc("Each index row is checked against the master row it points at; rows whose master no longer matches are left out and repaired.\n");
      String table = GeneratedNames.indexField(plan.tableView().index());
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
