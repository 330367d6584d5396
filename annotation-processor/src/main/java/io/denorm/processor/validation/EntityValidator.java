package io.denorm.processor.validation;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Column;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.EntityModelFactory;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.KeyRole;
import io.denorm.processor.model.PropertyAccess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;

/** Checks that an entity can be stored: its key, its column types and names, and access to them. */
public final class EntityValidator {

  static final int MAX_TABLE_NAME = 48;
  static final int MAX_COLUMN_NAME = 256;
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  public ValidationReport validate(EntityModel entity) {
    ValidationReport report = new ValidationReport();
    var element = entity.element();
    if (element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.RECORD) {
      report.error(element, Messages.NOT_INSTANTIABLE, element.getSimpleName(), "@Entity goes on a class or a record, not on " + element.getKind().toString().toLowerCase(java.util.Locale.ROOT));
      return report;
    }
    checkTableName(entity, report);
    checkConsistency(entity, report);
    if (entity.partitionKey().isEmpty()) {
      report.error(element, Messages.NO_PARTITION_KEY, entity.simpleName(), entity.simpleName());
    }
    for (ColumnModel c : entity.columns()) {
      if (c.role() == KeyRole.PARTITION && EntityModelFactory.mirror(c.element(), ClusteringKey.class) != null) {
        report.error(c.element(), Messages.KEY_ON_BOTH_PARTS, c.fieldName());
      }
    }
    checkPositions(entity.partitionKey(), "@PartitionKey", "partition key", entity, report);
    checkPositions(entity.clusteringKey(), "@ClusteringKey", "clustering key", entity, report);
    checkColumns(entity, report);
    checkInstantiation(entity, report);
    checkIndexes(entity, report);
    checkSalt(entity, report);
    checkVersion(entity, report);
    checkReferences(entity, report);
    checkCounts(entity, report);
    checkInverses(entity, report);
    checkRecents(entity, report);
    checkBucket(entity, report);
    checkSequence(entity, report);
    checkCountDistinct(entity, report);
    checkParentId(entity, report);
    checkMaterializedPath(entity, report);
    checkNestedSet(entity, report);
    adviseOnCollections(entity, report);
    return report;
  }

  /** Where a warning about {@code c} goes: its field, or for a record the record (javac places nothing on a component). */
  /**
   * Where a warning about {@code c} is reported: its field, or the record (javac places nothing on a
   * record component). A {@code @SuppressWarnings} on the component counts either way.
   */
  private static javax.lang.model.element.Element placed(EntityModel entity, ColumnModel c) {
    return entity.isRecord() ? entity.element() : c.element();
  }

  /** The embed-or-reference advice: a warning on each collection that nothing bounds. */
  private void adviseOnCollections(EntityModel entity, ValidationReport report) {
    for (ColumnModel c : entity.columns()) {
      if (c.type() instanceof ColumnType.JsonColumn j && j.inner().isTree()) {
        String tree = j.inner().parts().stream().filter(t -> t instanceof ColumnType.Recursive).map(t -> ((ColumnType.Recursive) t).qualifiedName())
            .map(n -> n.substring(n.lastIndexOf('.') + 1)).findFirst().orElseThrow();
        report.warning(placed(entity, c), c.element(), Messages.TREE_AGGREGATE, c.fieldName(), entity.simpleName(), tree, entity.simpleName(), tree);
      }
    }
    java.util.Set<ColumnModel> references = new java.util.HashSet<>();
    for (io.denorm.processor.model.ReferenceModel ref : entity.references()) {
      references.add(ref.column());
      if (ref.many() && !ref.isSnippet()) {
        String kind = ref.column().type() instanceof io.denorm.processor.model.ColumnType.ListOf ? "List" : "Set";
        String target = ref.targetType().getSimpleName().toString();
        report.warning(placed(entity, ref.column()), ref.column().element(), Messages.REFERENCE_COLLECTION, ref.column().fieldName(), entity.simpleName(), kind, target,
            entity.simpleName(), target);
      }
    }
    for (ColumnModel c : entity.inverseSides()) {
      io.denorm.annotations.References inverse = c.element().getAnnotation(io.denorm.annotations.References.class);
      var other = EntityModelFactory.classValue(c.element(), io.denorm.annotations.References.class, "value");
      if (other != null) {
        String owner = other.getSimpleName().toString();
        report.warning(placed(entity, c), c.element(), Messages.UNBOUNDED_INVERSE, c.fieldName(), entity.simpleName(), owner, inverse.mappedBy(),
            entity.simpleName(), owner, inverse.mappedBy());
      }
    }
    for (ColumnModel c : entity.columns()) {
      if (references.contains(c) || c.isRecent() || !c.type().isCollection() || c.type() instanceof io.denorm.processor.model.ColumnType.MapOf) {
        continue;
      }
      if (io.denorm.processor.model.KeyColumn.elementType(c.type()) instanceof io.denorm.processor.model.ColumnType.Embedded e) {
        String element = e.qualifiedName().substring(e.qualifiedName().lastIndexOf('.') + 1);
        String kind = c.type() instanceof io.denorm.processor.model.ColumnType.ListOf ? "List" : "Set";
        report.warning(placed(entity, c), c.element(), Messages.EMBEDDED_COLLECTION, c.fieldName(), entity.simpleName(), kind, element, entity.simpleName(),
            element, entity.simpleName());
      }
    }
  }

