package io.denorm.processor.model;

import com.palantir.javapoet.ClassName;
import io.denorm.processor.diag.Problem;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Dao} interface: the entity it serves and its methods.
 *
 * @param entity null when no single entity could be inferred; {@code entityProblem} says why
 */
public record DaoModel(
    TypeElement element,
    ClassName className,
    EntityModel entity,
    Problem entityProblem,
    List<QueryMethodModel> methods) {

  public String simpleName() {
    return className.simpleName();
  }

  /** Whether the DAO declares a method of one of these kinds. */
  @SafeVarargs
  public final boolean declares(Class<? extends QueryMethodModel>... kinds) {
    return methods.stream().anyMatch(m -> Arrays.stream(kinds).anyMatch(k -> k.isInstance(m)));
  }

  /** The methods of one kind, in declaration order. */
  public <M extends QueryMethodModel> List<M> methodsOf(Class<M> kind) {
    return methods.stream().filter(kind::isInstance).map(kind::cast).toList();
  }
}
