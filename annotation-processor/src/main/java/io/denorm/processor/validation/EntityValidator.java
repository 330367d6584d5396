package io.denorm.processor.validation;

import static io.denorm.processor.validation.AggregateChecks.*;
import static io.denorm.processor.validation.Checks.*;
import static io.denorm.processor.validation.HierarchyChecks.*;
import static io.denorm.processor.validation.ReferenceChecks.*;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Column;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.geo.GeoHash;
import io.denorm.processor.diag.Message;
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
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;

/** Checks that an entity can be stored: its key, its column types and names, and access to them. */
public final class EntityValidator {

  private final ModelingAdvice advice;

  public EntityValidator() {
    this(ModelingAdvice.DEFAULT_MAX_FAN_OUT);
  }

  /** A validator whose advice flags a snippet fanning out to more than {@code maxFanOut} rows per write. */
  public EntityValidator(long maxFanOut) {
    this.advice = new ModelingAdvice(maxFanOut);
  }

  public ValidationReport validate(EntityModel entity) {
    ValidationReport report = new ValidationReport();
    var element = entity.element();
    if (element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.RECORD) {
      report.error(element, Messages.NOT_INSTANTIABLE_KIND, element.getSimpleName(), element.getKind().toString().toLowerCase(Locale.ROOT));
      return report;
    }
    checkTableName(entity, report);
    checkConsistency(entity, report);
    checkTimeToLive(entity, report);
    if (entity.partitionKey().isEmpty()) {
      report.error(element, Messages.NO_PARTITION_KEY, entity.simpleName(), entity.simpleName());
    }
    for (ColumnModel c : entity.columns()) {
      if (c.role() == KeyRole.PARTITION && EntityModelFactory.mirror(c.element(), ClusteringKey.class) != null) {
        report.error(c.element(), Messages.KEY_ON_BOTH_PARTS, c.fieldName());
      }
    }
    checkPositions(entity.partitionKey(), "@PartitionKey", Messages.PARTITION_KEY_POSITION_GAP, entity, report);
    checkPositions(entity.clusteringKey(), "@ClusteringKey", Messages.CLUSTERING_KEY_POSITION_GAP, entity, report);
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
    if (report.isClean()) {
      advice.advise(entity, report);
    }
    return report;
  }

