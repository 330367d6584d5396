package io.denorm.processor.diag;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.tools.Diagnostic;

/** What the validators found about one element; printed whole before anything is generated. */
public final class ValidationReport {

  /** One finding, placed as precisely as the validator could: element, annotation, value. */
  public record Item(Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation, AnnotationValue value) {}

  private final List<Item> items = new ArrayList<>();

  public void error(Element element, Message message, Object... args) {
    items.add(new Item(Diagnostic.Kind.ERROR, message.format(args), element, null, null));
  }

  /** A problem found while a model was read; {@code leading} are the arguments before its own. */
  public void error(Element element, Problem problem, Object... leading) {
    error(element, problem.message(), problem.argsAfter(leading));
  }

  public void error(Element element, AnnotationMirror annotation, AnnotationValue value, Message message, Object... args) {
    items.add(new Item(Diagnostic.Kind.ERROR, message.format(args), element, annotation, value));
  }

  /**
   * A warning, unless {@code element} or one that encloses it is annotated
   * {@code @SuppressWarnings("denorm:<code>")} (or {@code "denorm"} for all of Denorm's).
   */
  public void warning(Element element, Message message, Object... args) {
    if (!suppressed(element, message)) {
      items.add(new Item(Diagnostic.Kind.WARNING, message.format(args), element, null, null));
    }
  }

  /** A warning reported on {@code element} about {@code subject}: suppressed on either. */
  public void warning(Element element, Element subject, Message message, Object... args) {
    if (subject.getKind() == ElementKind.RECORD_COMPONENT) {
      // @SuppressWarnings cannot target a record component: javac moves it to the component's field.
      for (Element e : subject.getEnclosingElement().getEnclosedElements()) {
        if (e.getKind() == ElementKind.FIELD && e.getSimpleName().contentEquals(subject.getSimpleName())) {
          subject = e;
        }
      }
    }
    if (!suppressed(subject, message)) {
      warning(element, message, args);
    }
  }

  static boolean suppressed(Element element, Message message) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      SuppressWarnings s = e.getAnnotation(SuppressWarnings.class);
      if (s != null) {
        for (String v : s.value()) {
          if (v.equals("denorm") || v.equals("denorm:" + message.code())) {
            return true;
          }
        }
      }
      if (e.getKind() == ElementKind.PACKAGE) {
        break;
      }
    }
    return false;
  }

  public boolean isClean() {
    return items.stream().noneMatch(i -> i.kind() == Diagnostic.Kind.ERROR);
  }

  public List<Item> items() {
    return List.copyOf(items);
  }

  public void printTo(Messager messager) {
    for (Item item : items) {
      if (item.annotation() != null && item.value() != null) {
        messager.printMessage(item.kind(), item.message(), item.element(), item.annotation(), item.value());
      } else if (item.annotation() != null) {
        messager.printMessage(item.kind(), item.message(), item.element(), item.annotation());
      } else {
        messager.printMessage(item.kind(), item.message(), item.element());
      }
    }
  }
}
