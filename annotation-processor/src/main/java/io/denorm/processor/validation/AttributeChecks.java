package io.denorm.processor.validation;

import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * The statement attributes an annotation names ({@code @Consistency} of an entity, {@code
 * @StatementAttributes} of a DAO): known level names, a serial level, a timeout that is not
 * negative, and a warning below a quorum.
 */
final class AttributeChecks {

  /** The levels a {@code level} or {@code consistency} attribute takes, and those below a quorum. */
  private static final Set<String> LEVELS = Set.of("ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE",
      "LOCAL_QUORUM", "EACH_QUORUM");
  private static final Set<String> WEAK_LEVELS = Set.of("ONE", "TWO", "LOCAL_ONE");

  private AttributeChecks() {}

  /**
   * @param levels the level, the name of its attribute, the serial level, the name of its attribute
   */
  static void check(Element owner, AnnotationMirror mirror, String ownerName, String[] levels, long timeoutMillis, ValidationReport report) {
    String annotation = mirror.getAnnotationType().asElement().getSimpleName().toString();
    String level = levels[0];
    String serial = levels[2];
    if (level.equals("ANY")) {
      report.error(owner, mirror, valueOf(mirror, levels[1]), Messages.CONSISTENCY_ANY, annotation, ownerName);
    } else if (!level.isEmpty() && !LEVELS.contains(level)) {
      report.error(owner, mirror, valueOf(mirror, levels[1]), Messages.CONSISTENCY_LEVEL, annotation, ownerName, level, new TreeSet<>(LEVELS));
    } else if (WEAK_LEVELS.contains(level)) {
      report.warning(owner, Messages.WEAK_CONSISTENCY, annotation, ownerName, level);
    }
    if (!serial.isEmpty() && !serial.equals("SERIAL") && !serial.equals("LOCAL_SERIAL")) {
      report.error(owner, mirror, valueOf(mirror, levels[3]), Messages.CONSISTENCY_SERIAL, annotation, ownerName, serial);
    }
    if (timeoutMillis < 0) {
      report.error(owner, mirror, valueOf(mirror, "timeoutMillis"), Messages.CONSISTENCY_TIMEOUT, annotation, ownerName, timeoutMillis);
    }
  }

  private static AnnotationValue valueOf(AnnotationMirror mirror, String name) {
    return mirror.getElementValues().entrySet().stream().filter(e -> e.getKey().getSimpleName().contentEquals(name))
        .map(Map.Entry::getValue).findFirst().orElse(null);
  }
}
