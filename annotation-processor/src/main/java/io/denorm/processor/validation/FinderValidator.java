package io.denorm.processor.validation;

import io.denorm.processor.diag.DaoMessages;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.Criterion;
import io.denorm.processor.model.DaoModelFactory;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.Operator;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import io.denorm.processor.model.ReturnShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Checks that a finder (or the criteria of a delete) is served by a key prefix of a table, and that
 * its parameters and return type fit what it reads.
 */
public final class FinderValidator {

  private final Types types;
  private final WriteShapeChecks shapes;

  private final int maxPartitionsPerCall;

  public FinderValidator(Types types) {
    this(types, ModelingAdvice.DEFAULT_MAX_PARTITIONS_PER_CALL);
  }

  /** A validator that flags a finder reading more than {@code maxPartitionsPerCall} partitions a call. */
  public FinderValidator(Types types, int maxPartitionsPerCall) {
    this.types = types;
    this.shapes = new WriteShapeChecks(types, this);
    this.maxPartitionsPerCall = maxPartitionsPerCall;
  }

  void validateFind(EntityModel entity, QueryMethodModel.Find find, ValidationReport report) {
    ExecutableElement m = find.method();
    String sig = Signatures.of(m);
    if (find.parseProblem() != null) {
      report.error(m, find.parseProblem(), sig);
      return;
    }
    if (find.idsOnly()) {
      validateIds(entity, find, report);
      return;
    }
    if (find.shape() == null) {
      report.error(m, DaoMessages.UNSUPPORTED_RETURN_TYPE, sig, Signatures.simple(m.getReturnType()), entity.simpleName());
      return;
    }
    if (find.limit() < 0 || find.limit() > 10_000) {
      report.error(m, DaoMessages.INVALID_LIMIT, sig, m.getSimpleName());
      return;
    }
    if (find.projection() != null && !shapes.checkProjection(entity, find, report)) {
      return;
    }
    int params = m.getParameters().size();
    if (find.shape() == ReturnShape.PAGE) {
      if (find.limit() > 0) {
        report.error(m, DaoMessages.PAGE_OF_FIRST, sig);
        return;
      }
      if (find.pageRequestParameter() != params - 1) {
        report.error(m, DaoMessages.PAGE_REQUEST, sig);
        return;
      }
    } else if (find.pageRequestParameter() >= 0) {
      report.error(m, DaoMessages.PAGE_REQUEST_UNUSED, sig, Signatures.simple(m.getReturnType()), entity.simpleName());
      return;
    }
    if (!checkParameters(entity, m, find.criteria(), find.shape() == ReturnShape.PAGE ? 1 : 0, report)) {
      return;
    }
    if (find.orderBy() != null && !checkOrderBy(entity, find, report)) {
      return;
    }
    if (entity.walksBuckets(find.criteria())) {
      if (find.async() || find.limit() > 0 || (find.shape() != ReturnShape.PAGE && find.shape() != ReturnShape.LIST)) {
        report.error(m, DaoMessages.PAGE_BUCKET_WALK, sig, entity.simpleName(), entity.bucket().get().fieldName());
      }
      return;
    }
    QueryPlan.Resolution resolution = QueryPlan.resolve(entity, find.criteria());
    if (resolution.unserved() != null) {
      reportUnserved(entity, m, find.criteria(), resolution.unserved(), report);
      return;
    }
    if (find.shape() == ReturnShape.OPTIONAL && !resolution.plan().uniqueRow() && find.limit() != 1) {
      List<String> bound = find.criteria().stream().map(Criterion::property).distinct().toList();
      report.error(m, DaoMessages.AMBIGUOUS_SINGLE_RESULT, sig, Signatures.simple(m.getReturnType()), String.join(", ", bound),
          entity.table(), fields(entity.primaryKey()));
      return;
    }
    ModelingAdvice.adviseOnSaltedReads(entity, find, resolution.plan(), maxPartitionsPerCall, report);
  }

