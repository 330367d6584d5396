package io.denorm.processor.generation.cassandra;

import io.denorm.annotations.Order;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.CqlNames;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.QueryPlan;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The CQL text of each statement a DAO prepares. Tables are written {@code {keyspace}.table}; the
 * runtime fills in the keyspace as a quoted identifier. Every value is a bind marker.
 */
public final class CqlStatements {

  static final String KS = "{keyspace}.";

  private CqlStatements() {}

  /** Every column but the {@code @Count}s, which only the counted entity's saves move. */
  public static String insert(EntityModel entity) {
    List<ColumnModel> columns = entity.writtenColumns();
    return "INSERT INTO " + KS + CqlNames.cql(entity.table()) + " (" + names(columns) + ") VALUES ("
        + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")" + (entity.expiring() ? " USING TTL ?" : "");
  }

  /** The insert of a new {@code @Version} row: applied only where no row has the key. */
  public static String insertIfAbsent(EntityModel entity) {
    return insert(entity) + " IF NOT EXISTS";
  }

  /**
   * The compare-and-set update of a {@code @Version} row: every regular column (the version among
   * them, set to its new value), then the key, then the expected version.
   */
  public static String updateIfVersion(EntityModel entity) {
    String version = CqlNames.cql(entity.version().orElseThrow().columnName());
    return "UPDATE " + KS + CqlNames.cql(entity.table()) + " SET "
        + entity.writtenRegularColumns().stream().map(c -> CqlNames.cql(c.columnName()) + " = ?").collect(Collectors.joining(", "))
        + keyWhere(entity) + " IF " + version + " = ?";
  }

  /** The rewrite of a holder row: the columns a rewrite may change ({@link EntityModel#rewrittenColumns}), then the key. */
  public static String updateRewritten(EntityModel entity) {
    return "UPDATE " + KS + CqlNames.cql(entity.table()) + " SET "
        + entity.rewrittenColumns().stream().map(c -> CqlNames.cql(c.columnName()) + " = ?").collect(Collectors.joining(", "))
        + keyWhere(entity);
  }

  /** The compare-and-set delete of a {@code @Version} row: the key, then the expected version. */
  public static String deleteIfVersion(EntityModel entity) {
    return delete(entity) + " IF " + CqlNames.cql(entity.version().orElseThrow().columnName()) + " = ?";
  }

  /**
   * The SELECT of a finder: the master row's columns from the master table, or an index table's
   * columns (and its marker, on an index whose verified rows are trusted). Not the marker's write
   * time: the runtime reads a row again for it when a repair or a verification needs it.
   */
  public static String select(EntityModel entity, QueryPlan plan, boolean limited) {
    String columns = plan.tableView().isIndex()
        ? plan.tableView().index().columnNames(entity).stream().map(CqlNames::cql).collect(Collectors.joining(", "))
            + (plan.tableView().index().covers(entity) ? ", verified" : "")
        : names(entity.tableOrder());
    return "SELECT " + columns + " FROM " + KS + CqlNames.cql(plan.table()) + where(plan) + (limited ? " LIMIT ?" : "");
  }

  /** The SELECT of a {@code @Query} method: the entity's columns in table order, then the query's own conditions, order and limit. */
  public static String query(EntityModel entity, io.denorm.processor.model.QueryMethodModel.CqlQuery query) {
    return "SELECT " + names(entity.tableOrder()) + " FROM " + KS + CqlNames.cql(entity.table()) + " WHERE " + query.where()
        + (query.order() == null ? "" : " ORDER BY " + query.order()) + (query.limit() == null ? "" : " LIMIT " + query.limit());
  }

  /** The count of a {@code countBy…} served by the master table: {@code SELECT COUNT(*)} over the plan's rows. */
  public static String count(EntityModel entity, QueryPlan plan) {
    return "SELECT COUNT(*) FROM " + KS + CqlNames.cql(plan.table()) + where(plan);
  }

  /** The probe of an {@code existsBy…} served by the master table: the first key column of at most one row. */
  public static String exists(EntityModel entity, QueryPlan plan) {
    return "SELECT " + CqlNames.cql(entity.primaryKey().get(0).columnName()) + " FROM " + KS + CqlNames.cql(plan.table()) + where(plan) + " LIMIT 1";
  }

  /** The whole master row by its primary key: the previous state of a save, or an index hit's master. */
  public static String selectRow(EntityModel entity) {
    return "SELECT " + names(entity.tableOrder()) + stamps(entity) + " FROM " + KS + CqlNames.cql(entity.table()) + keyWhere(entity);
  }

  /**
   * {@code , WRITETIME(c)} for each non-key column the entity's save writes ({@code MAXWRITETIME(c)}
   * for a collection, whose elements are cells of their own): after the columns the mapper reads,
   * so that a save, a delete or a snippet rewrite can be stamped above the state it read.
   */
  static String stamps(EntityModel entity) {
    return entity.writtenColumns().stream().filter(c -> !c.isKey())
        .map(c -> (c.type().isCollection() ? ", MAXWRITETIME(" : ", WRITETIME(") + CqlNames.cql(c.columnName()) + ")")
        .collect(Collectors.joining());
  }

  /** The rows of a one-column key among a list of values: {@code WHERE key IN ?}, for application-side joins. */
  public static String selectIn(EntityModel entity) {
    return "SELECT " + names(entity.tableOrder()) + " FROM " + KS + CqlNames.cql(entity.table()) + " WHERE "
        + CqlNames.cql(entity.primaryKey().get(0).columnName()) + " IN ?";
  }