  /**
   * A {@code @Count}: a primitive long outside the key, of an {@code @Entity} whose field {@code by}
   * references this entity, which has a one-column key.
   */
  private void checkCounts(EntityModel entity, ValidationReport report) {
    Map<String, ColumnModel> seen = new HashMap<>();
    for (ColumnModel c : entity.counts()) {
      var of = EntityModelFactory.classValue(c.element(), io.denorm.annotations.Count.class, "of");
      if (of == null) {
        continue; // unresolved class: javac reports it
      }
      String by = c.element().getAnnotation(io.denorm.annotations.Count.class).by();
      String ofName = of.getSimpleName().toString();
      String same = of.getQualifiedName() + "." + by;
      if (seen.containsKey(same)) {
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(), "counts the same " + ofName + " rows as '"
            + seen.get(same).fieldName() + "' (by = \"" + by + "\"); keep one of them");
        continue;
      }
      seen.put(same, c);
      if (c.javaType().getKind() != javax.lang.model.type.TypeKind.LONG) {
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(), "is a " + c.javaType() + "; a count is a long: declare it long");
      } else if (c.isKey() || c.element().getAnnotation(io.denorm.annotations.Version.class) != null) {
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(),
            "is also " + (c.isKey() ? "a key component" : "the @Version") + "; Denorm writes a count on its own: make it a plain field");
      } else if (entity.primaryKey().size() != 1) {
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(), "cannot be kept: " + entity.simpleName() + " has a key of "
            + entity.primaryKey().size() + " columns, and a count is found by one id; count into an entity keyed by one @PartitionKey");
      } else if (of.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(), "counts " + ofName + ", which is not an @Entity; count rows of an @Entity");
      } else {
        checkCountedBy(entity, c, ofName, by, of, report);
      }
    }
  }

  /**
   * A {@code @References} field: a Set or List of the other entity's ids, whose field {@code
   * mappedBy} is a collection referencing this entity, which has a one-column key.
   */
  private void checkInverses(EntityModel entity, ValidationReport report) {
    for (ColumnModel c : entity.inverseSides()) {
      var other = EntityModelFactory.classValue(c.element(), io.denorm.annotations.References.class, "value");
      if (other == null) {
        continue; // unresolved class: javac reports it
      }
      String otherName = other.getSimpleName().toString();
      String mappedBy = c.element().getAnnotation(io.denorm.annotations.References.class).mappedBy();
      if (c.isCount() || c.isKey() || c.element().getAnnotation(io.denorm.annotations.Version.class) != null
          || EntityModelFactory.mirror(c.element(), io.denorm.annotations.Reference.class) != null
          || EntityModelFactory.mirror(c.element(), io.denorm.annotations.Denormalized.class) != null) {
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(),
            "is also a key, a version, a count or a reference; Denorm keeps an inverse side on its own: make it a plain Set or List field");
        continue;
      }
      if (other.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(), "names " + otherName + ", which is not an @Entity");
        continue;
      }
      List<javax.lang.model.element.VariableElement> keys = javax.lang.model.util.ElementFilter.fieldsIn(other.getEnclosedElements()).stream()
          .filter(f -> f.getAnnotation(PartitionKey.class) != null || f.getAnnotation(ClusteringKey.class) != null).map(f -> (javax.lang.model.element.VariableElement) f).toList();
      boolean collection = c.type() instanceof ColumnType.SetOf || c.type() instanceof ColumnType.ListOf;
      String elementType = collection && c.javaType() instanceof javax.lang.model.type.DeclaredType d && d.getTypeArguments().size() == 1
          ? d.getTypeArguments().get(0).toString() : null;
      String keyType = keys.size() == 1 ? boxed(keys.get(0).asType()) : null;
      if (keys.size() != 1) {
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(), "names " + otherName + ", which has a key of " + keys.size()
            + " columns; a many-to-many holds ids of an entity keyed by one @PartitionKey");
      } else if (!collection || !keyType.equals(elementType)) {
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(), "is a " + c.javaType() + "; hold the " + otherName
            + " ids in a Set<" + keyType + "> (or a List<" + keyType + ">)");
      } else if (entity.primaryKey().size() != 1) {
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(), "cannot be kept: " + entity.simpleName() + " has a key of "
            + entity.primaryKey().size() + " columns, and " + otherName + "." + mappedBy + " holds one id per " + entity.simpleName());
      } else {
        checkCountedBy(entity, c, otherName, mappedBy, other, report, Messages.INVERSE, "mappedBy");
      }
    }
  }

  /**
   * A {@code @Recent} list: a List of the child entity, keyed by {@code by} alone as partition key
   * and a descending first clustering key; this entity keyed by one column; a limit of 1 to 100.
   */
  private void checkRecents(EntityModel entity, ValidationReport report) {
    for (ColumnModel c : entity.columns()) {
      if (!c.isRecent()) {
        continue;
      }
      var child = EntityModelFactory.classValue(c.element(), io.denorm.annotations.Recent.class, "of");
      if (child == null) {
        continue; // unresolved class: javac reports it
      }
      String childName = child.getSimpleName().toString();
      io.denorm.annotations.Recent recent = c.element().getAnnotation(io.denorm.annotations.Recent.class);
      String listOf = "java.util.List<" + child.getQualifiedName() + ">";
      List<javax.lang.model.element.VariableElement> fields = javax.lang.model.util.ElementFilter.fieldsIn(child.getEnclosedElements());
      List<javax.lang.model.element.VariableElement> partition = fields.stream().filter(f -> f.getAnnotation(PartitionKey.class) != null).toList();
      javax.lang.model.element.VariableElement firstClustering = fields.stream()
          .filter(f -> f.getAnnotation(ClusteringKey.class) != null && f.getAnnotation(ClusteringKey.class).value() == 0).findFirst().orElse(null);
      if (c.isKey() || c.isCount() || c.isInverse()) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "is also a key, a count or an inverse side: make it a plain List field");
      } else if (child.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "lists " + childName + ", which is not an @Entity");
      } else if (!c.javaType().toString().equals(listOf)) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "is a " + c.javaType() + "; declare it List<" + childName + ">");
      } else if (recent.limit() < 1 || recent.limit() > 100) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "has limit = " + recent.limit()
            + "; the list lives in every " + entity.simpleName() + " row: keep 1 to 100");
      } else if (entity.primaryKey().size() != 1) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "cannot be kept: " + entity.simpleName() + " has a key of "
            + entity.primaryKey().size() + " columns, and a " + childName + " names its parent by one id");
      } else if (partition.stream().filter(f -> f.getAnnotation(io.denorm.annotations.Bucket.class) == null).count() != 1
          || partition.stream().noneMatch(f -> f.getSimpleName().contentEquals(recent.by()) && f.getAnnotation(io.denorm.annotations.Bucket.class) == null)) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "has by = \"" + recent.by() + "\"; " + childName
            + " must be partitioned by that field alone, or by it and a @Bucket (@PartitionKey " + recent.by() + ", holding the " + entity.simpleName()
            + " id), so that a post's comments are read newest first");
      } else if (firstClustering == null || firstClustering.getAnnotation(ClusteringKey.class).order() != io.denorm.annotations.Order.DESC) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "needs " + childName
            + " to have a first clustering key in descending order (the newest first), e.g. @ClusteringKey(order = Order.DESC) long seq");
      } else if (!boxed(byField(partition, recent.by()).asType()).equals(boxed(entity.primaryKey().get(0).javaType()))) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "has by = \"" + recent.by() + "\" of type "
            + byField(partition, recent.by()).asType() + ", but " + entity.simpleName() + " is keyed by " + entity.primaryKey().get(0).javaType());
      }
    }
  }

  private static String boxedName(javax.lang.model.type.TypeMirror t) {
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

  /** A {@code @ParentId}: one per entity, a regular field of the type of the entity's one-column key. */
  private void checkParentId(EntityModel entity, ValidationReport report) {
    List<ColumnModel> parents = entity.annotated(io.denorm.annotations.ParentId.class);
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
  private void checkMaterializedPath(EntityModel entity, ValidationReport report) {
    List<ColumnModel> paths = entity.annotated(io.denorm.annotations.MaterializedPath.class);
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
    } else if (!entity.isRecord() && p.access().writeKind() == io.denorm.processor.model.PropertyAccess.Write.NONE) {
      report.error(placed(entity, p), Messages.MATERIALIZED_PATH, p.fieldName(), entity.simpleName(), "has no setter or writable field for the path a save computes; add a setter");
    }
  }

  /** A {@code @NestedSet}: a table name of its own, on a tree of String ids, ordered by a stored single-value field. */
  private void checkNestedSet(EntityModel entity, ValidationReport report) {
    if (entity.nestedSet().isEmpty()) {
      return;
    }
    io.denorm.processor.model.NestedSetModel ns = entity.nestedSet().get();
    AnnotationMirror at = ns.mirror();
    String n = ns.name();
    String example = "@NestedSet(name = \"catalog_leaves\", order = \"name\") on an entity with @PartitionKey String id, @ParentId String parentId";
    if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME - "_nodes".length()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.NESTED_SET, n,
          "name is not a table name: use letters, digits and '_', starting with a letter, at most " + (MAX_TABLE_NAME - "_nodes".length())
              + " characters (tables " + n + "_nodes and " + n + "_trees go with it)");
      return;
    }
    if (java.util.stream.Stream.of(n, ns.nodesTable(), ns.treesTable()).anyMatch(t -> t.equalsIgnoreCase(entity.table())
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
          || c.type() instanceof ColumnType.Scalar s && s.kind() == io.denorm.processor.model.ScalarKind.BLOB) {
        report.error(entity.element(), at, EntityModelFactory.value(at, "order"), Messages.NESTED_SET, n,
            "order = \"" + ns.orderName() + "\" is a " + c.javaType() + ", which has no order; order siblings by a single comparable value (a String, a number, a time)");
      }
    }
  }

  /** A {@code @CountDistinct}: a valid table name of its own, two different stored single-value fields. */
  private void checkCountDistinct(EntityModel entity, ValidationReport report) {
    if (entity.countDistinct().isEmpty()) {
      return;
    }
    io.denorm.processor.model.DistinctModel d = entity.countDistinct().get();
    AnnotationMirror at = d.mirror();
    String n = d.name();
    if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME - "_members".length()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.COUNT_DISTINCT, n,
          "name is not a table name: use letters, digits and '_', starting with a letter, at most " + (MAX_TABLE_NAME - "_members".length()) + " characters (table " + n + "_members holds the pairs)");
      return;
    }
    if (n.equalsIgnoreCase(entity.table()) || entity.indexes().stream().anyMatch(i -> i.name().equalsIgnoreCase(n) || i.name().equalsIgnoreCase(d.membersTable()))) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.COUNT_DISTINCT, n,
          "name is the name of another table of " + entity.simpleName() + "; give the count a name of its own (unique_visitors)");
      return;
    }
    String example = "@CountDistinct(name = \"unique_visitors\", group = \"site\", distinct = \"userId\")";
    for (String[] f : new String[][] {{"group", d.groupName()}, {"distinct", d.distinctName()}}) {
      ColumnModel c = f[0].equals("group") ? d.group() : d.distinct();
      if (c == null) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.COUNT_DISTINCT, n,
            f[0] + " = \"" + f[1] + "\" is not a stored field of " + entity.simpleName() + " (stored: " + String.join(", ", fieldNames(entity.columns()))
                + "); name one (" + example + ")");
      } else if (!(c.type() instanceof ColumnType.Scalar || c.type() instanceof ColumnType.EnumType)
          || c.type() instanceof ColumnType.Scalar s && (s.kind() == io.denorm.processor.model.ScalarKind.BLOB || s.kind() == io.denorm.processor.model.ScalarKind.DECIMAL)) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.COUNT_DISTINCT, n,
            f[0] + " = \"" + f[1] + "\" is a " + c.javaType() + ", which cannot key the pairs table; count a single value (a String, a number, a UUID, an enum, a time)");
      }
    }
    if (d.group() != null && d.group().equals(d.distinct())) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "distinct"), Messages.COUNT_DISTINCT, n,
          "group and distinct are both '" + d.groupName() + "', so every count would be 1; count another field per " + d.groupName());
    }
  }

  /** A {@code @GeoIndex}: two double fields (latitude, longitude), a precision of 1 to 12, a partition length within it. */
  private void checkGeoIndex(EntityModel entity, IndexModel index, ValidationReport report) {
    io.denorm.processor.model.GeoModel geo = index.geo();
    AnnotationMirror at = geo.mirror();
    String n = index.name();
    String example = "@GeoIndex(name = \"" + n + "\", lat = \"lat\", lon = \"lon\", precision = 6) on an entity with double lat, double lon";
    for (String[] f : new String[][] {{"lat", geo.latName()}, {"lon", geo.lonName()}}) {
      ColumnModel c = f[0].equals("lat") ? geo.lat() : geo.lon();
      if (c == null) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.GEO_INDEX, n,
            f[0] + " = \"" + f[1] + "\" is not a stored field of " + entity.simpleName() + " (stored: " + String.join(", ", fieldNames(entity.columns()))
                + "); name the " + (f[0].equals("lat") ? "latitude" : "longitude") + " field (" + example + ")");
      } else if (!c.javaType().toString().equals("double") && !c.javaType().toString().equals("java.lang.Double")) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.GEO_INDEX, n,
            f[0] + " = \"" + f[1] + "\" is a " + c.javaType() + "; a position is in degrees as double (or Double, null for none)");
      }
    }
    if (geo.precision() < 1 || geo.precision() > io.denorm.geo.GeoHash.MAX_LENGTH) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "precision"), Messages.GEO_INDEX, n,
          "precision = " + geo.precision() + "; a geohash has 1 to 12 characters (6: cells of about 1.2 x 0.6 km, 5: 4.9 x 4.9 km)");
    } else if (geo.partitionLength() < 1 || geo.partitionLength() > geo.precision()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "partitionLength"), Messages.GEO_INDEX, n,
          "partitionLength = " + geo.partitionLength() + "; the partition key is the first 1 to " + geo.precision()
              + " (the precision) characters of the geohash (3, the default: cells of about 156 x 156 km)");
    }
  }

  /** A {@code @Sequence}: one per entity, on a plain long field, with a name and a positive block. */
  private void checkSequence(EntityModel entity, ValidationReport report) {
    List<ColumnModel> sequences = entity.annotated(io.denorm.annotations.Sequence.class);
    for (int i = 1; i < sequences.size(); i++) {
      report.error(placed(entity, sequences.get(i)), Messages.SEQUENCE, sequences.get(i).fieldName(), entity.simpleName(),
          "is the second sequence of the entity (after '" + sequences.get(0).fieldName() + "'); a save assigns one id: remove one");
    }
    if (sequences.isEmpty()) {
      return;
    }
    ColumnModel c = sequences.get(0);
    io.denorm.annotations.Sequence sequence = c.element().getAnnotation(io.denorm.annotations.Sequence.class);
    if (c.javaType().getKind() != javax.lang.model.type.TypeKind.LONG) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "is a " + c.javaType() + "; a sequence assigns long ids (0 meaning \"not assigned yet\"): declare it long");
    } else if (c.isMaintained() || c.element().getAnnotation(io.denorm.annotations.Version.class) != null
        || c.element().getAnnotation(io.denorm.annotations.Bucket.class) != null) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "is also a @Version, @Bucket, @Count or other maintained field, whose value Denorm sets otherwise; put the sequence on a field of its own");
    } else if (sequence.value().isBlank()) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "has no name; name the sequence (@Sequence(\"message_id\")): entities naming the same one share its ids");
    } else if (sequence.block() < 1) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "has block = " + sequence.block() + "; a DAO reserves at least 1 id at a time (100, the default, is one store round trip per 100 saves)");
    } else if (!entity.isRecord() && c.access().writeKind() == io.denorm.processor.model.PropertyAccess.Write.NONE) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "has no setter or writable field, so a save cannot set the id it assigns; add a setter");
    }
  }

  /** A {@code @Bucket}: a long, the last partition key component but not the only one, computed from the first clustering field (a long by count, an Instant by time). */
  private void checkBucket(EntityModel entity, ValidationReport report) {
    List<ColumnModel> buckets = entity.annotated(io.denorm.annotations.Bucket.class);
    for (int i = 1; i < buckets.size(); i++) {
      report.error(placed(entity, buckets.get(i)), Messages.BUCKET, buckets.get(i).fieldName(), entity.simpleName(),
          "is the second bucket of the entity; one bucket splits a partition: remove one");
    }
    if (buckets.isEmpty()) {
      return;
    }
    ColumnModel b = buckets.get(0);
    io.denorm.annotations.Bucket bucket = b.element().getAnnotation(io.denorm.annotations.Bucket.class);
    List<ColumnModel> partition = entity.partitionKey();
    List<ColumnModel> clustering = entity.clusteringKey();
    ColumnModel field = entity.column(bucket.field()).orElse(null);
    boolean byTime = bucket.unit() != java.time.temporal.ChronoUnit.FOREVER;
    String example = byTime ? "@PartitionKey String userId, @PartitionKey(1) @Bucket(field = \"sentAt\", unit = ChronoUnit.DAYS) long day, "
        + "@ClusteringKey(order = Order.DESC) Instant sentAt" : "@PartitionKey String postId, @PartitionKey(1) @Bucket(field = \"seq\", size = 100) long bucket, "
        + "@ClusteringKey(order = Order.DESC) long seq";
    String problem = null;
    if (b.javaType().getKind() != javax.lang.model.type.TypeKind.LONG) {
      problem = "is a " + b.javaType() + "; a bucket number is a long";
    } else if (b.role() != KeyRole.PARTITION || partition.size() < 2 || !partition.get(partition.size() - 1).equals(b)) {
      problem = "must be the last @PartitionKey component after the parent's id (e.g. " + example + ")";
    } else if (byTime && bucket.size() != 0) {
      problem = "has both unit = " + bucket.unit().name() + " and size = " + bucket.size() + "; a bucket is by time (unit) or by count (size): remove one";
    } else if (byTime && !io.denorm.TimeBuckets.UNITS.contains(bucket.unit())) {
      problem = "has unit = " + bucket.unit().name() + "; a time bucket is HOURS, DAYS, MONTHS or YEARS";
    } else if (!byTime && bucket.size() < 2) {
      problem = "has size = " + bucket.size() + "; a bucket holds 2 or more rows (100 is a common choice), or give unit = DAYS (or HOURS, MONTHS, YEARS) for a bucket by time";
    } else if (field == null || field.equals(b)) {
      problem = "has field = \"" + bucket.field() + "\", which is not another stored field of " + entity.simpleName() + "; name the "
          + (byTime ? "Instant" : "long sequence number") + " the bucket is computed from (e.g. " + example + ")";
    } else if (byTime ? !field.javaType().toString().equals("java.time.Instant") : field.javaType().getKind() != javax.lang.model.type.TypeKind.LONG) {
      problem = "is computed from '" + field.fieldName() + "', a " + field.javaType() + "; a bucket " + (byTime ? "by time is computed from an Instant" : "by count is computed from a long sequence number");
    } else if (clustering.isEmpty() || !clustering.get(0).equals(field) || field.order() != io.denorm.annotations.Order.DESC) {
      problem = "is computed from '" + field.fieldName() + "', which must be the first @ClusteringKey, stored newest first, so that buckets and the rows in them "
          + "read in one order: declare @ClusteringKey(order = Order.DESC) on '" + field.fieldName() + "' (e.g. " + example + ")";
    }
    if (problem != null) {
      report.error(placed(entity, b), Messages.BUCKET, b.fieldName(), entity.simpleName(), problem);
    }
  }

  private static javax.lang.model.element.VariableElement byField(List<javax.lang.model.element.VariableElement> partition, String by) {
    return partition.stream().filter(f -> f.getSimpleName().contentEquals(by)).findFirst().orElseThrow();
  }

  private static String boxed(javax.lang.model.type.TypeMirror t) {
    return switch (t.getKind()) {
      case LONG -> "java.lang.Long";
      case INT -> "java.lang.Integer";
      case SHORT -> "java.lang.Short";
      case BYTE -> "java.lang.Byte";
      case BOOLEAN -> "java.lang.Boolean";
      case DOUBLE -> "java.lang.Double";
      case FLOAT -> "java.lang.Float";
      case CHAR -> "java.lang.Character";
      default -> t.toString();
    };
  }

  private void checkCountedBy(EntityModel entity, ColumnModel c, String ofName, String by, javax.lang.model.element.TypeElement of,
      ValidationReport report) {
    checkCountedBy(entity, c, ofName, by, of, report, Messages.COUNT, "by");
  }

  private void checkCountedBy(EntityModel entity, ColumnModel c, String ofName, String by, javax.lang.model.element.TypeElement of,
      ValidationReport report, Messages code, String attribute) {
    javax.lang.model.element.VariableElement field = javax.lang.model.util.ElementFilter.fieldsIn(of.getEnclosedElements()).stream()
        .filter(f -> f.getSimpleName().contentEquals(by) && !f.getModifiers().contains(Modifier.STATIC)).findFirst().orElse(null);
    String fix = "; annotate the field of " + ofName + " holding " + entity.simpleName() + " ids with @Reference(" + entity.simpleName()
        + ".class) (or @Denormalized(source = " + entity.simpleName() + ".class, …)) and name it in " + attribute;
    if (field == null) {
      report.error(c.element(), code, c.fieldName(), entity.simpleName(), "has " + attribute + " = \"" + by + "\", which " + ofName + " does not have" + fix);
      return;
    }
    var target = field.getAnnotation(io.denorm.annotations.Reference.class) != null
        ? EntityModelFactory.classValue(field, io.denorm.annotations.Reference.class, "value")
        : EntityModelFactory.classValue(field, io.denorm.annotations.Denormalized.class, "source");
    boolean here = EntityModelFactory.same(target, entity.element());
    if (!here) {
      report.error(c.element(), code, c.fieldName(), entity.simpleName(), "has " + attribute + " = \"" + by + "\", but " + ofName + "." + by
          + " is not a @Reference or @Denormalized to " + entity.simpleName() + fix);
      return;
    }
    String declared = field.asType().toString();
    if (code == Messages.INVERSE && !(declared.startsWith("java.util.List<") || declared.startsWith("java.util.Set<"))) {
      report.error(c.element(), code, c.fieldName(), entity.simpleName(), "has mappedBy = \"" + by + "\", but " + ofName + "." + by
          + " holds one " + entity.simpleName() + " id, and a many-to-many needs a List or Set of them; make it a collection,"
          + " or drop @References and find the " + ofName + " rows with an @Index on " + by);
      return;
    }
    Entity counted = of.getAnnotation(Entity.class);
    if (counted.writeMode() == io.denorm.annotations.WriteMode.LOGGED_BATCH) {
      String what = code == Messages.COUNT ? "count" : "inverse side";
      report.error(c.element(), code, c.fieldName(), entity.simpleName(), "is kept by " + ofName
          + ", which is saved in logged batches, and the memberships of a " + what + " are compare-and-set writes that cannot join a batch;"
          + " remove writeMode = LOGGED_BATCH from " + ofName + ", or drop the " + what);
    }
  }

  private void checkReferences(EntityModel entity, ValidationReport report) {
    for (io.denorm.processor.model.ReferenceModel ref : entity.references()) {
      ColumnModel c = ref.column();
      String target = ref.targetType().getSimpleName().toString();
      String label = ref.isSnippet() ? "@Denormalized" : "@Reference";
      if (ref.isSnippet() && !checkSnippet(entity, ref, report)) {
        continue;
      }
      if (ref.targetType().getAnnotation(io.denorm.annotations.Entity.class) == null) {
        report.error(c.element(), Messages.REFERENCE_TARGET, label, c.fieldName(), entity.simpleName(), target,
            "is not an @Entity; reference an @Entity class, or embed " + target + " instead");
        continue;
      }
      List<ColumnModel> key = ref.target().get().primaryKey();
      if (key.size() != 1) {
        report.error(c.element(), Messages.REFERENCE_TARGET, label, c.fieldName(), entity.simpleName(), target,
            "has a key of " + key.size() + " columns (" + String.join(", ", fieldNames(key)) + "), and a reference holds one id;"
                + " reference an entity keyed by one @PartitionKey, or hold the whole key in an embedded object");
        continue;
      }
      ColumnModel targetKey = key.get(0);
      if (!ref.field().isEmpty() && ref.elementType().isEmpty()) {
        report.error(c.element(), Messages.REFERENCE_FIELD, label, c.fieldName(), entity.simpleName(),
            "names field = \"" + ref.field() + "\" but is not a List or Set of embedded objects; remove field, or make it a list of objects holding the id");
        continue;
      }
      if (!ref.field().isEmpty() && ref.elementType().get().field(ref.field()).isEmpty()) {
        report.error(c.element(), Messages.REFERENCE_FIELD, label, c.fieldName(), entity.simpleName(),
            "names field = \"" + ref.field() + "\", which its elements do not have (they have "
                + String.join(", ", ref.elementType().get().fields().stream().map(f -> f.name()).toList()) + ")");
        continue;
      }
      io.denorm.processor.model.ColumnType id = ref.idType();
      if (ref.field().isEmpty() && ref.elementType().isPresent()) {
        report.error(c.element(), Messages.REFERENCE_FIELD, label, c.fieldName(), entity.simpleName(),
            "holds embedded objects; name the field of each that holds the " + target + " id: @Reference(value = " + target + ".class, field = \"…\")");
      } else if (id == null || !sameStoredType(id, targetKey.type())) {
        report.error(c.element(), Messages.REFERENCE_FIELD, label, c.fieldName(), entity.simpleName(),
            "holds " + (id == null ? c.javaType().toString() : "ids of type " + id.cql()) + ", but " + target + " is keyed by '"
                + targetKey.fieldName() + "' of type " + targetKey.javaType() + "; hold " + targetKey.javaType() + " ids (one, or a List or Set of them)");
      }
    }
  }

  /**
   * The shape of a {@code @Denormalized} field: a List or Set of embedded objects holding the source
   * id and every copied field, of the source's types. Returns whether the reference checks may follow.
   */
  private boolean checkSnippet(EntityModel entity, io.denorm.processor.model.ReferenceModel ref, ValidationReport report) {
    ColumnModel c = ref.column();
    String source = ref.targetType().getSimpleName().toString();
    if (ref.targetType().getAnnotation(io.denorm.annotations.Entity.class) == null) {
      report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
          "copies from " + source + ", which is not an @Entity; name the @Entity the fields come from in source = …");
      return false;
    }
    if (ref.elementType().isEmpty()) {
      report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
          "is a " + c.javaType() + "; a snippet field is a List or Set of small embedded objects, each holding a " + source
              + " id and the copied fields");
      return false;
    }
    var element = ref.elementType().get();
    String elementName = element.qualifiedName().substring(element.qualifiedName().lastIndexOf('.') + 1);
    if (element.field(ref.field()).isEmpty()) {
      report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
          "has elements (" + elementName + ") with no field '" + ref.field() + "' to hold the " + source
              + " id; add it, or name the element field that holds it with key = \"…\"");
      return false;
    }
    if (ref.snippet().fields().isEmpty()) {
      report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
          "copies no field; list the " + source + " fields to copy in fields = {…}");
      return false;
    }
    EntityModel sourceModel = ref.target().get();
    boolean ok = true;
    for (String f : ref.snippet().fields()) {
      var from = sourceModel.column(f);
      var to = element.field(f);
      if (from.isEmpty()) {
        report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
            "copies '" + f + "', which " + source + " does not store (it has " + String.join(", ", fieldNames(sourceModel.columns())) + ")");
        ok = false;
      } else if (to.isEmpty()) {
        report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
            "copies '" + f + "' from " + source + ", but " + elementName + " has no field '" + f + "'; add " + from.get().javaType() + " " + f
                + " to " + elementName);
        ok = false;
      } else if (!to.get().type().equals(from.get().type())) {
        report.error(c.element(), Messages.SNIPPET, c.fieldName(), entity.simpleName(),
            "copies '" + f + "' of type " + from.get().javaType() + " from " + source + " into a field of type " + to.get().javaType()
                + "; declare " + elementName + "." + f + " as " + from.get().javaType());
        ok = false;
      } else if (from.get().element().getAnnotation(io.denorm.annotations.ChangesOften.class) != null) {
        report.warning(placed(entity, c), c.element(), Messages.SNIPPET_CHURN, c.fieldName(), entity.simpleName(), source, f, entity.simpleName(), source);
      }
    }
    if (ok && !ref.snippet().fanOut()) {
      report.warning(placed(entity, c), c.element(), Messages.NO_FAN_OUT, c.fieldName(), entity.simpleName(), String.join(", ", ref.snippet().fields()),
          source, entity.simpleName(), source);
    }
    return ok;
  }

  private static boolean sameStoredType(io.denorm.processor.model.ColumnType a, io.denorm.processor.model.ColumnType b) {
    if (a instanceof io.denorm.processor.model.ColumnType.Scalar x && b instanceof io.denorm.processor.model.ColumnType.Scalar y) {
      return x.kind() == y.kind();
    }
    return a.equals(b);
  }

  private void checkVersion(EntityModel entity, ValidationReport report) {
    List<ColumnModel> versions = entity.versionColumns();
    for (int i = 1; i < versions.size(); i++) {
      report.error(versions.get(i).element(), Messages.VERSION_TWICE, entity.simpleName(), versions.get(0).fieldName(), versions.get(i).fieldName());
    }
    if (versions.isEmpty()) {
      return;
    }
    ColumnModel version = versions.get(0);
    if (version.javaType().getKind() != javax.lang.model.type.TypeKind.LONG) {
      report.error(version.element(), Messages.VERSION_FIELD, version.fieldName(), entity.simpleName(),
          "is " + version.javaType() + "; declare it as long (0 until the first save)");
    } else if (version.isKey()) {
      report.error(version.element(), Messages.VERSION_FIELD, version.fieldName(), entity.simpleName(),
          "is part of the key, which a save cannot change; make it a regular field");
    } else if (entity.isRecord()) {
      // javac places no diagnostic on a record component: the record itself carries it
      report.error(entity.element(), Messages.VERSION_FIELD, version.fieldName(), entity.simpleName(),
          "is a record component, which a save cannot set to the new version; make " + entity.simpleName() + " a class with a non-final version field (or a setter)");
    } else if (entity.loggedBatch()) {
      report.error(version.element(), Messages.VERSION_FIELD, version.fieldName(), entity.simpleName(),
          "is on an entity written with WriteMode.LOGGED_BATCH, and a compare-and-set cannot join a batch across tables; remove writeMode or @Version");
    }
  }

  private void checkSalt(EntityModel entity, ValidationReport report) {
    io.denorm.processor.model.SaltModel salt = entity.salt();
    if (salt == null) {
      return;
    }
    if (salt.buckets() < 2 || salt.buckets() > 256) {
      report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_BUCKETS, entity.simpleName(), salt.buckets());
    }
    List<ColumnModel> key = entity.primaryKey();
    if (key.isEmpty()) {
      return;
    }
    String example = "\"" + key.get(0).fieldName() + "\"";
    if (salt.on().isEmpty()) {
      report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_FIELDS, entity.simpleName(),
          "on is empty, so nothing picks the bucket", example);
      return;
    }
    List<String> keyNames = fieldNames(key);
    for (int i = 0; i < salt.on().size(); i++) {
      String field = salt.on().get(i);
      if (i >= key.size() || !key.get(i).fieldName().equals(field)) {
        String found = entity.column(field).isEmpty() ? "'" + field + "' is not a stored field of " + entity.simpleName()
            : !keyNames.contains(field) ? "'" + field + "' is not part of the key (" + String.join(", ", keyNames) + ")"
            : "'" + field + "' is at position " + keyNames.indexOf(field) + " of the key (" + String.join(", ", keyNames) + "), not " + i;
        report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_FIELDS, entity.simpleName(), found, example);
        return;
      }
    }
  }

  /** The levels {@code @Consistency(level)} takes, and those below a quorum. */
  private static final java.util.Set<String> LEVELS = java.util.Set.of("ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE",
      "LOCAL_QUORUM", "EACH_QUORUM");
  private static final java.util.Set<String> WEAK_LEVELS = java.util.Set.of("ONE", "TWO", "LOCAL_ONE");

  /** {@code @Consistency}: known level names, a serial level, a timeout that is not negative. */
  private static void checkConsistency(EntityModel entity, ValidationReport report) {
    io.denorm.annotations.Consistency c = entity.element().getAnnotation(io.denorm.annotations.Consistency.class);
    if (c == null) {
      return;
    }
    javax.lang.model.element.AnnotationMirror mirror = entity.element().getAnnotationMirrors().stream()
        .filter(m -> m.getAnnotationType().toString().equals(io.denorm.annotations.Consistency.class.getName())).findFirst().orElse(null);
    if (c.level().equals("ANY")) {
      report.error(entity.element(), mirror, valueOf(mirror, "level"), Messages.CONSISTENCY, entity.simpleName(),
          "level \"ANY\" serves writes only, and every read of the DAO would fail; give LOCAL_QUORUM (the default), QUORUM or EACH_QUORUM");
    } else if (!c.level().isEmpty() && !LEVELS.contains(c.level())) {
      report.error(entity.element(), mirror, valueOf(mirror, "level"), Messages.CONSISTENCY, entity.simpleName(),
          "level \"" + c.level() + "\" is not a Cassandra consistency level; give one of " + new java.util.TreeSet<>(LEVELS)
              + " (LOCAL_QUORUM is the default)");
    } else if (WEAK_LEVELS.contains(c.level())) {
      report.warning(entity.element(), Messages.WEAK_CONSISTENCY, entity.simpleName(), c.level());
    }
    if (!c.serial().isEmpty() && !c.serial().equals("SERIAL") && !c.serial().equals("LOCAL_SERIAL")) {
      report.error(entity.element(), mirror, valueOf(mirror, "serial"), Messages.CONSISTENCY, entity.simpleName(),
          "serial \"" + c.serial() + "\" is not a serial consistency level; give \"SERIAL\" or \"LOCAL_SERIAL\" (the default)");
    }
    if (c.timeoutMillis() < 0) {
      report.error(entity.element(), mirror, valueOf(mirror, "timeoutMillis"), Messages.CONSISTENCY, entity.simpleName(),
          "timeoutMillis is " + c.timeoutMillis() + "; give a positive number of milliseconds, or 0 for the session's timeout");
    }
  }

  private static javax.lang.model.element.AnnotationValue valueOf(javax.lang.model.element.AnnotationMirror mirror, String name) {
    if (mirror == null) {
      return null;
    }
    return mirror.getElementValues().entrySet().stream().filter(e -> e.getKey().getSimpleName().contentEquals(name))
        .map(java.util.Map.Entry::getValue).findFirst().orElse(null);
  }

  /** Key types HBase row keys cannot encode in order (checked only when HBase code is generated). */
  public void validateForHBase(EntityModel entity, ValidationReport report) {
    for (io.denorm.processor.model.TableView table : entity.tables()) {
      for (KeyColumn k : table.primaryKey()) {
        if (k.type() instanceof io.denorm.processor.model.ColumnType.Scalar s && s.kind() == io.denorm.processor.model.ScalarKind.DECIMAL) {
          report.error(k.source().element(), Messages.HBASE_KEY_TYPE, k.fieldName(), k.source().javaType(), table.name());
        }
      }
    }
  }

  private void checkIndexes(EntityModel entity, ValidationReport report) {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (IndexModel index : entity.indexes()) {
      AnnotationMirror at = index.reportMirror();
      String n = index.name();
      if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME) {
        report.error(entity.element(), at, index.reportValue("name"), Messages.INVALID_NAME, "index table", n, MAX_TABLE_NAME);
      }
      if (!names.add(n.toLowerCase(java.util.Locale.ROOT)) || n.equalsIgnoreCase(entity.table())) {
        report.error(entity.element(), at, index.reportValue("name"), Messages.DUPLICATE_TABLE,
            entity.className().canonicalName(), "its @Index", n);
      }
      if (index.geo() != null) {
        checkGeoIndex(entity, index, report);
        continue;
      }
      for (String unknown : index.unknownFields()) {
        report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_FIELD, n,
            "'" + unknown + "' is not a stored field of " + entity.simpleName() + " (stored: " + String.join(", ", fieldNames(entity.columns())) + ")");
      }
      if (!index.unknownFields().isEmpty()) {
        continue;
      }
      int partition = index.partition();
      if (partition < 1 || partition > index.key().size()) {
        report.error(entity.element(), at, index.reportValue("partition"), Messages.INDEX_PARTITION, n, partition, index.key().size(), index.key().size());
      }
      long multi = index.key().stream().filter(KeyColumn::element).map(KeyColumn::source).distinct().count();
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (KeyColumn k : index.key()) {
        ColumnModel c = k.source();
        if (k.path() == null && k.element() && KeyColumn.elementType(c.type()) instanceof ColumnType.Embedded) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_TYPE, n, c.fieldName(), c.javaType(),
              "holds embedded objects; index fields of them, e.g. \"" + c.fieldName() + "." + ((ColumnType.Embedded) KeyColumn.elementType(c.type())).fields().get(0).name() + "\"");
        } else if (!seen.add(k.fieldName())) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_FIELD, n, "'" + c.fieldName() + "' is named twice in the key");
        } else if (c.isKey()) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_FIELD, n,
              "'" + c.fieldName() + "' is part of the primary key of " + entity.table() + ", which every index row carries already; remove it from the key");
        } else if (c.type() instanceof ColumnType.MapOf) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_TYPE, n, c.fieldName(), c.javaType(), "is a map; index a field, or the elements of a List or Set");
        } else if (k.path() == null && !k.type().isSingleValue()) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_TYPE, n, c.fieldName(), c.javaType(),
              k.element() ? "holds collections or attribute values, which cannot key an index; index single values"
                  : "is an embedded object or an attribute value, which cannot key an index; index single values, or the elements of a List or Set");
        } else if (c.type() instanceof ColumnType.Scalar s && s.kind() == io.denorm.processor.model.ScalarKind.BLOB) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_TYPE, n, c.fieldName(), c.javaType(), "is a byte array; binary values cannot key an index");
        } else if (k.element() && index.unique()) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_TYPE, n, c.fieldName(), c.javaType(), "is a collection; a unique index takes single values");
        }
      }
      if (multi > 1) {
        report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_TYPE, n, index.key().stream().filter(KeyColumn::element).skip(1).findFirst().orElseThrow().fieldName(),
            "collection", "is the second collection in the key; an index expands one collection field into rows, declare one index per collection");
      }
      for (ColumnModel c : index.include()) {
        if (c.type().isNested() || c.type() instanceof ColumnType.JsonColumn) {
          report.error(entity.element(), at, index.reportValue("include"), Messages.INDEX_FIELD, n,
              "'" + c.fieldName() + "' holds embedded objects, attribute values or nested collections, which an index row cannot include; include single-valued fields or flat collections");
        } else if (c.isKey() || seen.contains(c.fieldName())) {
          report.error(entity.element(), at, index.reportValue("include"), Messages.INDEX_FIELD, n,
              "'" + c.fieldName() + "' is included but every index row carries it already as a key column; remove it from include");
        }
      }
    }
  }

  private void checkTableName(EntityModel entity, ValidationReport report) {
    String table = entity.table();
    if (!IDENTIFIER.matcher(table).matches() || table.length() > MAX_TABLE_NAME) {
      AnnotationMirror mirror = EntityModelFactory.mirror(entity.element(), Entity.class);
      AnnotationValue value = EntityModelFactory.value(mirror, "table");
      report.error(entity.element(), mirror, value, Messages.INVALID_NAME, "table", table, MAX_TABLE_NAME);
    }
  }

  private void checkPositions(List<ColumnModel> key, String annotation, String part, EntityModel entity, ValidationReport report) {
    Map<Integer, ColumnModel> seen = new HashMap<>();
    for (ColumnModel c : key) {
      ColumnModel first = seen.putIfAbsent(c.position(), c);
      if (first != null) {
        report.error(c.element(), c.keyAnnotation(), positionValue(c), Messages.DUPLICATE_KEY_POSITION,
            annotation, c.position(), first.fieldName(), c.fieldName());
      }
    }
    if (seen.size() != key.size()) {
      return; // duplicates already reported; a gap message would only repeat them
    }
    List<Integer> positions = key.stream().map(ColumnModel::position).toList();
    for (int i = 0; i < key.size(); i++) {
      if (key.get(i).position() != i) {
        ColumnModel c = key.get(i);
        report.error(c.element(), c.keyAnnotation(), positionValue(c), Messages.KEY_POSITION_GAP,
            part.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + part.substring(1), entity.simpleName(), positions, key.size() - 1);
        return;
      }
    }
  }

  private static AnnotationValue positionValue(ColumnModel c) {
    return EntityModelFactory.value(c.keyAnnotation(), "value");
  }

  private void checkColumns(EntityModel entity, ValidationReport report) {
    Map<String, ColumnModel> byName = new HashMap<>();
    String pkg = entity.className().packageName();
    for (ColumnModel c : entity.columns()) {
      if (c.type() instanceof ColumnType.Unmappable u) {
        report.error(c.element(), Messages.UNMAPPABLE_TYPE, c.fieldName(), u.javaType(), u.reason());
      } else if (!(c.type() instanceof ColumnType.JsonColumn) && c.type().isTree()) {
        String tree = c.type().parts().stream().filter(t -> t instanceof ColumnType.Recursive).map(t -> ((ColumnType.Recursive) t).qualifiedName())
            .findFirst().orElseThrow();
        report.error(placed(entity, c), Messages.UNMAPPABLE_TYPE, c.fieldName(), c.javaType(), tree + " contains itself, a tree whose depth no user-defined type or"
            + " column family can follow; store the whole tree as one JSON value with @Column(json = true) (read and written with the row)");
      } else if (c.type() instanceof ColumnType.JsonColumn j && c.isKey()) {
        report.error(c.element(), Messages.JSON_COLUMN, c.fieldName(), "is a key component, which is stored as itself; remove json = true");
      } else if (c.type() instanceof ColumnType.JsonColumn j && j.inner().parts().stream()
          .anyMatch(p -> p instanceof ColumnType.MapOf m && !(m.key() instanceof ColumnType.EnumType
              || m.key() instanceof ColumnType.Scalar s && s.kind() == io.denorm.processor.model.ScalarKind.STRING))) {
        report.error(c.element(), Messages.JSON_COLUMN, c.fieldName(), "holds a map whose keys are not String or an enum, and JSON object keys are text; key it by String");
      } else if (c.isKey() && !c.type().isSingleValue()) {
        report.error(c.element(), Messages.COLLECTION_IN_KEY, c.fieldName(), c.javaType());
      }
      if (!IDENTIFIER.matcher(c.columnName()).matches() || c.columnName().length() > MAX_COLUMN_NAME) {
        AnnotationMirror mirror = EntityModelFactory.mirror(c.element(), Column.class);
        report.error(c.element(), mirror, EntityModelFactory.value(mirror, "name"), Messages.INVALID_NAME, "column", c.columnName(), MAX_COLUMN_NAME);
      }
      ColumnModel clash = byName.putIfAbsent(c.columnName().toLowerCase(java.util.Locale.ROOT), c);
      if (clash != null) {
        report.error(c.element(), Messages.DUPLICATE_COLUMN, clash.fieldName(), c.fieldName(), entity.simpleName(), c.columnName());
      }
      PropertyAccess access = c.access();
      if (!access.readable()) {
        report.error(c.element(), Messages.INACCESSIBLE_PROPERTY, c.fieldName(), entity.simpleName(), "read", pkg,
            "make the field package-private, or add a non-private get" + c.capitalized() + "()");
      }
      if (!access.writable()) {
        String why = c.element().getModifiers().contains(Modifier.FINAL) ? "it is final; remove final, or add" : "make the field package-private, or add";
        report.error(c.element(), Messages.INACCESSIBLE_PROPERTY, c.fieldName(), entity.simpleName(), "written", pkg,
            why + " a non-private set" + c.capitalized() + "(" + c.javaType() + ")");
      }
    }
  }

  private void checkInstantiation(EntityModel entity, ValidationReport report) {
    if (entity.instantiable()) {
      return;
    }
    var element = entity.element();
    String why;
    if (element.getModifiers().contains(Modifier.ABSTRACT)) {
      why = "it is abstract; put @Entity on a concrete class";
    } else if (element.getNestingKind().isNested() && !element.getModifiers().contains(Modifier.STATIC)) {
      why = "it is an inner class; make it static";
    } else {
      why = "it has no non-private constructor without parameters; add one, or make it a record";
    }
    report.error(element, Messages.NOT_INSTANTIABLE, entity.simpleName(), why);
  }

  /** Tables are shared by name across a compilation: two entities must not claim the same one. */
  public static final class TableRegistry {
    private final Map<String, EntityModel> byTable = new HashMap<>();
    private final Map<String, String> byUdt = new HashMap<>();

    public void claim(EntityModel entity, ValidationReport report) {
      for (ColumnModel c : entity.columns()) {
        for (ColumnType.Embedded e : c.type().embeddedTypes()) {
          String other = byUdt.putIfAbsent(e.udtName(), e.qualifiedName());
          if (other != null && !other.equals(e.qualifiedName())) {
            report.error(c.element(), Messages.UDT_NAME, c.fieldName(), e.qualifiedName(), other, e.udtName());
          }
        }
      }
      EntityModel owner = byTable.putIfAbsent(entity.table().toLowerCase(java.util.Locale.ROOT), entity);
      if (owner != null && !owner.className().equals(entity.className())) {
        AnnotationMirror mirror = EntityModelFactory.mirror(entity.element(), Entity.class);
        report.error(entity.element(), mirror, EntityModelFactory.value(mirror, "table"), Messages.DUPLICATE_TABLE,
            owner.className().canonicalName(), entity.className().canonicalName(), entity.table());
      }
      for (IndexModel index : entity.indexes()) {
        EntityModel indexOwner = byTable.putIfAbsent(index.name().toLowerCase(java.util.Locale.ROOT), entity);
        if (indexOwner != null && !indexOwner.className().equals(entity.className())) {
          report.error(entity.element(), index.reportMirror(), index.reportValue("name"), Messages.DUPLICATE_TABLE,
              indexOwner.className().canonicalName(), entity.className().canonicalName() + " (an index)", index.name());
        }
      }
    }
  }

  static List<String> fieldNames(List<ColumnModel> columns) {
    List<String> names = new ArrayList<>();
    columns.forEach(c -> names.add(c.fieldName()));
    return names;
  }
}
