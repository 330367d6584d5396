package io.denorm.processor.model;

import java.util.List;

/** A comparison a finder applies to one column, with the keyword that names it in a method name. */
public enum Operator {
  EQ("", "=", 1),
  BETWEEN("Between", null, 2),
  GTE("GreaterThanEqual", ">=", 1),
  LTE("LessThanEqual", "<=", 1),
  GT("GreaterThan", ">", 1),
  LT("LessThan", "<", 1),
  AFTER("After", ">", 1),
  BEFORE("Before", "<", 1),
  /** An element of a collection field: served by an index keyed by that field's elements. */
  CONTAINS("Contains", "=", 1);

  private final String keyword;
  private final String cql;
  private final int arity;

  Operator(String keyword, String cql, int arity) {
    this.keyword = keyword;
    this.cql = cql;
    this.arity = arity;
  }

  public String keyword() {
    return keyword;
  }

  /** The CQL comparison; null for {@link #BETWEEN}, which is two of them. */
  public String cql() {
    return cql;
  }

  public int arity() {
    return arity;
  }

  public boolean isRange() {
    return this != EQ && this != CONTAINS;
  }

  public boolean boundsFromBelow() {
    return this == GT || this == GTE || this == AFTER || this == BETWEEN;
  }

  public boolean boundsFromAbove() {
    return this == LT || this == LTE || this == BEFORE || this == BETWEEN;
  }

  /** Keywords to try after a property name, longest first so that GreaterThanEqual wins. */
  public static List<Operator> byKeywordLength() {
    return List.of(GTE, LTE, GT, LT, BETWEEN, AFTER, BEFORE, CONTAINS);
  }
}
