package io.denorm.processor.model;

import io.denorm.processor.diag.DaoMessages;
import io.denorm.processor.diag.Message;
import io.denorm.processor.diag.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Splits the criteria part of a finder name ({@code SensorIdAndDayAndAtBetween}) into {@link
 * Criterion criteria}, matching property names longest first and backtracking when a shorter name
 * is the only reading that parses ({@code day} and {@code dayOfWeek} can coexist).
 */
public final class FinderNameParser {

  /** Either criteria, or why the name does not parse (reported after the method's signature). */
  public record Result(List<Criterion> criteria, Problem problem) {
    static Result ok(List<Criterion> criteria) {
      return new Result(List.copyOf(criteria), null);
    }

    static Result problem(Message message, Object... args) {
      return new Result(null, Problem.of(message, args));
    }
  }

  private final EntityModel entity;
  private final Set<String> transientFields;
  private final List<Property> longestFirst;

  /** A name a finder can use: a stored field, or a field of the embedded elements of one. */
  private record Property(String capitalized, String name, ColumnModel column, String path) {}

  public FinderNameParser(EntityModel entity, Set<String> transientFields) {
    this.entity = entity;
    this.transientFields = transientFields;
    List<Property> properties = new ArrayList<>();
    for (ColumnModel c : entity.columns()) {
      properties.add(new Property(c.capitalized(), c.fieldName(), c, null));
      ColumnType t = c.type();
      ColumnType element = t instanceof ColumnType.ListOf l ? l.element() : t instanceof ColumnType.SetOf st ? st.element() : null;
      if (element instanceof ColumnType.Embedded e) {
        for (ColumnType.EmbeddedField f : e.fields()) {
          properties.add(new Property(c.capitalized() + Names.capitalize(f.name()), c.fieldName() + "." + f.name(), c, f.name()));
        }
      }
    }
    this.longestFirst = properties.stream()
        .sorted(Comparator.comparingInt((Property p) -> p.capitalized().length()).reversed())
        .toList();
  }

  public Result parse(String criteriaPart) {
    if (criteriaPart.isEmpty()) {
      return Result.problem(DaoMessages.UNKNOWN_PROPERTY_NO_CRITERIA);
    }
    List<Criterion> out = new ArrayList<>();
    if (parseFrom(criteriaPart, 0, 0, out)) {
      return Result.ok(out);
    }
    return explain(criteriaPart);
  }

  private boolean parseFrom(String s, int pos, int parameter, List<Criterion> out) {
    if (pos == s.length()) {
      return !out.isEmpty();
    }
    for (Property candidate : longestFirst) {
      String property = candidate.capitalized();
      if (!s.startsWith(property, pos)) {
        continue;
      }
      int afterProperty = pos + property.length();
      List<Operator> candidates = new ArrayList<>(Operator.byKeywordLength());
      candidates.add(Operator.EQ);
      for (Operator op : candidates) {
        if (!s.startsWith(op.keyword(), afterProperty)) {
          continue;
        }
        int end = afterProperty + op.keyword().length();
        int next;
        if (end == s.length()) {
          next = end;
        } else if (s.startsWith("And", end) && end + 3 < s.length()) {
          next = end + 3;
        } else {
          continue;
        }
        out.add(new Criterion(candidate.name(), candidate.column(), op, parameter, candidate.path()));
        if (parseFrom(s, next, parameter + op.arity(), out)) {
          return true;
        }
        out.remove(out.size() - 1);
      }
    }
    return false;
  }

  /** Names the first part of the criteria that is not a property of the entity. */
  private Result explain(String s) {
    String stored = String.join(", ", entity.columns().stream().map(ColumnModel::fieldName).toList());
    for (String token : s.split("And")) {
      if (token.isEmpty()) {
        return Result.problem(DaoMessages.UNKNOWN_PROPERTY_EMPTY_CONDITION);
      }
      String bare = token;
      for (Operator op : Operator.byKeywordLength()) {
        if (bare.endsWith(op.keyword()) && bare.length() > op.keyword().length()) {
          bare = bare.substring(0, bare.length() - op.keyword().length());
          break;
        }
      }
      String field = Names.decapitalize(bare);
      if (transientFields.contains(field)) {
        return Result.problem(DaoMessages.UNKNOWN_PROPERTY_TRANSIENT, field, entity.simpleName());
      }
      if (entity.column(field).isEmpty()) {
        return Result.problem(DaoMessages.UNKNOWN_PROPERTY, field, entity.simpleName(), stored);
      }
    }
    return Result.problem(DaoMessages.UNKNOWN_PROPERTY_UNREADABLE, s, entity.simpleName(), stored);
  }
}
