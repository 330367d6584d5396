package io.denorm.processor;

import io.denorm.annotations.Dao;
import io.denorm.annotations.Entity;
import io.denorm.processor.step.DaoStep;
import io.denorm.processor.step.EntityStep;
import io.denorm.processor.step.ProcessingEnv;
import io.denorm.processor.step.ProcessingStep;
import io.denorm.processor.step.SchemaStep;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Denorm's annotation processor: {@code @Entity} and {@code @Dao} in, DAOs, mappers and schema
 * files out. The work is in the steps; this class only routes elements to them, round by round,
 * and retries deferred elements until the last round.
 */
public final class DenormProcessor extends AbstractProcessor {

  private List<ProcessingStep> steps;
  /** Per step, the qualified names of elements deferred to the next round. */
  private final Map<ProcessingStep, Set<String>> deferred = new HashMap<>();

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    ProcessingEnv env = new ProcessingEnv(processingEnv);
    steps = List.of(new EntityStep(env), new DaoStep(env), new SchemaStep(env));
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(Entity.class.getCanonicalName(), Dao.class.getCanonicalName());
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(ProcessingEnv.MAX_FAN_OUT, ProcessingEnv.MAX_PARTITIONS_PER_CALL);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (ProcessingStep step : steps) {
      Set<Element> elements = new LinkedHashSet<>();
      for (String name : deferred.getOrDefault(step, Set.of())) {
        TypeElement again = processingEnv.getElementUtils().getTypeElement(name);
        if (again != null) {
          elements.add(again);
        }
      }
      for (String annotation : step.annotations()) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(annotation);
        if (type != null) {
          elements.addAll(round.getElementsAnnotatedWith(type));
        }
      }
      Set<String> next = new LinkedHashSet<>();
      if (!round.processingOver()) {
        for (Element e : step.process(elements)) {
          next.add(((TypeElement) e).getQualifiedName().toString());
        }
        deferred.put(step, next);
      } else {
        step.finish(elements);
      }
    }
    return false;
  }
}
