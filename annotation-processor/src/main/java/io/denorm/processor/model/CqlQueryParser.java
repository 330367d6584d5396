package io.denorm.processor.model;

import io.denorm.processor.diag.Message;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Reads the CQL of a {@code @Query} method against the model of its entity: the one statement form
 * Denorm accepts ({@code SELECT * FROM table WHERE key conditions [ORDER BY …] [LIMIT n]}), each bind
 * marker tied to a method parameter and the key column it binds. What does not fit is a {@link
 * Problem} that says what to write instead.
 */
final class CqlQueryParser {

  private static final Pattern STATEMENT = Pattern.compile(
      "^\\s*SELECT\\s+(.+?)\\s+FROM\\s+(\\S+)\\s+WHERE\\s+(.+?)(?:\\s+ORDER\\s+BY\\s+(.+?))?(?:\\s+LIMIT\\s+(\\S+))?\\s*;?\\s*$",
      Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  private static final Pattern CONDITION = Pattern.compile("^\\s*(\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_]*)\\s*(<=|>=|=|<|>)\\s*(\\?|:[A-Za-z_][A-Za-z0-9_]*)\\s*$");
  private static final Pattern ORDER = Pattern.compile("^\\s*(\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_]*)(?:\\s+(ASC|DESC))?\\s*$", Pattern.CASE_INSENSITIVE);

  private final Types types;

  CqlQueryParser(Types types) {
    this.types = types;
  }

  /** The parsed query, or its problem (arguments after the method's signature). */
  record Result(String table, String where, String order, Integer limit, List<QueryMethodModel.CqlQuery.Marker> markers, Problem problem) {
    static Result failed(Message message, Object... args) {
      return new Result(null, null, null, null, List.of(), Problem.of(message, args));
    }
  }

  Result parse(String cql, ExecutableElement method, EntityModel entity) {
    String flat = cql.replaceAll("\\s+", " ").strip();
    if (cql.contains("'") || cql.contains("$$")) {
      return Result.failed(Messages.QUERY_LITERAL, flat);
    }
    if (Pattern.compile("\\bALLOW\\s+FILTERING\\b", Pattern.CASE_INSENSITIVE).matcher(cql).find()) {
      return Result.failed(Messages.QUERY_FILTERING, entity.table());
    }
    Matcher m = STATEMENT.matcher(cql);
    if (!m.matches()) {
      return Result.failed(Messages.QUERY_FORM, flat);
    }
    if (!m.group(1).strip().equals("*")) {
      return Result.failed(Messages.QUERY_SELECT, m.group(1).strip(), entity.simpleName());
    }
    String table = unquote(m.group(2));
    if (!table.equals(entity.table())) {
      return Result.failed(Messages.QUERY_TABLE, m.group(2), entity.simpleName(), entity.table());
    }
    List<QueryMethodModel.CqlQuery.Marker> markers = new ArrayList<>();
    List<String> whereParts = new ArrayList<>();
    Boolean named = null;
    List<ColumnModel> equal = new ArrayList<>();
    for (String condition : m.group(3).split("(?i)\\s+AND\\s+")) {
      Matcher c = CONDITION.matcher(condition);
      if (!c.matches()) {
        return Result.failed(Messages.QUERY_CONDITION, condition.strip());
      }
      String columnName = unquote(c.group(1));
      Optional<ColumnModel> column = entity.columns().stream().filter(x -> x.columnName().equals(columnName)).findFirst();
      if (column.isEmpty()) {
        return Result.failed(Messages.QUERY_COLUMN, c.group(1), entity.table(),
            String.join(", ", entity.columns().stream().map(ColumnModel::columnName).toList()));
      }
      if (!column.get().isKey()) {
        return Result.failed(Messages.QUERY_NOT_KEY, c.group(1), entity.table());
      }
      boolean isNamed = c.group(3).startsWith(":");
      if (named != null && named != isNamed) {
        return Result.failed(Messages.QUERY_MARKERS, flat);
      }
      named = isNamed;
      int parameter = isNamed ? parameterNamed(method, c.group(3).substring(1)) : markers.size();
      if (parameter < 0 || parameter >= method.getParameters().size()) {
        return Result.failed(Messages.QUERY_PARAMETERS, c.group(3), condition.strip());
      }
      VariableElement p = method.getParameters().get(parameter);
      if (!sameType(p.asType(), column.get().javaType())) {
        return Result.failed(Messages.QUERY_PARAMETER_TYPE, p.getSimpleName(), p.asType(), c.group(1), column.get().javaType());
      }
      if (c.group(2).equals("=")) {
        equal.add(column.get());
      }
      markers.add(new QueryMethodModel.CqlQuery.Marker(parameter, column.get()));
      whereParts.add(c.group(1) + " " + c.group(2) + " ?");
    }
    List<String> unbound = entity.primaryKey().stream().filter(k -> k.role() == KeyRole.PARTITION && !equal.contains(k)).map(ColumnModel::columnName).toList();
    if (!unbound.isEmpty()) {
      return Result.failed(Messages.QUERY_PARTITION, entity.table(), String.join(", ", unbound));
    }
    for (int i = 0; i < method.getParameters().size(); i++) {
      int index = i;
      if (markers.stream().noneMatch(x -> x.parameter() == index)) {
        return Result.failed(Messages.QUERY_PARAMETERS, method.getParameters().get(i).getSimpleName(), "no marker binds it");
      }
    }
    String order = null;
    if (m.group(4) != null) {
      List<String> orders = new ArrayList<>();
      for (String part : m.group(4).split(",")) {
        Matcher o = ORDER.matcher(part);
        String name = o.matches() ? unquote(o.group(1)) : null;
        if (name == null || entity.primaryKey().stream().noneMatch(k -> k.role() == KeyRole.CLUSTERING && k.columnName().equals(name))) {
          return Result.failed(Messages.QUERY_ORDER, part.strip(), entity.table());
        }
        orders.add(o.group(1) + (o.group(2) == null ? "" : " " + o.group(2).toUpperCase(Locale.ROOT)));
      }
      order = String.join(", ", orders);
    }
    Integer limit = null;
    if (m.group(5) != null) {
      if (!m.group(5).matches("[1-9][0-9]{0,8}")) {
        return Result.failed(Messages.QUERY_LIMIT, m.group(5));
      }
      limit = Integer.parseInt(m.group(5));
    }
    return new Result(table, String.join(" AND ", whereParts), order, limit, List.copyOf(markers), null);
  }

  private static int parameterNamed(ExecutableElement method, String name) {
    for (int i = 0; i < method.getParameters().size(); i++) {
      if (method.getParameters().get(i).getSimpleName().contentEquals(name)) {
        return i;
      }
    }
    return -1;
  }

  private boolean sameType(TypeMirror parameter, TypeMirror field) {
    TypeMirror a = parameter.getKind().isPrimitive() ? types.boxedClass(types.getPrimitiveType(parameter.getKind())).asType() : parameter;
    TypeMirror b = field.getKind().isPrimitive() ? types.boxedClass(types.getPrimitiveType(field.getKind())).asType() : field;
    return types.isSameType(a, b);
  }

  private static String unquote(String identifier) {
    return identifier.startsWith("\"") && identifier.endsWith("\"") && identifier.length() > 1
        ? identifier.substring(1, identifier.length() - 1) : identifier.toLowerCase(Locale.ROOT);
  }
}
