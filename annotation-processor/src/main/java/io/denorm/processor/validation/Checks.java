package io.denorm.processor.validation;

import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.EntityModel;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;

/** What the entity checks share: where a warning goes, type names as users write them, name rules. */
final class Checks {
  private Checks() {}

  static final int MAX_TABLE_NAME = 48;
  static final int MAX_COLUMN_NAME = 256;
  static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  /**
   * Where a warning about {@code c} is reported: its field, or the record (javac places nothing on a
   * record component). A {@code @SuppressWarnings} on the component counts either way.
   */
  static Element placed(EntityModel entity, ColumnModel c) {
    return entity.isRecord() ? entity.element() : c.element();
  }

  /** The name of {@code t}, boxed when primitive. */
  static String boxedName(TypeMirror t) {
    return switch (t.getKind()) {
      case LONG -> "java.lang.Long";
      case INT -> "java.lang.Integer";
      case SHORT -> "java.lang.Short";
      case BYTE -> "java.lang.Byte";
      case BOOLEAN -> "java.lang.Boolean";
      case CHAR -> "java.lang.Character";
      case DOUBLE -> "java.lang.Double";
      case FLOAT -> "java.lang.Float";
      default -> t.toString();
    };
  }

  static List<String> fieldNames(List<ColumnModel> columns) {
    List<String> names = new ArrayList<>();
    columns.forEach(c -> names.add(c.fieldName()));
    return names;
  }
}
