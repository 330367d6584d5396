package io.denorm.processor.validation;

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

  public FinderValidator(Types types) {
    this.types = types;
  }

  void validateFind(EntityModel entity, QueryMethodModel.Find find, ValidationReport report) {
    ExecutableElement m = find.method();
    String sig = Signatures.of(m);
    if (find.parseProblem() != null) {
      report.error(m, Messages.UNKNOWN_PROPERTY, sig, find.parseProblem());
      return;
    }
    if (find.idsOnly()) {
      validateIds(entity, find, report);
      return;
    }
    if (find.shape() == null) {
      report.error(m, Messages.UNSUPPORTED_RETURN_TYPE, sig, Signatures.simple(m.getReturnType()), entity.simpleName());
      return;
    }
    if (find.limit() < 0 || find.limit() > 10_000) {
      report.error(m, Messages.INVALID_LIMIT, sig, m.getSimpleName());
      return;
    }
    int params = m.getParameters().size();
    if (find.shape() == ReturnShape.PAGE) {
      if (find.limit() > 0) {
        report.error(m, Messages.PAGE_REQUEST, sig, "findFirst… reads a fixed number of rows and cannot return a Page; name it findBy…");
        return;
      }
      if (find.pageRequestParameter() != params - 1) {
        report.error(m, Messages.PAGE_REQUEST, sig, "a finder returning Page needs a PageRequest as its last parameter; add PageRequest page");
        return;
      }
    } else if (find.pageRequestParameter() >= 0) {
      report.error(m, Messages.PAGE_REQUEST, sig, "takes a PageRequest but returns " + Signatures.simple(m.getReturnType()) + "; return Page<" + entity.simpleName() + ">, or drop the PageRequest");
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
        report.error(m, Messages.PAGE_REQUEST, sig, "walks the buckets of " + entity.simpleName() + " (@Bucket on '" + entity.bucket().get().fieldName()
            + "'): declare it synchronous, returning Page<" + entity.simpleName() + "> with a PageRequest or List<" + entity.simpleName()
            + ">; or name the bucket too to read one bucket");
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
      report.error(m, Messages.AMBIGUOUS_SINGLE_RESULT, sig, Signatures.simple(m.getReturnType()), String.join(", ", bound),
          entity.table(), fields(entity.primaryKey()));
    }
  }

  /** {@code countBy…} / {@code existsBy…}: the criteria a {@code findBy…} could serve, and the count's return type. */
  void validateCount(EntityModel entity, QueryMethodModel.Count count, ValidationReport report) {
    ExecutableElement m = count.method();
    String sig = Signatures.of(m);
    if (count.parseProblem() != null) {
      report.error(m, Messages.UNKNOWN_PROPERTY, sig, count.parseProblem());
    } else if (!count.returnOk()) {
      report.error(m, Messages.COUNT_RETURN_TYPE, sig, Signatures.simple(m.getReturnType()), count.exists() ? "existsBy…" : "countBy…",
          count.expectedReturn());
    } else if (checkParameters(entity, m, count.criteria(), 0, report)) {
      if (entity.walksBuckets(count.criteria())) {
        String bucket = entity.bucket().orElseThrow().fieldName();
        report.error(m, Messages.COUNT_OVER_BUCKETS, sig, entity.simpleName(), bucket, bucket);
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
      report.error(m, Messages.UNKNOWN_PROPERTY, sig, delete.parseProblem());
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
      report.error(m, Messages.DELETE_NEEDS_FULL_KEY, sig, entity.simpleName(), fields(key), found);
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
      report.error(m, Messages.PARAMETER_COUNT, Signatures.of(m), params.size(), bound, trailing == 1 ? " plus a PageRequest" : "", String.join(", ", expected));
      return false;
    }
    boolean ok = true;
    for (Criterion c : criteria) {
      for (int i = 0; i < c.operator().arity(); i++) {
        VariableElement p = params.get(c.firstParameter() + i);
        TypeMirror expected = expectedType(c);
        if (expected == null) {
          report.error(p, Messages.PARAMETER_TYPE, Signatures.of(m), p.getSimpleName(), Signatures.simple(p.asType()),
              c.property(), Signatures.simple(c.column().javaType()) + ", not a List or Set,", "a collection field to use Contains on");
          ok = false;
        } else if (!sameBoxed(p.asType(), expected)) {
          report.error(p, Messages.PARAMETER_TYPE, Signatures.of(m), p.getSimpleName(), Signatures.simple(p.asType()),
              c.property() + (c.operator() == Operator.CONTAINS ? " element" : ""),
              Signatures.simple(expected), Signatures.simple(expected));
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
  private static TypeMirror expectedType(Criterion c) {
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
    if (entity.primaryKey().size() != 1 || !SORTABLE_IDS.contains(entity.primaryKey().get(0).javaType().toString())) {
      report.error(m, Messages.IDS_FINDER, sig, e + " is keyed by " + String.join(", ", entity.primaryKey().stream().map(c -> c.javaType() + " " + c.fieldName()).toList())
          + "; ids to intersect are one String, long or int key column, whose order both stores keep; find the rows with findBy… instead");
      return;
    }
    String key = Signatures.simple(entity.primaryKey().get(0).javaType());
    String boxed = key.equals("long") ? "Long" : key.equals("int") ? "Integer" : key;
    if (find.shape() == null || find.async() || find.orderBy() != null) {
      report.error(m, Messages.IDS_FINDER, sig, "returns " + Signatures.simple(m.getReturnType()) + "; findIdsBy… returns Stream<" + boxed
          + "> (read lazily, page by page) or List<" + boxed + ">, synchronously");
      return;
    }
    if (!checkParameters(entity, m, find.criteria(), 0, report)) {
      return;
    }
    QueryPlan.Resolution resolution = QueryPlan.resolve(entity, find.criteria());
    QueryPlan plan = resolution.plan();
    String fix = "declare @Index(key = {" + String.join(", ", find.criteria().stream().map(c -> "\"" + c.property() + "\"").toList())
        + "}) on " + e + " and bind each of its key fields with '='";
    if (plan == null || !plan.tableView().isIndex()) {
      report.error(m, Messages.IDS_FINDER, sig, "no index table of " + e + " is keyed by exactly these criteria, so there are no ids to read in order; " + fix);
      return;
    }
    IndexModel index = plan.tableView().index();
    boolean wholeKey = index.key().stream().allMatch(k -> plan.conditions().stream().anyMatch(c -> c.column().equals(k) && c.cqlOperator().equals("=")));
    if (index.unique() || !wholeKey || plan.conditions().stream().anyMatch(c -> !c.cqlOperator().equals("="))) {
      report.error(m, Messages.IDS_FINDER, sig, "index " + index.name() + " serves these criteria, but its ids come out sorted only when every field of its key ("
          + String.join(", ", index.key().stream().map(KeyColumn::fieldName).toList()) + ") is bound with '='"
          + (index.unique() ? " and the index is not unique" : "") + "; bind them all, or " + fix);
    }
  }

  /** {@code List<E> findAllById(Collection<K> ids)}: a one-column key. */
  public void validateFindAll(EntityModel entity, QueryMethodModel.FindAll f, ValidationReport report) {
    ExecutableElement m = f.method();
    String e = entity.simpleName();
    if (entity.primaryKey().size() != 1) {
      report.error(m, Messages.FIND_ALL, Signatures.of(m), e + " has a key of " + entity.primaryKey().size() + " columns; findAllById reads rows by one-column ids");
    } else if (!f.shapeOk()) {
      String k = Signatures.simple(entity.primaryKey().get(0).javaType());
      report.error(m, Messages.FIND_ALL, Signatures.of(m), "declare it List<" + e + "> findAllById(Collection<" + (k.equals("long") ? "Long" : k.equals("int") ? "Integer" : k)
          + "> ids) (or CompletionStage<List<" + e + ">> findAllByIdAsync)");
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
      report.error(m, Messages.ORDER_BY, sig, e + " has no @Bucket, so there is no walk whose direction " + suffix
          + " could choose: the rows of a partition come back in its clustering order; split the partition by time with a @Bucket "
          + "(@PartitionKey(1) @Bucket(field = \"" + find.orderBy() + "\", unit = ChronoUnit.DAYS) long day) to walk it either way, "
          + "or drop " + suffix + " and declare the clustering order you read in (@ClusteringKey(order = …))");
      return false;
    }
    String source = entity.bucketSource().get().fieldName();
    if (!find.orderBy().equals(source)) {
      report.error(m, Messages.ORDER_BY, sig, "a walk of the buckets of " + e + " is ordered by '" + source + "', the field @Bucket is computed from, not by '"
          + find.orderBy() + "'; end the name in OrderBy" + Names.capitalize(source) + "Asc (oldest first) or …Desc (newest first)");
      return false;
    }
    if (!entity.walksBuckets(find.criteria())) {
      report.error(m, Messages.ORDER_BY, sig, suffix + " orders a walk of the buckets of " + e + ", which binds exactly "
          + String.join(", ", entity.bucketParent().stream().map(c -> c.fieldName()).toList()) + " and at most one range of '" + source
          + "'; name those criteria (e.g. find…By" + String.join("And", entity.bucketParent().stream().map(c -> c.capitalized()).toList())
          + Names.capitalize(source) + "Before" + suffix + "), or drop " + suffix);
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
      report.error(m, Messages.DISTINCT_COUNT_METHOD, Signatures.of(m), dc.recount() ? "recounts" : "reads", d.groupName(), d.name(),
          m.getSimpleName().toString().replaceFirst("Async$", ""), want, d.groupName());
    }
  }

  /** {@code findLeaves}, {@code countLeaves}, {@code rebuildNestedSet}, {@code isNestedSetCurrent}: the entity has a {@code @NestedSet}. */
  public void validateNestedSet(EntityModel entity, QueryMethodModel.NestedSetOp op, ValidationReport report) {
    ExecutableElement m = op.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    String param = op.kind() == QueryMethodModel.NestedSetOp.Kind.REBUILD || op.kind() == QueryMethodModel.NestedSetOp.Kind.CURRENT ? "rootId" : "id";
    if (entity.nestedSet().isEmpty()) {
      report.error(m, Messages.TREE_FINDER, sig, e + " has no @NestedSet, so there is no numbering of its leaves; annotate " + e
          + " @NestedSet(name = \"...\") next to its @ParentId" + (op.kind() == QueryMethodModel.NestedSetOp.Kind.LEAVES
              ? " (findSubtree walks an adjacency list level by level instead)" : ""));
    } else if (!op.returnOk()) {
      report.error(m, Messages.TREE_FINDER, sig, "returns " + Signatures.simple(m.getReturnType()) + "; " + op.kind().methodName() + " returns "
          + op.kind().returns(e, op.async()));
    } else if (m.getParameters().size() != 1 || !m.getParameters().get(0).asType().toString().equals("java.lang.String")) {
      report.error(m, Messages.TREE_FINDER, sig, op.kind().methodName() + " takes (String " + param + ")");
    }
  }

  /** {@code findDescendants(String id)}: the entity has a {@code @MaterializedPath}. */
  public void validateDescendants(EntityModel entity, QueryMethodModel.Descendants d, ValidationReport report) {
    ExecutableElement m = d.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.materializedPath().isEmpty()) {
      report.error(m, Messages.TREE_FINDER, sig, e + " has no @MaterializedPath, so its descendants are not under one prefix; add a String field "
          + "annotated @MaterializedPath next to its @ParentId (findSubtree walks an adjacency list level by level instead)");
    } else if (!d.returnsList()) {
      report.error(m, Messages.TREE_FINDER, sig, "returns " + Signatures.simple(m.getReturnType()) + "; findDescendants returns List<" + e + ">");
    } else if (m.getParameters().size() != 1 || !m.getParameters().get(0).asType().toString().equals("java.lang.String")) {
      report.error(m, Messages.TREE_FINDER, sig, "findDescendants takes (String id)");
    }
  }

  /** {@code findChildren(K id)} / {@code findSubtree(K id, int maxDepth)}: the entity has a {@code @ParentId}. */
  public void validateTree(EntityModel entity, QueryMethodModel.TreeRead t, ValidationReport report) {
    ExecutableElement m = t.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.parentId().isEmpty() || entity.primaryKey().size() != 1) {
      report.error(m, Messages.TREE_FINDER, sig, e + " has no @ParentId field, so no index holds its nodes by parent; declare the parent's id as a field of "
          + e + " annotated @ParentId (@PartitionKey String id, @ParentId String parentId, null for a root)");
      return;
    }
    if (!t.returnsList()) {
      report.error(m, Messages.TREE_FINDER, sig, "returns " + Signatures.simple(m.getReturnType()) + "; " + t.name() + " returns List<" + e
          + ">, or CompletionStage<List<" + e + ">> when asynchronous");
      return;
    }
    TypeMirror key = entity.primaryKey().get(0).javaType();
    List<? extends VariableElement> params = m.getParameters();
    boolean ok = params.size() == (t.subtree() ? 2 : 1) && sameBoxed(params.get(0).asType(), key)
        && (!t.subtree() || params.get(1).asType().getKind() == TypeKind.INT);
    if (!ok) {
      report.error(m, Messages.TREE_FINDER, sig, t.name().replaceFirst("Async$", "") + " takes (" + Signatures.simple(key) + " id"
          + (t.subtree() ? ", int maxDepth" : "") + ")");
    }
  }

  /** {@code findNear(double, double, double)} / {@code findWithin(GeoBox)}: the entity has a {@code @GeoIndex}, the result is a List. */
  public void validateGeo(EntityModel entity, QueryMethodModel.Geo g, ValidationReport report) {
    ExecutableElement m = g.method();
    String sig = Signatures.of(m);
    String e = entity.simpleName();
    if (entity.geoIndex().isEmpty()) {
      report.error(m, Messages.GEO_FINDER, sig, e + " has no @GeoIndex, so no table holds its rows by position and a search would scan them all; "
          + "annotate " + e + " with @GeoIndex(name = \"" + entity.table() + "_by_geo\", lat = \"lat\", lon = \"lon\", precision = 6) naming its latitude and longitude fields");
      return;
    }
    if (!g.returnsList()) {
      report.error(m, Messages.GEO_FINDER, sig, "returns " + Signatures.simple(m.getReturnType()) + "; " + g.name() + " returns List<" + e
          + "> (nearest first), or CompletionStage<List<" + e + ">> when asynchronous");
      return;
    }
    List<? extends VariableElement> params = m.getParameters();
    boolean ok = g.near()
        ? params.size() == 3 && params.stream().allMatch(p -> p.asType().getKind() == TypeKind.DOUBLE)
        : params.size() == 1 && params.get(0).asType().toString().equals("io.denorm.geo.GeoBox");
    if (!ok) {
      report.error(m, Messages.GEO_FINDER, sig, g.near() ? "findNear takes (double lat, double lon, double radiusMeters)"
          : "findWithin takes one io.denorm.geo.GeoBox (south, west, north, east; west > east crosses the antimeridian)");
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
    String example = "e.g. @PartitionKey String userId, @ClusteringKey(order = Order.DESC) @Sequence(\"message_id\") long id";
    if (entity.sequence().isEmpty()) {
      report.error(m, Messages.NEIGHBOR_FINDER, sig, e + " has no @Sequence field, so there is no id order to step through; "
          + "make the last @ClusteringKey a @Sequence long (" + example + "), or find the row with a findBy… range");
      return;
    }
    if (!entity.sequenceClusters()) {
      report.error(m, Messages.NEIGHBOR_FINDER, sig, "the @Sequence field '" + entity.sequence().get().fieldName() + "' of " + e
          + " is not its last @ClusteringKey, so its neighbours are not stored next to it (on Cassandra a partition key is hashed); "
          + "make it the last clustering column under the key it is stepped within (" + example + ")");
      return;
    }
    if (!n.returnsOptional()) {
      report.error(m, Messages.NEIGHBOR_FINDER, sig, "returns " + Signatures.simple(m.getReturnType()) + "; " + n.name()
          + " returns Optional<" + e + "> (empty at the end), or CompletionStage<Optional<" + e + ">> when asynchronous");
      return;
    }
    List<ColumnModel> key = entity.primaryKey();
    List<? extends VariableElement> params = m.getParameters();
    List<String> expected = key.stream().map(c -> Signatures.simple(c.javaType()) + " " + c.fieldName()).toList();
    if (params.size() != key.size()) {
      report.error(m, Messages.PARAMETER_COUNT, Signatures.of(m), params.size(), key.size(), " (the primary key of " + e + ")", String.join(", ", expected));
      return;
    }
    for (int i = 0; i < key.size(); i++) {
      VariableElement p = params.get(i);
      TypeMirror want = key.get(i).javaType();
      if (!sameBoxed(p.asType(), want)) {
        report.error(p, Messages.PARAMETER_TYPE, sig, p.getSimpleName(), Signatures.simple(p.asType()), key.get(i).fieldName(),
            Signatures.simple(want), Signatures.simple(want));
      }
    }
  }

  private boolean sameBoxed(TypeMirror a, TypeMirror b) {
    return types.isSameType(box(a), box(b));
  }

  private TypeMirror box(TypeMirror t) {
    return t.getKind().isPrimitive() ? types.boxedClass(types.getPrimitiveType(t.getKind())).asType() : t;
  }

  private void reportUnserved(EntityModel entity, ExecutableElement m, List<Criterion> criteria, QueryPlan.Unserved unserved, ValidationReport report) {
    String sig = Signatures.of(m);
    String table = entity.table();
    String keyDescription = "partition key (" + fields(entity.partitionKey()) + ")"
        + (entity.clusteringKey().isEmpty() ? "" : ", clustering key (" + fields(entity.clusteringKey()) + ")");
    switch (unserved.reason()) {
      case NOT_ON_KEY -> report.error(m, Messages.UNSERVED_QUERY, sig,
          "no table of " + entity.simpleName() + " has '" + unserved.detail() + "' in its key (table " + table + ": " + keyDescription
              + (entity.hasIndexes() ? "; indexes: " + entity.indexes().stream().map(i -> i.name()).collect(Collectors.joining(", ")) : "") + ")",
          "add " + suggestedIndex(entity, criteria) + " to " + entity.simpleName());
      case PARTITION_NOT_BOUND -> report.error(m, Messages.UNSERVED_QUERY, sig,
          "table " + table + " is read one partition at a time and its " + keyDescription + " needs '" + unserved.detail() + "' bound too",
          "add " + unserved.detail() + " to the name and the parameters, or add " + suggestedIndex(entity, criteria) + " to " + entity.simpleName()
              + "; Denorm never scans a whole table behind a finder");
      case RANGE_ON_PARTITION_KEY -> report.error(m, Messages.RANGE_ON_PARTITION_KEY, sig, unserved.detail(), table);
      case CLUSTERING_GAP, RANGE_NOT_ON_NEXT -> report.error(m, Messages.RANGE_NOT_ON_NEXT_CLUSTERING_COLUMN, sig,
          unserved.detail(), table, fields(entity.clusteringKey()));
      case CONFLICTING_CONDITIONS -> report.error(m, Messages.CONFLICTING_CONDITIONS, sig, unserved.detail());
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

  private static String fields(List<ColumnModel> columns) {
    return columns.stream().map(ColumnModel::fieldName).collect(Collectors.joining(", "));
  }
}
