package io.denorm.processor.validation;

import static io.denorm.processor.validation.AggregateChecks.*;
import static io.denorm.processor.validation.Checks.*;
import static io.denorm.processor.validation.HierarchyChecks.*;
import static io.denorm.processor.validation.ReferenceChecks.*;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Column;
import io.denorm.annotations.Consistency;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.geo.GeoHash;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ConsistencyModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.EntityModelFactory;
import io.denorm.processor.model.GeoModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.KeyRole;
import io.denorm.processor.model.PropertyAccess;
import io.denorm.processor.model.SaltModel;
import io.denorm.processor.model.ScalarKind;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;

/** Checks that an entity can be stored: its key, its column types and names, and access to them. */
public final class EntityValidator {

  public ValidationReport validate(EntityModel entity) {
    ValidationReport report = new ValidationReport();
    var element = entity.element();
    if (element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.RECORD) {
      report.error(element, Messages.NOT_INSTANTIABLE, element.getSimpleName(), "@Entity goes on a class or a record, not on " + element.getKind().toString().toLowerCase(Locale.ROOT));
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

  /** A {@code @GeoIndex}: two double fields (latitude, longitude), a precision of 1 to 12, a partition length within it. */
  private void checkGeoIndex(EntityModel entity, IndexModel index, ValidationReport report) {
    GeoModel geo = index.geo();
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
    if (geo.precision() < 1 || geo.precision() > GeoHash.MAX_LENGTH) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "precision"), Messages.GEO_INDEX, n,
          "precision = " + geo.precision() + "; a geohash has 1 to 12 characters (6: cells of about 1.2 x 0.6 km, 5: 4.9 x 4.9 km)");
    } else if (geo.partitionLength() < 1 || geo.partitionLength() > geo.precision()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "partitionLength"), Messages.GEO_INDEX, n,
          "partitionLength = " + geo.partitionLength() + "; the partition key is the first 1 to " + geo.precision()
              + " (the precision) characters of the geohash (3, the default: cells of about 156 x 156 km)");
    }
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
    if (version.javaType().getKind() != TypeKind.LONG) {
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
    SaltModel salt = entity.salt();
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
  private static final Set<String> LEVELS = Set.of("ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE",
      "LOCAL_QUORUM", "EACH_QUORUM");
  private static final Set<String> WEAK_LEVELS = Set.of("ONE", "TWO", "LOCAL_ONE");

  /** {@code @Consistency}: known level names, a serial level, a timeout that is not negative. */
  private static void checkConsistency(EntityModel entity, ValidationReport report) {
    ConsistencyModel c = entity.consistency();
    if (c == null) {
      return;
    }
    AnnotationMirror mirror = c.mirror();
    if (c.level().equals("ANY")) {
      report.error(entity.element(), mirror, valueOf(mirror, "level"), Messages.CONSISTENCY, entity.simpleName(),
          "level \"ANY\" serves writes only, and every read of the DAO would fail; give LOCAL_QUORUM (the default), QUORUM or EACH_QUORUM");
    } else if (!c.level().isEmpty() && !LEVELS.contains(c.level())) {
      report.error(entity.element(), mirror, valueOf(mirror, "level"), Messages.CONSISTENCY, entity.simpleName(),
          "level \"" + c.level() + "\" is not a Cassandra consistency level; give one of " + new TreeSet<>(LEVELS)
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

  private static AnnotationValue valueOf(AnnotationMirror mirror, String name) {
    if (mirror == null) {
      return null;
    }
    return mirror.getElementValues().entrySet().stream().filter(e -> e.getKey().getSimpleName().contentEquals(name))
        .map(Map.Entry::getValue).findFirst().orElse(null);
  }

  private void checkIndexes(EntityModel entity, ValidationReport report) {
    Set<String> names = new HashSet<>();
    for (IndexModel index : entity.indexes()) {
      AnnotationMirror at = index.reportMirror();
      String n = index.name();
      if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME) {
        report.error(entity.element(), at, index.reportValue("name"), Messages.INVALID_NAME, "index table", n, MAX_TABLE_NAME);
      }
      if (!names.add(n.toLowerCase(Locale.ROOT)) || n.equalsIgnoreCase(entity.table())) {
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
      Set<String> seen = new HashSet<>();
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
        } else if (c.type() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.BLOB) {
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
            part.substring(0, 1).toUpperCase(Locale.ROOT) + part.substring(1), entity.simpleName(), positions, key.size() - 1);
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
              || m.key() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.STRING))) {
        report.error(c.element(), Messages.JSON_COLUMN, c.fieldName(), "holds a map whose keys are not String or an enum, and JSON object keys are text; key it by String");
      } else if (c.isKey() && !c.type().isSingleValue()) {
        report.error(c.element(), Messages.COLLECTION_IN_KEY, c.fieldName(), c.javaType());
      }
      if (!IDENTIFIER.matcher(c.columnName()).matches() || c.columnName().length() > MAX_COLUMN_NAME) {
        AnnotationMirror mirror = EntityModelFactory.mirror(c.element(), Column.class);
        report.error(c.element(), mirror, EntityModelFactory.value(mirror, "name"), Messages.INVALID_NAME, "column", c.columnName(), MAX_COLUMN_NAME);
      }
      ColumnModel clash = byName.putIfAbsent(c.columnName().toLowerCase(Locale.ROOT), c);
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
      EntityModel owner = byTable.putIfAbsent(entity.table().toLowerCase(Locale.ROOT), entity);
      if (owner != null && !owner.className().equals(entity.className())) {
        AnnotationMirror mirror = EntityModelFactory.mirror(entity.element(), Entity.class);
        report.error(entity.element(), mirror, EntityModelFactory.value(mirror, "table"), Messages.DUPLICATE_TABLE,
            owner.className().canonicalName(), entity.className().canonicalName(), entity.table());
      }
      for (IndexModel index : entity.indexes()) {
        EntityModel indexOwner = byTable.putIfAbsent(index.name().toLowerCase(Locale.ROOT), entity);
        if (indexOwner != null && !indexOwner.className().equals(entity.className())) {
          report.error(entity.element(), index.reportMirror(), index.reportValue("name"), Messages.DUPLICATE_TABLE,
              indexOwner.className().canonicalName(), entity.className().canonicalName() + " (an index)", index.name());
        }
      }
    }
  }

}
