package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.QueryPlan;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/** Code shared by the method generators: argument checks and bound statements built from a plan. */
public final class Binding {
  private Binding() {}

  /**
   * {@code <prepared>.boundStatementBuilder().setX(0, a).setY(1, b)….build()}, one setter per plan
   * condition, then the LIMIT when {@code limit > 0}.
   */
  static CodeBlock bound(CodeBlock prepared, QueryPlan plan, ExecutableElement method, int limit) {
    CodeBlock.Builder b = CodeBlock.builder().add("$L.boundStatementBuilder()$>$>", prepared);
    List<QueryPlan.Condition> conditions = plan.conditions();
    for (int i = 0; i < conditions.size(); i++) {
      QueryPlan.Condition c = conditions.get(i);
      String param = method.getParameters().get(c.parameter()).getSimpleName().toString();
      b.add("\n.$L", ColumnCodecs.setCall(c.column().type(), CodeBlock.of("$L", i), CodeBlock.of("$N", param)));
    }
    if (limit > 0) {
      b.add("\n.setInt($L, $L)", conditions.size(), limit);
    }
    return b.add("\n.build()$<$<").build();
  }

  /**
   * Argument checks of a finder or delete: every non-primitive value bound to a key column must be
   * present ({@code keyComponent} also checks its size, for writes).
   */
  public static CodeBlock checks(String entity, QueryPlan plan, ExecutableElement method, boolean forWrite) {
    CodeBlock.Builder b = CodeBlock.builder();
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (QueryPlan.Condition c : plan.conditions()) {
      VariableElement p = method.getParameters().get(c.parameter());
      if (p.asType().getKind().isPrimitive() || !seen.add(c.parameter())) {
        continue;
      }
      KeyColumn column = c.column();
      b.addStatement("$T.$L($S, $S, $N)", CassandraMapperGenerator.KEY_CHECKS, forWrite ? "keyComponent" : "argument",
          entity, column.fieldName(), p.getSimpleName().toString());
    }
    return b.build();
  }

  /** A local variable name that no parameter of {@code method} already uses. */
  public static String local(String base, ExecutableElement method) {
    String name = base;
    while (usedByParameter(name, method)) {
      name = name + "_";
    }
    return name;
  }

  private static boolean usedByParameter(String name, ExecutableElement method) {
    return method.getParameters().stream().anyMatch(p -> p.getSimpleName().contentEquals(name));
  }

  public static String describe(QueryPlan plan) {
    StringBuilder s = new StringBuilder();
    for (QueryPlan.Condition c : plan.conditions()) {
      if (s.length() > 0) {
        s.append(" AND ");
      }
      s.append(c.column().columnName()).append(' ').append(c.cqlOperator()).append(" ?");
    }
    return s.toString();
  }
}