  /** A {@code @GeoIndex}: two double fields (latitude, longitude), a precision of 1 to 12, a partition length within it. */
  private void checkGeoIndex(EntityModel entity, IndexModel index, ValidationReport report) {
    GeoModel geo = index.geo().orElseThrow();
    AnnotationMirror at = geo.mirror();
    String n = index.name();
    for (String[] f : new String[][] {{"lat", geo.latName()}, {"lon", geo.lonName()}}) {
      ColumnModel c = f[0].equals("lat") ? geo.lat() : geo.lon();
      if (c == null) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), f[0].equals("lat") ? Messages.GEO_INDEX_UNKNOWN_LAT : Messages.GEO_INDEX_UNKNOWN_LON,
            n, f[1], entity.simpleName(), String.join(", ", fieldNames(entity.columns())));
      } else if (!c.javaType().toString().equals("double") && !c.javaType().toString().equals("java.lang.Double")) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.GEO_INDEX_TYPE, n, f[0], f[1], c.javaType());
      }
    }
    if (geo.precision() < 1 || geo.precision() > GeoHash.MAX_LENGTH) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "precision"), Messages.GEO_INDEX_PRECISION, n, geo.precision());
    } else if (geo.partitionLength() < 1 || geo.partitionLength() > geo.precision()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "partitionLength"), Messages.GEO_INDEX_PARTITION_LENGTH, n,
          geo.partitionLength(), geo.precision());
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
      report.error(version.element(), Messages.VERSION_TYPE, version.fieldName(), entity.simpleName(), version.javaType());
    } else if (version.isKey()) {
      report.error(version.element(), Messages.VERSION_IN_KEY, version.fieldName(), entity.simpleName());
    } else if (entity.isRecord()) {
      // javac places no diagnostic on a record component: the record itself carries it
      report.error(entity.element(), Messages.VERSION_RECORD, version.fieldName(), entity.simpleName());
    } else if (entity.loggedBatch()) {
      report.error(version.element(), Messages.VERSION_LOGGED_BATCH, version.fieldName(), entity.simpleName());
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
    String example = key.get(0).fieldName();
    if (salt.on().isEmpty()) {
      report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_FIELDS_EMPTY, entity.simpleName(), example);
      return;
    }
    List<String> keyNames = fieldNames(key);
    for (int i = 0; i < salt.on().size(); i++) {
      String field = salt.on().get(i);
      if (i >= key.size() || !key.get(i).fieldName().equals(field)) {
        String keys = String.join(", ", keyNames);
        if (entity.column(field).isEmpty()) {
          report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_FIELDS_UNKNOWN, entity.simpleName(), field, example);
        } else if (!keyNames.contains(field)) {
          report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_FIELDS_NOT_KEY, entity.simpleName(), field, keys, example);
        } else {
          report.error(entity.element(), salt.entityMirror(), salt.value(), Messages.SALT_FIELDS_POSITION, entity.simpleName(), field,
              keyNames.indexOf(field), keys, i, example);
        }
        return;
      }
    }
  }

  /** {@code @Consistency}: known level names, a serial level, a timeout that is not negative. */
  private static void checkConsistency(EntityModel entity, ValidationReport report) {
    ConsistencyModel c = entity.consistency();
    if (c != null) {
      AttributeChecks.check(entity.element(), c.mirror(), entity.simpleName(), new String[] {c.level(), "level", c.serial(), "serial"},
          c.timeoutMillis(), report);
    }
  }

  /** {@code @TimeToLive}: seconds in Cassandra's range, and nothing an expiry cannot take back. */
  private static void checkTimeToLive(EntityModel entity, ValidationReport report) {
    io.denorm.annotations.TimeToLive ttl = entity.timeToLive();
    if (ttl == null) {
      return;
    }
    AnnotationMirror mirror = entity.element().getAnnotationMirrors().stream()
        .filter(a -> a.getAnnotationType().toString().equals(io.denorm.annotations.TimeToLive.class.getName())).findFirst().orElseThrow();
    if (ttl.seconds() < 0 || ttl.seconds() > 630_720_000) {
      report.error(entity.element(), mirror, EntityModelFactory.value(mirror, "seconds"), Messages.TTL_SECONDS, entity.simpleName(), ttl.seconds());
    }
    String unsupported = null;
    if (entity.indexes().stream().anyMatch(IndexModel::unique)) {
      unsupported = "it has a unique index, whose claim would outlive the row or let another row take the value while it lives";
    } else if (!entity.membershipIndexes().isEmpty() || !entity.inverseSides().isEmpty() || !entity.counts().isEmpty()) {
      unsupported = "it takes part in a @Count or a @References many-to-many, whose counts and sides would keep the expired row";
    } else if (entity.columns().stream().anyMatch(ColumnModel::isRecent)) {
      unsupported = "it holds a @Recent list, which its children's saves write without the row's expiry, so the list would keep the expired row alive";
    } else if (entity.bucket().isPresent()) {
      unsupported = "it is kept in @Bucket partitions, whose bucket list would keep the expired rows";
    } else if (entity.parentId().isPresent() || entity.materializedPath().isPresent() || entity.nestedSet().isPresent()) {
      unsupported = "it is a tree, whose other nodes would keep pointing at an expired node";
    } else if (entity.countDistinct().isPresent()) {
      unsupported = "it keeps a @CountDistinct, whose count would keep the expired rows";
    } else if (entity.versioned()) {
      unsupported = "it has a @Version, saved by compare-and-set";
    } else if (entity.loggedBatch()) {
      unsupported = "it is written with WriteMode.LOGGED_BATCH";
    } else if (!entity.snippets().isEmpty()) {
      unsupported = "it holds @Denormalized snippets, whose rewrites by their sources would not carry the row's expiry";
    }
    if (unsupported != null) {
      report.error(entity.element(), mirror, null, Messages.TTL_UNSUPPORTED, entity.simpleName(), unsupported);
    }
  }

  private void checkIndexes(EntityModel entity, ValidationReport report) {
    Set<String> names = new HashSet<>();
    java.util.Map<String, String> camelNames = new java.util.HashMap<>();
    for (IndexModel index : entity.indexes()) {
      AnnotationMirror at = index.reportMirror();
      String n = index.name();
      if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME) {
        report.error(entity.element(), at, index.reportValue("name"), Messages.INVALID_INDEX_NAME, n, MAX_TABLE_NAME);
      }
      if (!names.add(n.toLowerCase(Locale.ROOT)) || n.equalsIgnoreCase(entity.table())) {
        report.error(entity.element(), at, index.reportValue("name"), Messages.DUPLICATE_TABLE_OWN_INDEX, entity.className().canonicalName(), n);
      } else {
        String alike = camelNames.putIfAbsent(index.camelName(), n);
        if (alike != null) {
          report.error(entity.element(), at, index.reportValue("name"), Messages.INDEX_NAMES_ALIKE, entity.simpleName(), alike, n,
              index.camelName());
        }
      }
      if (index.geo().isPresent()) {
        checkGeoIndex(entity, index, report);
        continue;
      }
      for (String unknown : index.unknownFields()) {
        report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_FIELD_UNKNOWN, n, unknown, entity.simpleName(),
            String.join(", ", fieldNames(entity.columns())));
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
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_EMBEDDED, n, c.fieldName(), c.javaType(),
              ((ColumnType.Embedded) KeyColumn.elementType(c.type())).fields().get(0).name());
        } else if (!seen.add(k.fieldName())) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_FIELD_TWICE, n, c.fieldName());
        } else if (c.isKey()) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_FIELD_PRIMARY_KEY, n, c.fieldName(), entity.table());
        } else if (c.type() instanceof ColumnType.MapOf) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_MAP, n, c.fieldName(), c.javaType());
        } else if (k.path() == null && !k.type().isSingleValue()) {
          report.error(entity.element(), at, index.reportValue("key"), k.element() ? Messages.INDEX_KEY_NESTED_ELEMENTS : Messages.INDEX_KEY_NOT_SINGLE,
              n, c.fieldName(), c.javaType());
        } else if (c.type().storedForm() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.BLOB) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_BYTES, n, c.fieldName(), c.javaType());
        } else if (k.element() && index.unique()) {
          report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_UNIQUE_COLLECTION, n, c.fieldName(), c.javaType());
        }
      }
      if (multi > 1) {
        report.error(entity.element(), at, index.reportValue("key"), Messages.INDEX_KEY_SECOND_COLLECTION, n,
            index.key().stream().filter(KeyColumn::element).skip(1).findFirst().orElseThrow().fieldName());
      }
      for (ColumnModel c : index.include()) {
        if (c.type().isNested() || c.type() instanceof ColumnType.JsonColumn) {
          report.error(entity.element(), at, index.reportValue("include"), Messages.INDEX_INCLUDE_NESTED, n, c.fieldName());
        } else if (c.isKey() || seen.contains(c.fieldName())) {
          report.error(entity.element(), at, index.reportValue("include"), Messages.INDEX_INCLUDE_KEY, n, c.fieldName());
        }
      }
    }
  }

  private void checkTableName(EntityModel entity, ValidationReport report) {
    String table = entity.table();
    if (!IDENTIFIER.matcher(table).matches() || table.length() > MAX_TABLE_NAME) {
      AnnotationMirror mirror = EntityModelFactory.mirror(entity.element(), Entity.class);
      AnnotationValue value = EntityModelFactory.value(mirror, "table");
      report.error(entity.element(), mirror, value, Messages.INVALID_TABLE_NAME, table, MAX_TABLE_NAME);
    }
  }

  private void checkPositions(List<ColumnModel> key, String annotation, Messages gap, EntityModel entity, ValidationReport report) {
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
        report.error(c.element(), c.keyAnnotation(), positionValue(c), gap, entity.simpleName(), positions, key.size() - 1);
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
        report.error(c.element(), u.reason(), c.fieldName(), u.javaType(), u.within());
      } else if (!(c.type() instanceof ColumnType.JsonColumn) && c.type().isTree()) {
        String tree = c.type().parts().stream().filter(t -> t instanceof ColumnType.Recursive).map(t -> ((ColumnType.Recursive) t).qualifiedName())
            .findFirst().orElseThrow();
        report.error(placed(entity, c), Messages.UNMAPPABLE_TREE, c.fieldName(), c.javaType(), tree);
      } else if (c.type() instanceof ColumnType.JsonColumn j && c.isKey()) {
        report.error(c.element(), Messages.JSON_COLUMN_KEY, c.fieldName());
      } else if (c.type() instanceof ColumnType.JsonColumn j && j.inner().parts().stream()
          .anyMatch(p -> p instanceof ColumnType.MapOf m && !(m.key() instanceof ColumnType.EnumType
              || m.key() instanceof ColumnType.Scalar s && s.kind() == ScalarKind.STRING))) {
        report.error(c.element(), Messages.JSON_COLUMN_MAP_KEY, c.fieldName());
      } else if (c.isKey() && !c.type().isSingleValue()) {
        report.error(c.element(), Messages.COLLECTION_IN_KEY, c.fieldName(), c.javaType());
      }
      if (!IDENTIFIER.matcher(c.columnName()).matches() || c.columnName().length() > MAX_COLUMN_NAME) {
        AnnotationMirror mirror = EntityModelFactory.mirror(c.element(), Column.class);
        report.error(c.element(), mirror, EntityModelFactory.value(mirror, "name"), Messages.INVALID_COLUMN_NAME, c.columnName(), MAX_COLUMN_NAME);
      }
      ColumnModel clash = byName.putIfAbsent(c.columnName().toLowerCase(Locale.ROOT), c);
      if (clash != null) {
        report.error(c.element(), Messages.DUPLICATE_COLUMN, clash.fieldName(), c.fieldName(), entity.simpleName(), c.columnName());
      }
      PropertyAccess access = c.access();
      if (!access.readable()) {
        report.error(c.element(), Messages.INACCESSIBLE_READ, c.fieldName(), entity.simpleName(), pkg, c.capitalized());
      }
      if (!access.writable()) {
        report.error(c.element(), c.element().getModifiers().contains(Modifier.FINAL) ? Messages.INACCESSIBLE_FINAL : Messages.INACCESSIBLE_WRITE,
            c.fieldName(), entity.simpleName(), pkg, c.capitalized(), c.javaType());
      }
    }
  }

  private void checkInstantiation(EntityModel entity, ValidationReport report) {
    if (entity.instantiable()) {
      return;
    }
    var element = entity.element();
    Message why;
    if (element.getModifiers().contains(Modifier.ABSTRACT)) {
      why = Messages.NOT_INSTANTIABLE_ABSTRACT;
    } else if (element.getNestingKind().isNested() && !element.getModifiers().contains(Modifier.STATIC)) {
      why = Messages.NOT_INSTANTIABLE_INNER;
    } else {
      why = Messages.NOT_INSTANTIABLE_CONSTRUCTOR;
    }
    report.error(element, why, entity.simpleName());
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
          report.error(entity.element(), index.reportMirror(), index.reportValue("name"), Messages.DUPLICATE_TABLE_INDEX,
              indexOwner.className().canonicalName(), entity.className().canonicalName(), index.name());
        }
      }
    }
  }

}
