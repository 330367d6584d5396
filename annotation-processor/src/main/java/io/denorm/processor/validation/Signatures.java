package io.denorm.processor.validation;

import java.util.stream.Collectors;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Short, readable renderings of methods and types for messages. */
final class Signatures {
  private Signatures() {}

  static String of(ExecutableElement m) {
    return m.getSimpleName() + "(" + m.getParameters().stream().map(p -> simple(p.asType())).collect(Collectors.joining(", ")) + ")";
  }

  static String simple(TypeMirror type) {
    if (type.getKind() == TypeKind.DECLARED) {
      DeclaredType d = (DeclaredType) type;
      String raw = d.asElement().getSimpleName().toString();
      if (d.getTypeArguments().isEmpty()) {
        return raw;
      }
      return raw + "<" + d.getTypeArguments().stream().map(Signatures::simple).collect(Collectors.joining(", ")) + ">";
    }
    if (type.getKind() == TypeKind.WILDCARD) {
      javax.lang.model.type.WildcardType w = (javax.lang.model.type.WildcardType) type;
      return w.getExtendsBound() != null ? "? extends " + simple(w.getExtendsBound())
          : w.getSuperBound() != null ? "? super " + simple(w.getSuperBound()) : "?";
    }
    return type.toString();
  }
}
