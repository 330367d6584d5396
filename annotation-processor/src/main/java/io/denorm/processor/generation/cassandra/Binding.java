package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import io.denorm.processor.model.QueryPlan;
import java.util.List;
import javax.lang.model.element.ExecutableElement;

/** Bound statements built from a plan, for the Cassandra method generators. */
public final class Binding {
  private Binding() {}

  /**
   * {@code <prepared>.boundStatementBuilder().setX(0, a).setY(1, b)….build()}, one setter per plan
   * condition, then the LIMIT when {@code limit > 0}.
   */
  static CodeBlock bound(CodeBlock prepared, QueryPlan plan, ExecutableElement method, int limit) {
    return bound(prepared, plan, method, limit, null);
  }

  /** As above, with {@code .setLong(<next index>, <extraLong>)} after the conditions (a compare-and-set's expected version). */
  static CodeBlock bound(CodeBlock prepared, QueryPlan plan, ExecutableElement method, int limit, String extraLong) {
    return setters(prepared, plan, method, limit, extraLong).add("\n.build()$<$<").build();
  }

  /**
   * {@link #bound} without the {@code .build()}: the builder, for a runtime method that builds the
   * statement once with the DAO's options.
   */
  static CodeBlock builder(CodeBlock prepared, QueryPlan plan, ExecutableElement method, int limit) {
    return setters(prepared, plan, method, limit, null).add("$<$<").build();
  }

  private static CodeBlock.Builder setters(CodeBlock prepared, QueryPlan plan, ExecutableElement method, int limit, String extraLong) {
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
    if (extraLong != null) {
      b.add("\n.setLong($L, $N)", conditions.size(), extraLong);
    }
    return b;
  }
}
