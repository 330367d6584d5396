package io.denorm.processor.validation;

import static io.denorm.processor.validation.Checks.*;

import io.denorm.annotations.MaterializedPath;
import io.denorm.annotations.ParentId;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.EntityModelFactory;
import io.denorm.processor.model.NestedSetModel;
import io.denorm.processor.model.PropertyAccess;
import io.denorm.processor.model.ScalarKind;
import java.util.List;
import java.util.stream.Stream;
import javax.lang.model.element.AnnotationMirror;

/** Checks of the tree techniques: {@code @ParentId}, {@code @MaterializedPath} and {@code @NestedSet}. */
final class HierarchyChecks {
  private HierarchyChecks() {}

  /** A {@code @ParentId}: one per entity, a regular field of the type of the entity's one-column key. */
  static void checkParentId(EntityModel entity, ValidationReport report) {
    List<ColumnModel> parents = entity.columnsWhere(c -> c.features().parentId());
    if (parents.isEmpty()) {
      return;
    }
    ColumnModel p = parents.get(0);
    if (parents.size() > 1) {
      report.error(placed(entity, parents.get(1)), Messages.PARENT_ID_TWICE, parents.get(1).fieldName(), entity.simpleName(), p.fieldName());
    } else if (entity.primaryKey().size() != 1) {
      report.error(placed(entity, p), Messages.PARENT_ID_KEY_SIZE, p.fieldName(), entity.simpleName(), entity.primaryKey().size());
    } else if (p.isKey()) {
      report.error(placed(entity, p), Messages.PARENT_ID_IN_KEY, p.fieldName(), entity.simpleName());
    } else if (!boxedName(p.javaType()).equals(boxedName(entity.primaryKey().get(0).javaType()))) {
      report.error(placed(entity, p), Messages.PARENT_ID_TYPE, p.fieldName(), entity.simpleName(), p.javaType(), entity.primaryKey().get(0).javaType());
    }
  }

  /** A {@code @MaterializedPath}: a regular String field of an entity with a {@code @ParentId} and one String key column. */
  static void checkMaterializedPath(EntityModel entity, ValidationReport report) {
    List<ColumnModel> paths = entity.columnsWhere(c -> c.features().materializedPath());
    if (paths.isEmpty()) {
      return;
    }
    ColumnModel p = paths.get(0);
    if (paths.size() > 1) {
      report.error(placed(entity, paths.get(1)), Messages.MATERIALIZED_PATH_TWICE, paths.get(1).fieldName(), entity.simpleName());
    } else if (!p.javaType().toString().equals("java.lang.String") || p.isKey()) {
      report.error(placed(entity, p), p.isKey() ? Messages.MATERIALIZED_PATH_IN_KEY : Messages.MATERIALIZED_PATH_TYPE, p.fieldName(), entity.simpleName(),
          p.javaType());
    } else if (entity.parentId().isEmpty()) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH_PARENT, p.fieldName(), entity.simpleName());
    } else if (entity.primaryKey().size() != 1 || !entity.primaryKey().get(0).javaType().toString().equals("java.lang.String")) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH_KEY, p.fieldName(), entity.simpleName());
    } else if (!entity.isRecord() && p.access().writeKind() == PropertyAccess.Write.NONE) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH_SETTER, p.fieldName(), entity.simpleName());
    }
  }

  /** A {@code @NestedSet}: a table name of its own, on a tree of String ids, ordered by a stored single-value field. */
  static void checkNestedSet(EntityModel entity, ValidationReport report) {
    if (entity.nestedSet().isEmpty()) {
      return;
    }
    NestedSetModel ns = entity.nestedSet().get();
    AnnotationMirror at = ns.mirror();
    String n = ns.name();
    if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME - "_nodes".length()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.NESTED_SET_NAME, n, MAX_TABLE_NAME - "_nodes".length());
      return;
    }
    if (Stream.of(n, ns.nodesTable(), ns.treesTable()).anyMatch(t -> t.equalsIgnoreCase(entity.table())
        || entity.indexes().stream().anyMatch(i -> i.name().equalsIgnoreCase(t)))) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.NESTED_SET_NAME_TAKEN, n, ns.nodesTable(), ns.treesTable(),
          entity.simpleName());
      return;
    }
    if (entity.parentId().isEmpty()) {
      report.error(entity.element(), at, null, Messages.NESTED_SET_NO_PARENT, n, entity.simpleName());
    } else if (entity.primaryKey().size() != 1 || !entity.primaryKey().get(0).javaType().toString().equals("java.lang.String")) {
      report.error(entity.element(), at, null, Messages.NESTED_SET_KEY, n, entity.simpleName());
    }
    if (!ns.orderName().isEmpty()) {
      ColumnModel c = ns.order();
      if (c == null) {
        report.error(entity.element(), at, EntityModelFactory.value(at, "order"), Messages.NESTED_SET_UNKNOWN_ORDER, n, ns.orderName(), entity.simpleName(),
            String.join(", ", fieldNames(entity.columns())));
      } else if (!(c.type() instanceof ColumnType.Scalar || c.type() instanceof ColumnType.EnumType)
          || c.type() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.BLOB) {
        report.error(entity.element(), at, EntityModelFactory.value(at, "order"), Messages.NESTED_SET_ORDER_TYPE, n, ns.orderName(), c.javaType());
      }
    }
  }
}
