package io.denorm.processor.step;

import io.denorm.processor.diag.Messages;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/** Reports, after the last round, the elements that still mention unresolved types. */
final class Unresolved {
  private Unresolved() {}

  static void report(ProcessingEnv env, Element element) {
    List<String> unresolved = new ArrayList<>();
    for (var field : ElementFilter.fieldsIn(element.getEnclosedElements())) {
      if (field.asType().toString().contains("<any>") || field.asType().getKind() == TypeKind.ERROR) {
        unresolved.add(field.getSimpleName() + ": " + field.asType());
      }
    }
    if (element.getKind() == ElementKind.INTERFACE) {
      for (var method : ElementFilter.methodsIn(element.getEnclosedElements())) {
        if (method.getReturnType().getKind() == TypeKind.ERROR) {
          unresolved.add(method.getSimpleName() + "(): " + method.getReturnType());
        }
      }
    }
    env.messager.printMessage(Diagnostic.Kind.ERROR,
        Messages.UNRESOLVED_TYPE.format(element.getSimpleName(), String.join(", ", unresolved)), element);
  }
}
