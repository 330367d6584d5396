package io.denorm.processor.step;

import io.denorm.annotations.Entity;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** Validates each {@code @Entity} and generates its mapper. */
public final class EntityStep implements ProcessingStep {

  private final ProcessingEnv env;

  public EntityStep(ProcessingEnv env) {
    this.env = env;
  }

  @Override
  public Set<String> annotations() {
    return Set.of(Entity.class.getCanonicalName());
  }

  @Override
  public Set<Element> process(Set<? extends Element> elements) {
    Set<Element> deferred = new LinkedHashSet<>();
    for (Element element : elements) {
      try {
        TypeElement type = (TypeElement) element;
        if (env.entities.hasUnresolvedTypes(type)) {
          deferred.add(element);
          continue;
        }
        env.checkEntity(type);
      } catch (RuntimeException | Error e) {
        env.reportCrash(element, e);
      }
    }
    env.entitiesPending = !deferred.isEmpty();
    return deferred;
  }

  @Override
  public void finish(Set<? extends Element> stillDeferred) {
    for (Element element : stillDeferred) {
      Unresolved.report(env, element);
    }
  }
}