  /** {@code countBy…} / {@code existsBy…}: the criteria a {@code findBy…} could serve, and the count's return type. */
  void validateCount(EntityModel entity, QueryMethodModel.Count count, ValidationReport report) {
    ExecutableElement m = count.method();
    String sig = Signatures.of(m);
    if (count.parseProblem() != null) {
      report.error(m, count.parseProblem(), sig);
    } else if (!count.returnOk()) {
      report.error(m, count.exists() ? DaoMessages.EXISTS_RETURN_TYPE : DaoMessages.COUNT_RETURN_TYPE, sig, Signatures.simple(m.getReturnType()),
          count.expectedReturn());
    } else if (checkParameters(entity, m, count.criteria(), 0, report)) {
      if (entity.walksBuckets(count.criteria())) {
        String bucket = entity.bucket().orElseThrow().fieldName();
        report.error(m, DaoMessages.COUNT_OVER_BUCKETS, sig, entity.simpleName(), bucket, bucket);
        return;
      }
      QueryPlan.Resolution resolution = QueryPlan.resolve(entity, count.criteria());
      if (resolution.unserved() != null) {
        reportUnserved(entity, m, count.criteria(), resolution.unserved(), report);
      }
    }
  }

  void validateDelete(EntityModel entity, QueryMethodModel.Delete delete, ValidationReport report) {
    ExecutableElement m = delete.method();
    String sig = Signatures.of(m);
    if (delete.parseProblem() != null) {
      report.error(m, delete.parseProblem(), sig);
      return;
    }
    List<ColumnModel> key = entity.primaryKey();
    boolean exact = delete.criteria().size() == key.size()
        && delete.criteria().stream().allMatch(c -> c.operator() == Operator.EQ && c.column().isKey())
        && delete.criteria().stream().map(Criterion::column).distinct().count() == key.size();
    if (!exact) {
      String found = delete.criteria().stream()
          .map(c -> c.property() + (c.operator() == Operator.EQ ? "" : " " + c.operator().keyword()))
          .collect(Collectors.joining(", ", "(", ")"));
      report.error(m, DaoMessages.DELETE_NEEDS_FULL_KEY, sig, entity.simpleName(), fields(key), found);
      return;
    }
    checkParameters(entity, m, delete.criteria(), 0, report);
  }

  /** {@code update<Fields>By<Key>}: see {@link WriteShapeChecks#validateUpdate}. */
  void validateUpdate(EntityModel entity, QueryMethodModel.Update update, ValidationReport report) {
    shapes.validateUpdate(entity, update, report);
  }

  /** A delete by key prefix: served by the master table alone, its parameters those of its criteria. */
  void validateDeleteRange(EntityModel entity, QueryMethodModel.DeleteRange delete, ValidationReport report) {
    ExecutableElement m = delete.method();
    if (io.denorm.processor.model.QueryPlan.resolve(io.denorm.processor.model.TableView.master(entity), delete.criteria()).plan() == null) {
      String found = delete.criteria().stream()
          .map(c -> c.property() + (c.operator() == Operator.EQ ? "" : " " + c.operator().keyword()))
          .collect(Collectors.joining(", ", "(", ")"));
      report.error(m, DaoMessages.DELETE_RANGE_TABLE, Signatures.of(m), entity.simpleName(), found, entity.table(), fields(entity.partitionKey()));
      return;
    }
    checkParameters(entity, m, delete.criteria(), 0, report);
  }

  private boolean checkParameters(EntityModel entity, ExecutableElement m, List<Criterion> criteria, int trailing, ValidationReport report) {
    List<? extends VariableElement> params = m.getParameters();
    int bound = criteria.stream().mapToInt(c -> c.operator().arity()).sum();
    if (params.size() != bound + trailing) {
      List<String> expected = new ArrayList<>();
      for (Criterion c : criteria) {
        for (int i = 0; i < c.operator().arity(); i++) {
          expected.add(Signatures.simple(c.column().javaType()) + " " + c.property() + (c.operator().arity() == 2 ? (i == 0 ? "From" : "To") : ""));
        }
      }
      if (trailing == 1) {
        expected.add("PageRequest page");
      }
      report.error(m, trailing == 1 ? DaoMessages.PARAMETER_COUNT_PAGE : DaoMessages.PARAMETER_COUNT, Signatures.of(m), params.size(), bound,
          String.join(", ", expected));
      return false;
    }
    boolean ok = true;
    for (Criterion c : criteria) {
      for (int i = 0; i < c.operator().arity(); i++) {
        VariableElement p = params.get(c.firstParameter() + i);
        TypeMirror expected = expectedType(c);
        if (expected == null) {
          report.error(p, DaoMessages.PARAMETER_TYPE_CONTAINS, Signatures.of(m), p.getSimpleName(), Signatures.simple(p.asType()),
              c.property(), Signatures.simple(c.column().javaType()));
          ok = false;
        } else if (!sameBoxed(p.asType(), expected)) {
          report.error(p, c.operator() == Operator.CONTAINS ? DaoMessages.PARAMETER_TYPE_ELEMENT : DaoMessages.PARAMETER_TYPE, Signatures.of(m), p.getSimpleName(),
              Signatures.simple(p.asType()), c.property(), Signatures.simple(expected), Signatures.simple(expected));
          ok = false;
        }
      }
    }
    if (trailing == 1 && !params.get(params.size() - 1).asType().toString().equals(DaoModelFactory.PAGE_REQUEST)) {
      ok = false;
    }
    return ok;
  }

