package io.denorm.processor.model;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Reference} field: ids of another entity's rows.
 *
 * @param column the field holding the id, the ids, or the elements holding them
 * @param targetType the referenced class (an {@code @Entity} if valid)
 * @param target the referenced entity's model, read on first use (references may form cycles)
 * @param field the element field holding the id, for a list of embedded objects; empty otherwise
 */
public record ReferenceModel(ColumnModel column, TypeElement targetType, Supplier<EntityModel> target, String field, AnnotationMirror mirror,
    Snippet snippet) {

  public ReferenceModel(ColumnModel column, TypeElement targetType, Supplier<EntityModel> target, String field, AnnotationMirror mirror) {
    this(column, targetType, target, field, mirror, null);
  }

  /**
   * A {@code @Denormalized} field: the element fields copied from the source, and whether saves of
   * the source fan out to it.
   */
  public record Snippet(List<String> fields, boolean fanOut) {}

  public boolean isSnippet() {
    return snippet != null;
  }

  /** The name of the reverse index a fanned-out snippet field gets: {@code library_books_by_authors_id}. */
  public String reverseIndexName(String table) {
    return table + "_by_" + Names.snakeCase(column.fieldName()) + "_" + Names.snakeCase(field);
  }

  /** Whether the field holds many ids (a List or Set) rather than one. */
  public boolean many() {
    return column.type() instanceof ColumnType.ListOf || column.type() instanceof ColumnType.SetOf;
  }

  /** The embedded element type holding the ids, when {@link #field()} is given and the field is a list of them. */
  public Optional<ColumnType.Embedded> elementType() {
    return many() && KeyColumn.elementType(column.type()) instanceof ColumnType.Embedded e ? Optional.of(e) : Optional.empty();
  }

  /** The stored type of one id, or null when the field does not hold ids as declared. */
  public ColumnType idType() {
    if (!field.isEmpty()) {
      return elementType().flatMap(e -> e.field(field)).map(ColumnType.EmbeddedField::type).orElse(null);
    }
    ColumnType t = many() ? KeyColumn.elementType(column.type()) : column.type();
    return t instanceof ColumnType.Scalar || t instanceof ColumnType.EnumType ? t : null;
  }

}
