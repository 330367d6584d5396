package io.denorm.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * A {@code @NestedSet}: its leaves' table {@code name} (with {@code name_nodes} and {@code
 * name_trees}), and the field siblings are ordered by.
 *
 * @param orderName the {@code order} attribute as written (empty: by id)
 * @param order the column it names; null when empty or when no column has that name
 * @param mirror the annotation, to place errors on
 */
public record NestedSetModel(String name, String orderName, ColumnModel order, AnnotationMirror mirror) {

  public String nodesTable() {
    return name + "_nodes";
  }

  public String treesTable() {
    return name + "_trees";
  }
}