  /** The type a parameter bound to {@code c} must have: the column's, or its element's for Contains. */
  static TypeMirror expectedType(Criterion c) {
    if (c.path() != null) {
      return ((ColumnType.Embedded) KeyColumn.elementType(c.column().type()))
          .field(c.path()).orElseThrow().javaType();
    }
    if (c.operator() != Operator.CONTAINS) {
      return c.column().javaType();
    }
    if (c.column().type() instanceof ColumnType.ListOf
        || c.column().type() instanceof ColumnType.SetOf) {
      return ((DeclaredType) c.column().javaType()).getTypeArguments().get(0);
    }
    return null;
  }

  /** The key types whose order both stores keep as {@link io.denorm.search.SortedIds#KEY_ORDER} does. */
  private static final Set<String> SORTABLE_IDS = Set.of("java.lang.String", "long", "java.lang.Long", "int", "java.lang.Integer");

  /**
   * {@code findIdsBy…}: a one-column key of a sortable type, a Stream or List of it, and criteria
   * that bind a whole non-unique index key with '=' (so the ids come out sorted).
   */
  private void validateIds(EntityModel entity, QueryMethodModel.Find find, ValidationReport report) {
    ExecutableElement m = find.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.primaryKey().size() == 1 && entity.primaryKey().get(0).type() instanceof ColumnType.Converted) {
      report.error(m, Messages.CONVERT_KEY_METHOD, sig, entity.primaryKey().get(0).fieldName());
      return;
    }
    if (entity.primaryKey().size() != 1 || !SORTABLE_IDS.contains(entity.primaryKey().get(0).javaType().toString())) {
      report.error(m, DaoMessages.IDS_FINDER_KEY, sig, e, String.join(", ", entity.primaryKey().stream().map(c -> c.javaType() + " " + c.fieldName()).toList()));
      return;
    }
    String key = Signatures.simple(entity.primaryKey().get(0).javaType());
    String boxed = key.equals("long") ? "Long" : key.equals("int") ? "Integer" : key;
    if (find.shape() == null || find.async() || find.orderBy() != null) {
      report.error(m, DaoMessages.IDS_FINDER_RETURN, sig, Signatures.simple(m.getReturnType()), boxed);
      return;
    }
    if (!checkParameters(entity, m, find.criteria(), 0, report)) {
      return;
    }
    QueryPlan.Resolution resolution = QueryPlan.resolve(entity, find.criteria());
    QueryPlan plan = resolution.plan();
    String criteria = String.join(", ", find.criteria().stream().map(c -> "\"" + c.property() + "\"").toList());
    if (plan == null || !plan.tableView().isIndex()) {
      report.error(m, DaoMessages.IDS_FINDER_NO_INDEX, sig, e, criteria);
      return;
    }
    IndexModel index = plan.tableView().index();
    boolean wholeKey = index.key().stream().allMatch(k -> plan.conditions().stream().anyMatch(c -> c.column().equals(k) && c.cqlOperator().equals("=")));
    if (index.unique() || !wholeKey || plan.conditions().stream().anyMatch(c -> !c.cqlOperator().equals("="))) {
      report.error(m, index.unique() ? DaoMessages.IDS_FINDER_UNIQUE_INDEX : DaoMessages.IDS_FINDER_PARTIAL_KEY, sig, index.name(),
          String.join(", ", index.key().stream().map(KeyColumn::fieldName).toList()), criteria, e);
    }
  }

  /** {@code List<E> findAllById(Collection<K> ids)}: a one-column key. */
  public void validateFindAll(EntityModel entity, QueryMethodModel.FindAll f, ValidationReport report) {
    ExecutableElement m = f.method();
    String e = entity.simpleName();
    if (entity.primaryKey().size() != 1) {
      report.error(m, DaoMessages.FIND_ALL_KEY, Signatures.of(m), e, entity.primaryKey().size());
    } else if (entity.primaryKey().get(0).type() instanceof ColumnType.Converted) {
      report.error(m, Messages.CONVERT_KEY_METHOD, Signatures.of(m), entity.primaryKey().get(0).fieldName());
    } else if (!f.shapeOk()) {
      String k = Signatures.simple(entity.primaryKey().get(0).javaType());
      report.error(m, DaoMessages.FIND_ALL_SHAPE, Signatures.of(m), e, k.equals("long") ? "Long" : k.equals("int") ? "Integer" : k);
    }
  }

  /**
   * {@code …OrderBy<Field>Asc|Desc}: only a bucket walk chooses its direction (a table returns the
   * rows of a partition in its clustering order), and only by the bucket's field.
   */
  private boolean checkOrderBy(EntityModel entity, QueryMethodModel.Find find, ValidationReport report) {
    ExecutableElement m = find.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    String suffix = "OrderBy" + Names.capitalize(find.orderBy()) + (find.ascending() ? "Asc" : "Desc");
    if (entity.bucket().isEmpty() || entity.bucketSource().isEmpty()) {
      report.error(m, DaoMessages.ORDER_BY_NO_BUCKET, sig, e, suffix, find.orderBy());
      return false;
    }
    String source = entity.bucketSource().get().fieldName();
    if (!find.orderBy().equals(source)) {
      report.error(m, DaoMessages.ORDER_BY_FIELD, sig, e, source, find.orderBy(), Names.capitalize(source));
      return false;
    }
    if (!entity.walksBuckets(find.criteria())) {
      report.error(m, DaoMessages.ORDER_BY_CRITERIA, sig, suffix, e, String.join(", ", entity.bucketParent().stream().map(c -> c.fieldName()).toList()), source,
          String.join("And", entity.bucketParent().stream().map(c -> c.capitalized()).toList()), Names.capitalize(source));
      return false;
    }
    return true;
  }

  /** {@code long uniqueVisitors(G group)} / {@code recountUniqueVisitors}: one parameter of the group's type, a long result. */
  public void validateDistinctCount(EntityModel entity, QueryMethodModel.DistinctCount dc, ValidationReport report) {
    ExecutableElement m = dc.method();
    var d = dc.distinct();
    if (d.group() == null) {
      return; // the entity's error
    }
    String want = Signatures.simple(d.group().javaType());
    TypeMirror r = m.getReturnType();
    boolean returnOk = dc.async() ? r.toString().equals("java.util.concurrent.CompletionStage<java.lang.Long>")
        : r.getKind() == TypeKind.LONG || r.toString().equals("java.lang.Long");
    boolean paramsOk = m.getParameters().size() == 1 && sameBoxed(m.getParameters().get(0).asType(), d.group().javaType());
    if (!returnOk || !paramsOk) {
      report.error(m, dc.recount() ? DaoMessages.DISTINCT_RECOUNT_METHOD : DaoMessages.DISTINCT_COUNT_METHOD, Signatures.of(m), d.groupName(), d.name(),
          m.getSimpleName().toString().replaceFirst("Async$", ""), want, d.groupName());
    }
  }

  /** {@code findLeaves}, {@code countLeaves}, {@code rebuildNestedSet}, {@code isNestedSetCurrent}: the entity has a {@code @NestedSet}. */
  public void validateNestedSet(EntityModel entity, QueryMethodModel.NestedSetOp op, ValidationReport report) {
    ExecutableElement m = op.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    boolean byRoot = op.kind() == QueryMethodModel.NestedSetOp.Kind.REBUILD || op.kind() == QueryMethodModel.NestedSetOp.Kind.CURRENT;
    if (entity.nestedSet().isEmpty()) {
      report.error(m, op.kind() == QueryMethodModel.NestedSetOp.Kind.LEAVES ? DaoMessages.TREE_FINDER_NO_NESTED_SET_LEAVES : DaoMessages.TREE_FINDER_NO_NESTED_SET,
          sig, e);
    } else if (!op.returnOk()) {
      report.error(m, DaoMessages.TREE_FINDER_NESTED_SET_RETURN, sig, Signatures.simple(m.getReturnType()), op.kind().methodName(), op.kind().returns(e, op.async()));
    } else if (m.getParameters().size() != 1 || !m.getParameters().get(0).asType().toString().equals("java.lang.String")) {
      report.error(m, byRoot ? DaoMessages.TREE_FINDER_NESTED_SET_ROOT_ID : DaoMessages.TREE_FINDER_NESTED_SET_ID, sig, op.kind().methodName());
    }
  }

  /** {@code findDescendants(String id)}: the entity has a {@code @MaterializedPath}. */
  public void validateDescendants(EntityModel entity, QueryMethodModel.Descendants d, ValidationReport report) {
    ExecutableElement m = d.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.materializedPath().isEmpty()) {
      report.error(m, DaoMessages.TREE_FINDER_NO_PATH, sig, e);
    } else if (!d.returnsList()) {
      report.error(m, DaoMessages.TREE_FINDER_DESCENDANTS_RETURN, sig, Signatures.simple(m.getReturnType()), e);
    } else if (m.getParameters().size() != 1 || !m.getParameters().get(0).asType().toString().equals("java.lang.String")) {
      report.error(m, DaoMessages.TREE_FINDER_DESCENDANTS_PARAMETERS, sig);
    }
  }

  /** {@code findChildren(K id)} / {@code findSubtree(K id, int maxDepth)}: the entity has a {@code @ParentId}. */
  public void validateTree(EntityModel entity, QueryMethodModel.TreeRead t, ValidationReport report) {
    ExecutableElement m = t.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.parentId().isEmpty() || entity.primaryKey().size() != 1) {
      report.error(m, DaoMessages.TREE_FINDER_NO_PARENT, sig, e);
      return;
    }
    if (!t.returnsList()) {
      report.error(m, DaoMessages.TREE_FINDER_RETURN, sig, Signatures.simple(m.getReturnType()), t.name(), e);
      return;
    }
    TypeMirror key = entity.primaryKey().get(0).javaType();
    List<? extends VariableElement> params = m.getParameters();
    boolean ok = params.size() == (t.subtree() ? 2 : 1) && sameBoxed(params.get(0).asType(), key)
        && (!t.subtree() || params.get(1).asType().getKind() == TypeKind.INT);
    if (!ok) {
      report.error(m, t.subtree() ? DaoMessages.TREE_FINDER_SUBTREE_PARAMETERS : DaoMessages.TREE_FINDER_CHILDREN_PARAMETERS, sig, Signatures.simple(key));
    }
  }

  /** {@code findNear(double, double, double)} / {@code findWithin(GeoBox)}: the entity has a {@code @GeoIndex}, the result is a List. */
  public void validateGeo(EntityModel entity, QueryMethodModel.Geo g, ValidationReport report) {
    ExecutableElement m = g.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.geoIndex().isEmpty()) {
      report.error(m, DaoMessages.GEO_FINDER_NO_INDEX, sig, e, entity.table());
      return;
    }
    if (!g.returnsList()) {
      report.error(m, DaoMessages.GEO_FINDER_RETURN, sig, Signatures.simple(m.getReturnType()), g.name(), e);
      return;
    }
    List<? extends VariableElement> params = m.getParameters();
    boolean ok = g.near()
        ? params.size() == 3 && params.stream().allMatch(p -> p.asType().getKind() == TypeKind.DOUBLE)
        : params.size() == 1 && params.get(0).asType().toString().equals("io.denorm.geo.GeoBox");
    if (!ok) {
      report.error(m, g.near() ? DaoMessages.GEO_FINDER_NEAR_PARAMETERS : DaoMessages.GEO_FINDER_WITHIN_PARAMETERS, sig);
    }
  }

  /**
   * {@code findPrevious}/{@code findNext}: the entity's {@code @Sequence} is its last clustering
   * column, the parameters are the primary key in key order, the result an Optional.
   */
  public void validateNeighbor(EntityModel entity, QueryMethodModel.Neighbor n, ValidationReport report) {
    ExecutableElement m = n.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.sequence().isEmpty()) {
      report.error(m, DaoMessages.NEIGHBOR_NO_SEQUENCE, sig, e);
      return;
    }
    if (!entity.sequenceClusters()) {
      report.error(m, DaoMessages.NEIGHBOR_NOT_CLUSTERING, sig, entity.sequence().get().fieldName(), e);
      return;
    }
    if (!n.returnsOptional()) {
      report.error(m, DaoMessages.NEIGHBOR_RETURN, sig, Signatures.simple(m.getReturnType()), n.name(), e);
      return;
    }
    List<ColumnModel> key = entity.primaryKey();
    List<? extends VariableElement> params = m.getParameters();
    List<String> expected = key.stream().map(c -> Signatures.simple(c.javaType()) + " " + c.fieldName()).toList();
    if (params.size() != key.size()) {
      report.error(m, DaoMessages.PARAMETER_COUNT_KEY, Signatures.of(m), params.size(), key.size(), e, String.join(", ", expected));
      return;
    }
    for (int i = 0; i < key.size(); i++) {
      VariableElement p = params.get(i);
      TypeMirror want = key.get(i).javaType();
      if (!sameBoxed(p.asType(), want)) {
        report.error(p, DaoMessages.PARAMETER_TYPE, sig, p.getSimpleName(), Signatures.simple(p.asType()), key.get(i).fieldName(),
            Signatures.simple(want), Signatures.simple(want));
      }
    }
  }

  boolean sameBoxed(TypeMirror a, TypeMirror b) {
    return types.isSameType(box(a), box(b));
  }

  private TypeMirror box(TypeMirror t) {
    return t.getKind().isPrimitive() ? types.boxedClass(types.getPrimitiveType(t.getKind())).asType() : t;
  }

  private void reportUnserved(EntityModel entity, ExecutableElement m, List<Criterion> criteria, QueryPlan.Unserved unserved, ValidationReport report) {
    String sig = Signatures.of(m);
    String table = entity.table();
    String partition = fields(entity.partitionKey());
    String clustering = entity.clusteringKey().isEmpty() ? "" : ", clustering key (" + fields(entity.clusteringKey()) + ")";
    switch (unserved.reason()) {
      case NOT_ON_KEY -> report.error(m, DaoMessages.UNSERVED_QUERY, sig, entity.simpleName(), unserved.detail(), table, partition, clustering,
          entity.hasIndexes() ? "; indexes: " + entity.indexes().stream().map(i -> i.name()).collect(Collectors.joining(", ")) : "",
          suggestedIndex(entity, criteria), entity.simpleName());
      case PARTITION_NOT_BOUND -> report.error(m, DaoMessages.UNSERVED_PARTITION, sig, table, partition, clustering, unserved.detail(),
          suggestedIndex(entity, criteria), entity.simpleName());
      case RANGE_ON_PARTITION_KEY -> report.error(m, DaoMessages.RANGE_ON_PARTITION_KEY, sig, unserved.detail(), table);
      case CLUSTERING_GAP, RANGE_NOT_ON_NEXT -> report.error(m, DaoMessages.RANGE_NOT_ON_NEXT_CLUSTERING_COLUMN, sig,
          unserved.detail(), table, fields(entity.clusteringKey()));
      case CONFLICTING_CONDITIONS -> report.error(m, DaoMessages.CONFLICTING_CONDITIONS, sig, unserved.detail());
    }
  }

  /** The @Index that would serve {@code criteria}: equalities in name order, then the range. */
  static String suggestedIndex(EntityModel entity, List<Criterion> criteria) {
    List<String> key = new ArrayList<>();
    criteria.stream().filter(c -> !c.operator().isRange()).forEach(c -> {
      if (!key.contains(c.property())) {
        key.add(c.property());
      }
    });
    criteria.stream().filter(c -> c.operator().isRange()).forEach(c -> {
      if (!key.contains(c.property())) {
        key.add(c.property());
      }
    });
    String name = entity.table() + "_by_" + key.stream().map(Names::snakeCase).collect(Collectors.joining("_and_"));
    String keys = key.size() == 1 ? "\"" + key.get(0) + "\"" : key.stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", ", "{", "}"));
    return "@Index(name = \"" + name + "\", key = " + keys + ")";
  }

  static String fields(List<ColumnModel> columns) {
    return columns.stream().map(ColumnModel::fieldName).collect(Collectors.joining(", "));
  }
}
