package io.denorm.processor.schema;

import io.denorm.processor.generation.cassandra.CqlStatements;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The manifest entry of one DAO method, by kind: what it does, the table that serves it (when not
 * the entity's own) and the CQL it runs. A kind added to {@link QueryMethodModel} without a method
 * here does not compile, so no method is left out of {@code model.yaml}.
 */
final class MethodManifest implements QueryMethodModel.Visitor<Map<String, Object>> {

  private final EntityModel entity;

  MethodManifest(EntityModel entity) {
    this.entity = entity;
  }

  @Override
  public Map<String, Object> visitSave(QueryMethodModel.Save save) {
    Map<String, Object> m = kind(save.insert() ? "insert" : "save", save.async());
    List<String> cql = new ArrayList<>();
    if (entity.hasIndexes() && !save.stateKnown()) {
      cql.add(unqualified(CqlStatements.selectRow(entity)));
    }
    cql.add(unqualified(CqlStatements.insert(entity)));
    m.put("cql", cql);
    if (entity.hasIndexes()) {
      m.put("maintains", entity.indexes().stream().map(IndexModel::name).toList());
    }
    return m;
  }

  @Override
  public Map<String, Object> visitSaveAll(QueryMethodModel.SaveAll saveAll) {
    Map<String, Object> m = kind("save all", saveAll.async());
    List<String> cql = new ArrayList<>();
    if (entity.hasIndexes()) {
      cql.add(unqualified(CqlStatements.selectRow(entity)));
    }
    cql.add(unqualified(CqlStatements.insert(entity)));
    m.put("cql", cql);
    m.put("perEntity", true);
    if (entity.hasIndexes()) {
      m.put("maintains", entity.indexes().stream().map(IndexModel::name).toList());
    }
    return m;
  }

  @Override
  public Map<String, Object> visitFind(QueryMethodModel.Find find) {
    if (entity.walksBuckets(find.criteria())) {
      Map<String, Object> m = kind("find", find.async());
      m.put("shape", find.shape().name().toLowerCase(Locale.ROOT));
      m.put("walksBuckets", entity.bucketTable());
      m.put("where", entity.bucketParent().stream().map(c -> c.columnName() + " = ?").toList());
      return m;
    }
    QueryPlan plan = QueryPlan.resolve(entity, find.criteria()).plan();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", plan.table());
    m.putAll(kind("find", find.async()));
    m.put("shape", find.shape().name().toLowerCase(Locale.ROOT));
    if (find.projection() != null) {
      m.put("projection", find.projection().getQualifiedName().toString());
    }
    m.put("where", where(plan));
    if (find.limit() > 0) {
      m.put("limit", find.limit());
    }
    m.put("uniqueRow", plan.uniqueRow());
    m.put("cql", List.of(unqualified(CqlStatements.select(entity, plan, find.limit() > 0))));
    return m;
  }

  @Override
  public Map<String, Object> visitCount(QueryMethodModel.Count count) {
    QueryPlan plan = QueryPlan.resolve(entity, count.criteria()).plan();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", plan.table());
    m.putAll(kind(count.exists() ? "exists" : "count", count.async()));
    m.put("where", where(plan));
    String cql = plan.tableView().isIndex() ? CqlStatements.select(entity, plan, false)
        : count.exists() ? CqlStatements.exists(entity, plan) : CqlStatements.count(entity, plan);
    m.put("cql", List.of(unqualified(cql)));
    return m;
  }

  @Override
  public Map<String, Object> visitNestedSetOp(QueryMethodModel.NestedSetOp op) {
    Map<String, Object> m = kind(switch (op.kind()) {
      case LEAVES -> "nested set leaves";
      case COUNT -> "nested set leaf count";
      case REBUILD -> "nested set rebuild";
      case CURRENT -> "nested set current";
    }, op.async());
    m.put("table", entity.nestedSet().map(ns -> ns.name()).orElse(null));
    return m;
  }

  @Override
  public Map<String, Object> visitDistinctCount(QueryMethodModel.DistinctCount count) {
    Map<String, Object> m = kind(count.recount() ? "recount distinct" : "count distinct", count.async());
    m.put("table", count.recount() ? count.distinct().membersTable() : count.distinct().name());
    return m;
  }

  @Override
  public Map<String, Object> visitGeo(QueryMethodModel.Geo geo) {
    Map<String, Object> m = kind(geo.near() ? "near" : "within", geo.async());
    m.put("table", entity.geoIndex().orElseThrow().name());
    return m;
  }

  @Override
  public Map<String, Object> visitNeighbor(QueryMethodModel.Neighbor neighbor) {
    Map<String, Object> m = kind(neighbor.previous() ? "previous" : "next", neighbor.async());
    m.put("cql", List.of(unqualified(CqlStatements.selectNeighbor(entity, neighbor.previous()))));
    return m;
  }

  @Override
  public Map<String, Object> visitDelete(QueryMethodModel.Delete delete) {
    Map<String, Object> m = kind("delete", delete.async());
    m.put("returnsExisted", delete.returnsExisted());
    List<String> cql = new ArrayList<>();
    if (entity.hasIndexes()) {
      cql.add(unqualified(CqlStatements.selectRow(entity)));
      m.put("maintains", entity.indexes().stream().map(IndexModel::name).toList());
    } else if (delete.returnsExisted()) {
      cql.add(unqualified(CqlStatements.selectKey(entity)));
    }
    cql.add(unqualified(CqlStatements.delete(entity)));
    m.put("cql", cql);
    return m;
  }

  @Override
  public Map<String, Object> visitDeleteAll(QueryMethodModel.DeleteAll deleteAll) {
    return deletesEach(kind("delete all", deleteAll.async()), new ArrayList<>());
  }

  /** {@code m} with the statements of deletes made one entity at a time after {@code cql}: the row read where indexes need it, the delete. */
  private Map<String, Object> deletesEach(Map<String, Object> m, List<String> cql) {
    if (entity.hasIndexes()) {
      cql.add(unqualified(CqlStatements.selectRow(entity)));
      m.put("maintains", entity.indexes().stream().map(IndexModel::name).toList());
    }
    cql.add(unqualified(CqlStatements.delete(entity)));
    m.put("cql", cql);
    return m;
  }

  @Override
  public Map<String, Object> visitFindAll(QueryMethodModel.FindAll findAll) {
    Map<String, Object> m = kind("find all by id", findAll.async());
    m.put("cql", List.of(unqualified(CqlStatements.selectIn(entity))));
    return m;
  }

  @Override
  public Map<String, Object> visitUpdate(QueryMethodModel.Update update) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", entity.table());
    m.putAll(kind("update", update.async()));
    m.put("sets", update.fields());
    m.put("cql", List.of(unqualified(CqlStatements.selectRow(entity)), unqualified(CqlStatements.insert(entity))));
    return m;
  }

  @Override
  public Map<String, Object> visitCqlQuery(QueryMethodModel.CqlQuery query) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", entity.table());
    m.putAll(kind("query", query.async()));
    m.put("cql", List.of(unqualified(CqlStatements.query(entity, query))));
    return m;
  }

  @Override
  public Map<String, Object> visitDeleteRange(QueryMethodModel.DeleteRange delete) {
    QueryPlan plan = QueryPlan.resolve(io.denorm.processor.model.TableView.master(entity), delete.criteria()).plan();
    List<String> cql = new ArrayList<>();
    cql.add(unqualified(CqlStatements.select(entity, plan, false)));
    return deletesEach(kind("delete by key prefix", false), cql);
  }

  @Override
  public Map<String, Object> visitWithAttributes(QueryMethodModel.WithAttributes with) {
    return kind("with attributes", false);
  }

  @Override
  public Map<String, Object> visitLoad(QueryMethodModel.Load load) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", load.reference().target().get().table());
    m.putAll(kind("load", load.async()));
    m.put("joins", load.reference().column().fieldName());
    return m;
  }

  @Override
  public Map<String, Object> visitTreeRead(QueryMethodModel.TreeRead read) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", entity.parentIndex().orElseThrow().name());
    m.putAll(kind(read.subtree() ? "subtree" : "children", read.async()));
    return m;
  }

  @Override
  public Map<String, Object> visitDescendants(QueryMethodModel.Descendants descendants) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("table", entity.pathIndex().orElseThrow().name());
    m.putAll(kind("descendants", descendants.async()));
    return m;
  }

  @Override
  public Map<String, Object> visitUnrecognized(QueryMethodModel.Unrecognized method) {
    throw new IllegalStateException("no manifest entry for " + method + "; validation rejects it");
  }

  private static Map<String, Object> kind(String kind, boolean async) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind);
    m.put("async", async);
    return m;
  }

  static List<String> where(QueryPlan plan) {
    return plan.conditions().stream().map(c -> c.column().columnName() + " " + c.cqlOperator() + " ?").toList();
  }

  /** The CQL as run, with the keyspace the DAO was given in place of the placeholder. */
  static String unqualified(String cql) {
    return cql.replace("{keyspace}.", "");
  }
}
