package io.denorm.processor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How one table serves a finder: equalities on the whole partition key and a clustering prefix, then
 * at most one range on the next clustering column.
 *
 * @param conditions in key order; a Between contributes two (lower, then upper bound)
 * @param uniqueRow whether every primary key column is bound by an equality (at most one row)
 */
public record QueryPlan(TableView tableView, List<Condition> conditions, boolean uniqueRow) {

  public String table() {
    return tableView.name();
  }

  /** One WHERE condition: {@code column operator ?}, bound from method parameter {@code parameter}. */
  public record Condition(KeyColumn column, String cqlOperator, int parameter) {}

  /** Why no table serves a finder. */
  public record Unserved(Reason reason, String detail) {}

  public enum Reason {
    NOT_ON_KEY,
    PARTITION_NOT_BOUND,
    RANGE_ON_PARTITION_KEY,
    CLUSTERING_GAP,
    RANGE_NOT_ON_NEXT,
    CONFLICTING_CONDITIONS
  }

  /** Exactly one of plan and unserved is set. */
  public record Resolution(QueryPlan plan, Unserved unserved) {}

  /**
   * Resolves {@code criteria} against every table of the entity: the master table first, then each
   * index in declaration order. When none serves them, the master table's reason is returned.
   */
  public static Resolution resolve(EntityModel entity, List<Criterion> criteria) {
    Resolution first = null;
    for (TableView table : entity.tables()) {
      Resolution r = resolve(table, criteria);
      if (r.plan() != null) {
        return r;
      }
      if (first == null) {
        first = r;
      }
    }
    return first;
  }

  /** Resolves {@code criteria} against one table. */
  public static Resolution resolve(TableView table, List<Criterion> criteria) {
    for (Criterion c : criteria) {
      KeyColumn k = table.keyColumn(c.column(), c.path());
      if (k == null) {
        return unserved(Reason.NOT_ON_KEY, c.property());
      }
      // Contains reads a column of whole elements; a field of the elements is compared like any value.
      boolean wholeElements = k.element() && k.path() == null;
      if ((c.operator() == Operator.CONTAINS) != wholeElements) {
        return unserved(Reason.NOT_ON_KEY, c.property());
      }
    }
    List<Condition> conditions = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (KeyColumn p : table.partitionKey()) {
      List<Criterion> on = on(criteria, p);
      if (on.isEmpty()) {
        missing.add(p.fieldName());
        continue;
      }
      if (on.stream().anyMatch(c -> c.operator().isRange())) {
        return unserved(Reason.RANGE_ON_PARTITION_KEY, p.fieldName());
      }
      if (on.size() > 1) {
        return unserved(Reason.CONFLICTING_CONDITIONS, p.fieldName());
      }
      conditions.add(new Condition(p, "=", on.get(0).firstParameter()));
    }
    if (!missing.isEmpty()) {
      return unserved(Reason.PARTITION_NOT_BOUND, String.join(", ", missing));
    }
    List<KeyColumn> clustering = table.clusteringKey();
    int i = 0;
    for (; i < clustering.size(); i++) {
      List<Criterion> on = on(criteria, clustering.get(i));
      if (on.size() == 1 && !on.get(0).operator().isRange()) {
        conditions.add(new Condition(clustering.get(i), "=", on.get(0).firstParameter()));
        continue;
      }
      break;
    }
    boolean uniqueRow = i == clustering.size();
    if (i < clustering.size()) {
      KeyColumn next = clustering.get(i);
      List<Criterion> on = on(criteria, next);
      if (!on.isEmpty()) {
        Unserved problem = addRange(next, on, conditions);
        if (problem != null) {
          return new Resolution(null, problem);
        }
      }
      for (int j = i + 1; j < clustering.size(); j++) {
        List<Criterion> later = on(criteria, clustering.get(j));
        if (later.isEmpty()) {
          continue;
        }
        String bound = clustering.get(j).fieldName();
        if (later.stream().allMatch(c -> c.operator() == Operator.EQ) && on.isEmpty()) {
          return unserved(Reason.CLUSTERING_GAP, bound + " without " + next.fieldName());
        }
        return unserved(Reason.RANGE_NOT_ON_NEXT, bound + (on.isEmpty() ? " (next is " + next.fieldName() + ")" : " after a range on " + next.fieldName()));
      }
    }
    return new Resolution(new QueryPlan(table, List.copyOf(conditions), uniqueRow), null);
  }

  private static Unserved addRange(KeyColumn column, List<Criterion> on, List<Condition> conditions) {
    long lower = on.stream().filter(c -> c.operator().boundsFromBelow()).count();
    long upper = on.stream().filter(c -> c.operator().boundsFromAbove()).count();
    boolean hasEq = on.stream().anyMatch(c -> !c.operator().isRange());
    if (hasEq || lower > 1 || upper > 1) {
      return new Unserved(Reason.CONFLICTING_CONDITIONS, column.fieldName());
    }
    for (Criterion c : on) {
      if (c.operator() == Operator.BETWEEN) {
        conditions.add(new Condition(column, ">=", c.firstParameter()));
        conditions.add(new Condition(column, "<=", c.firstParameter() + 1));
      } else {
        conditions.add(new Condition(column, c.operator().cql(), c.firstParameter()));
      }
    }
    return null;
  }

  private static List<Criterion> on(List<Criterion> criteria, KeyColumn column) {
    return criteria.stream().filter(c -> c.column() == column.source() && Objects.equals(c.path(), column.path())).toList();
  }

  private static Resolution unserved(Reason reason, String detail) {
    return new Resolution(null, new Unserved(reason, detail));
  }
}
