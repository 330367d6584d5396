package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.QueryPlan;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/** Pieces of generated method bodies that do not depend on the store: argument checks, names, defaults. */
public final class MethodCode {
  private MethodCode() {}

  public static final ClassName KEY_CHECKS = ClassName.get("io.denorm", "KeyChecks");

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
      b.addStatement("$T.$L($S, $S, $N)", KEY_CHECKS, forWrite ? "keyComponent" : "argument",
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

  /** The value a transient record component gets on reads: its type's default. */
  public static String defaultValue(String javaType) {
    return switch (javaType) {
      case "boolean" -> "false";
      case "char" -> "(char) 0";
      case "byte" -> "(byte) 0";
      case "short" -> "(short) 0";
      case "int" -> "0";
      case "long" -> "0L";
      case "float" -> "0f";
      case "double" -> "0d";
      default -> "null";
    };
  }
}
