package io.denorm.processor.model;

import com.palantir.javapoet.ClassName;
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
    String entityProblem,
    List<QueryMethodModel> methods) {

  public String simpleName() {
    return className.simpleName();
  }
}
