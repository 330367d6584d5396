package io.denorm.processor.step;

import java.util.Set;
import javax.lang.model.element.Element;

/** Handles the elements annotated with some annotations, one round at a time. */
public interface ProcessingStep {

  /** Canonical names of the annotations this step handles. */
  Set<String> annotations();

  /**
   * Processes this round's elements (and those deferred from the last round). Returns the elements
   * that mention types not generated yet, to be retried next round.
   */
  Set<Element> process(Set<? extends Element> elements);

  /** Called once after the last round: report what stayed deferred, write aggregated output. */
  default void finish(Set<? extends Element> stillDeferred) {}
}