  /** Every master row of one token segment, for index verify and rebuild. */
  public static String scan(EntityModel entity) {
    String token = "token(" + entity.partitionKey().stream().map(c -> CqlNames.cql(c.columnName())).collect(Collectors.joining(", ")) + ")";
    return "SELECT " + names(entity.tableOrder()) + " FROM " + KS + CqlNames.cql(entity.table()) + " WHERE " + token + " >= ? AND " + token + " <= ?";
  }

  /**
   * The row next to a full key in the order of the {@code @Sequence} (its last clustering column):
   * the other key columns equal, the sequence below ({@code previous}) or above the one bound,
   * the nearest first, one row.
   */
  public static String selectNeighbor(EntityModel entity, boolean previous) {
    List<ColumnModel> key = entity.primaryKey();
    ColumnModel id = key.get(key.size() - 1);
    String where = key.stream().map(c -> CqlNames.cql(c.columnName()) + (c.equals(id) ? (previous ? " < ?" : " > ?") : " = ?"))
        .collect(Collectors.joining(" AND "));
    // The nearest first: previous wants the ids descending. Unless the table stores them so, every
    // clustering column is read in reverse (Cassandra reverses the whole clustering order or none).
    boolean storedDescending = id.order() == Order.DESC;
    String order = storedDescending == previous ? "" : reversedOrder(entity);
    return "SELECT " + names(entity.tableOrder()) + " FROM " + KS + CqlNames.cql(entity.table()) + " WHERE " + where + order + " LIMIT 1";
  }

  // ---- @Bucket and @Recent ----------------------------------------------------------------------

  private static String bucketParentWhere(EntityModel entity) {
    return " WHERE " + entity.bucketParent().stream().map(c -> CqlNames.cql(c.columnName()) + " = ?").collect(Collectors.joining(" AND "));
  }

  /**
   * A parent's bucket numbers between two bounds ({@code bucket >= ? AND bucket <= ?}, after the
   * parent's key), newest first, or oldest first when {@code ascending}.
   */
  public static String selectBuckets(EntityModel entity, boolean ascending) {
    String bucket = CqlNames.cql(entity.bucket().orElseThrow().columnName());
    return "SELECT " + bucket + " FROM " + KS + CqlNames.cql(entity.bucketTable()) + bucketParentWhere(entity) + " AND " + bucket + " >= ? AND "
        + bucket + " <= ?" + (ascending ? " ORDER BY " + bucket + " ASC" : "");
  }

  /**
   * The rows of one bucket (the parent's key fields, then the bucket), optionally between bounds of
   * the bucket's field ({@code lower}/{@code upper}: ">", ">=", "<", "<=" or null), in clustering
   * order or, when {@code ascending}, reversed (oldest first).
   */
  public static String selectBucket(EntityModel entity, String lower, String upper, boolean ascending) {
    String field = CqlNames.cql(entity.bucketSource().orElseThrow().columnName());
    return "SELECT " + names(entity.tableOrder()) + " FROM " + KS + CqlNames.cql(entity.table()) + bucketParentWhere(entity) + " AND "
        + CqlNames.cql(entity.bucket().orElseThrow().columnName()) + " = ?" + (lower == null ? "" : " AND " + field + " " + lower + " ?")
        + (upper == null ? "" : " AND " + field + " " + upper + " ?") + (ascending ? reversedOrder(entity) : "");
  }

  /** {@code ORDER BY} every clustering column against its stored order (Cassandra reverses all of them or none). */
  static String reversedOrder(EntityModel entity) {
    return " ORDER BY " + entity.clusteringKey().stream()
        .map(c -> CqlNames.cql(c.columnName()) + (c.order() == Order.DESC ? " ASC" : " DESC")).collect(Collectors.joining(", "));
  }

  /** Lists a row's bucket: every partition key column, in key order. */
  public static String insertBucket(EntityModel entity) {
    return "INSERT INTO " + KS + CqlNames.cql(entity.bucketTable()) + " (" + names(entity.partitionKey()) + ") VALUES ("
        + String.join(", ", Collections.nCopies(entity.partitionKey().size(), "?")) + ")";
  }

  /** The newest rows of one partition of an unbucketed child: its one partition key, then a limit. */
  public static String selectNewest(EntityModel entity) {
    return "SELECT " + names(entity.tableOrder()) + " FROM " + KS + CqlNames.cql(entity.table()) + " WHERE "
        + CqlNames.cql(entity.partitionKey().get(0).columnName()) + " = ? LIMIT ?";
  }

  /** Reads only the first key column of one row: enough to tell whether the row exists. */
  public static String selectKey(EntityModel entity) {
    return "SELECT " + CqlNames.cql(entity.partitionKey().get(0).columnName()) + " FROM " + KS + CqlNames.cql(entity.table())
        + keyWhere(entity);
  }

  public static String delete(EntityModel entity) {
    return "DELETE FROM " + KS + CqlNames.cql(entity.table()) + keyWhere(entity);
  }

  private static String keyWhere(EntityModel entity) {
    return " WHERE " + entity.primaryKey().stream().map(c -> CqlNames.cql(c.columnName()) + " = ?").collect(Collectors.joining(" AND "));
  }

  private static String where(QueryPlan plan) {
    return " WHERE " + plan.conditions().stream()
        .map(c -> CqlNames.cql(c.column().columnName()) + " " + c.cqlOperator() + " ?")
        .collect(Collectors.joining(" AND "));
  }

  private static String names(List<ColumnModel> columns) {
    return columns.stream().map(c -> CqlNames.cql(c.columnName())).collect(Collectors.joining(", "));
  }
}
