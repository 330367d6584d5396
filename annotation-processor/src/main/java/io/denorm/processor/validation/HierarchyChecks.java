package io.denorm.processor.validation;

import static io.denorm.processor.validation.Checks.*;

import io.denorm.annotations.MaterializedPath;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;
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
    String example = "@PartitionKey String id, @ParentId String parentId";
    if (parents.size() > 1) {
      report.error(placed(entity, parents.get(1)), Messages.PARENT_ID, parents.get(1).fieldName(), entity.simpleName(),
          "is the second parent of the entity (after '" + p.fieldName() + "'); a node of a tree has one parent: remove one");
    } else if (entity.primaryKey().size() != 1) {
      report.error(placed(entity, p), Messages.PARENT_ID, p.fieldName(), entity.simpleName(), "names a parent, but " + entity.simpleName()
          + " is keyed by " + entity.primaryKey().size() + " columns; a node is named by one id (" + example + ")");
    } else if (p.isKey()) {
      report.error(placed(entity, p), Messages.PARENT_ID, p.fieldName(), entity.simpleName(), "is part of the key; the parent is a field of its own (" + example + ")");
    } else if (!boxedName(p.javaType()).equals(boxedName(entity.primaryKey().get(0).javaType()))) {
      report.error(placed(entity, p), Messages.PARENT_ID, p.fieldName(), entity.simpleName(), "is a " + p.javaType() + ", but the ids of "
          + entity.simpleName() + " are " + entity.primaryKey().get(0).javaType() + "; declare it " + entity.primaryKey().get(0).javaType()
          + " (null for a root)");
    }
  }

  /** A {@code @MaterializedPath}: a regular String field of an entity with a {@code @ParentId} and one String key column. */
  static void checkMaterializedPath(EntityModel entity, ValidationReport report) {
    List<ColumnModel> paths = entity.columnsWhere(c -> c.features().materializedPath());
    if (paths.isEmpty()) {
      return;
    }
    ColumnModel p = paths.get(0);
    String example = "@PartitionKey String id, @ParentId String parentId, @MaterializedPath String path";
    if (paths.size() > 1) {
      report.error(placed(entity, paths.get(1)), Messages.MATERIALIZED_PATH, paths.get(1).fieldName(), entity.simpleName(), "is the second path of the entity; remove one");
    } else if (!p.javaType().toString().equals("java.lang.String") || p.isKey()) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH, p.fieldName(), entity.simpleName(), "is a " + p.javaType()
          + (p.isKey() ? " key field" : "") + "; a path is a regular String field that Denorm fills on save (" + example + ")");
    } else if (entity.parentId().isEmpty()) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH, p.fieldName(), entity.simpleName(), "needs the parent it extends: add a @ParentId field (" + example + ")");
    } else if (entity.primaryKey().size() != 1 || !entity.primaryKey().get(0).javaType().toString().equals("java.lang.String")) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH, p.fieldName(), entity.simpleName(), "joins ids as text, so " + entity.simpleName()
          + " needs one String key column (" + example + ")");
    } else if (!entity.isRecord() && p.access().writeKind() == PropertyAccess.Write.NONE) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH, p.fieldName(), entity.simpleName(), "has no setter or writable field for the path a save computes; add a setter");
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
    String example = "@NestedSet(name = \"catalog_leaves\", order = \"name\") on an entity with @PartitionKey String id, @ParentId String parentId";
    if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME - "_nodes".length()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.NESTED_SET, n,
          "name is not a table name: use letters, digits and '_', starting with a letter, at most " + (MAX_TABLE_NAME - "_nodes".length())
              + " characters (tables " + n + "_nodes and " + n + "_trees go with it)");
      return;
    }
    if (Stream.of(n, ns.nodesTable(), ns.treesTable()).anyMatch(t -> t.equalsIgnoreCase(entity.table())
        || entity.indexes().stream().anyMatch(i -> i.name().equalsIgnoreCase(t)))) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.NESTED_SET, n,
          "name (or " + ns.nodesTable() + ", " + ns.treesTable() + ") is the name of another table of " + entity.simpleName() + "; give the set a name of its own");
      return;
    }
    if (entity.parentId().isEmpty()) {
      report.error(entity.element(), at, null, Messages.NESTED_SET, n, entity.simpleName()
          + " has no @ParentId, and the numbering is made from the tree the parents form; add one (" + example + ")");
    } else if (entity.primaryKey().size() != 1 || !entity.primaryKey().get(0).javaType().toString().equals("java.lang.String")) {
      report.error(entity.element(), at, null, Messages.NESTED_SET, n, "keeps node ids as text, so " + entity.simpleName()
          + " needs one String key column (" + example + ")");
    }
    if (!ns.orderName().isEmpty()) {
      ColumnModel c = ns.order();
      if (c == null) {
        report.error(entity.element(), at, EntityModelFactory.value(at, "order"), Messages.NESTED_SET, n,
            "order = \"" + ns.orderName() + "\" is not a stored field of " + entity.simpleName() + " (stored: " + String.join(", ", fieldNames(entity.columns()))
                + "); name the field siblings are ordered by, or leave order out to order them by id");
      } else if (!(c.type() instanceof ColumnType.Scalar || c.type() instanceof ColumnType.EnumType)
          || c.type() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.BLOB) {
        report.error(entity.element(), at, EntityModelFactory.value(at, "order"), Messages.NESTED_SET, n,
            "order = \"" + ns.orderName() + "\" is a " + c.javaType() + ", which has no order; order siblings by a single comparable value (a String, a number, a time)");
      }
    }
  }
}
