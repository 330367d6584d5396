package io.denorm.processor.validation;

import static io.denorm.processor.validation.Checks.*;

import io.denorm.TimeBuckets;
import io.denorm.annotations.Bucket;
import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Count;
import io.denorm.annotations.Denormalized;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Recent;
import io.denorm.annotations.Reference;
import io.denorm.annotations.References;
import io.denorm.annotations.Sequence;
import io.denorm.annotations.WriteMode;
import io.denorm.processor.diag.Message;
import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnFeatures;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.ColumnType;
import io.denorm.processor.model.DistinctModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.EntityModelFactory;
import io.denorm.processor.model.KeyRole;
import io.denorm.processor.model.PropertyAccess;
import io.denorm.processor.model.ScalarKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;

/** Checks of the fields other entities keep or that group rows: {@code @Count}, {@code @References}, {@code @Recent}, {@code @CountDistinct}, {@code @Sequence} and {@code @Bucket}. */
final class AggregateChecks {
  private AggregateChecks() {}

  /**
   * A {@code @Count}: a primitive long outside the key, of an {@code @Entity} whose field {@code by}
   * references this entity, which has a one-column key.
   */
  static void checkCounts(EntityModel entity, ValidationReport report) {
    Map<String, ColumnModel> seen = new HashMap<>();
    for (ColumnModel c : entity.counts()) {
      var of = c.features().count().of();
      if (of == null) {
        continue; // unresolved class: javac reports it
      }
      String by = c.features().count().by();
      String ofName = of.getSimpleName().toString();
      String same = of.getQualifiedName() + "." + by;
      if (seen.containsKey(same)) {
        report.error(c.element(), Messages.COUNT_TWICE, c.fieldName(), entity.simpleName(), ofName, seen.get(same).fieldName(), by);
        continue;
      }
      seen.put(same, c);
      if (c.javaType().getKind() != TypeKind.LONG) {
        report.error(c.element(), Messages.COUNT_TYPE, c.fieldName(), entity.simpleName(), c.javaType());
      } else if (c.isKey() || c.features().version()) {
        report.error(c.element(), c.isKey() ? Messages.COUNT_IN_KEY : Messages.COUNT_VERSION, c.fieldName(), entity.simpleName());
      } else if (entity.primaryKey().size() != 1) {
        report.error(c.element(), Messages.COUNT_KEY_SIZE, c.fieldName(), entity.simpleName(), entity.primaryKey().size());
      } else if (of.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.COUNT_NOT_ENTITY, c.fieldName(), entity.simpleName(), ofName);
      } else {
        checkCountedBy(entity, c, ofName, by, of, report, COUNTED_BY);
      }
    }
  }

  /**
   * A {@code @References} field: a Set or List of the other entity's ids, whose field {@code
   * mappedBy} is a collection referencing this entity, which has a one-column key.
   */
  static void checkInverses(EntityModel entity, ValidationReport report) {
    for (ColumnModel c : entity.inverseSides()) {
      var other = c.features().inverse().of();
      if (other == null) {
        continue; // unresolved class: javac reports it
      }
      String otherName = other.getSimpleName().toString();
      String mappedBy = c.features().inverse().mappedBy();
      if (c.isCount() || c.isKey() || c.features().version()
          || EntityModelFactory.mirror(c.element(), Reference.class) != null
          || EntityModelFactory.mirror(c.element(), Denormalized.class) != null) {
        report.error(c.element(), Messages.INVERSE_MAINTAINED, c.fieldName(), entity.simpleName());
        continue;
      }
      if (other.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.INVERSE_NOT_ENTITY, c.fieldName(), entity.simpleName(), otherName);
        continue;
      }
      List<VariableElement> keys = ElementFilter.fieldsIn(other.getEnclosedElements()).stream()
          .filter(f -> f.getAnnotation(PartitionKey.class) != null || f.getAnnotation(ClusteringKey.class) != null).map(f -> (VariableElement) f).toList();
      boolean collection = c.type() instanceof ColumnType.SetOf || c.type() instanceof ColumnType.ListOf;
      String elementType = collection && c.javaType() instanceof DeclaredType d && d.getTypeArguments().size() == 1
          ? d.getTypeArguments().get(0).toString() : null;
      String keyType = keys.size() == 1 ? boxedName(keys.get(0).asType()) : null;
      if (keys.size() != 1) {
        report.error(c.element(), Messages.INVERSE_TARGET_KEY, c.fieldName(), entity.simpleName(), otherName, keys.size());
      } else if (!collection || !keyType.equals(elementType)) {
        report.error(c.element(), Messages.INVERSE_TYPE, c.fieldName(), entity.simpleName(), c.javaType(), otherName, keyType);
      } else if (entity.primaryKey().size() != 1) {
        report.error(c.element(), Messages.INVERSE_KEY_SIZE, c.fieldName(), entity.simpleName(), entity.primaryKey().size(), otherName, mappedBy);
      } else {
        checkCountedBy(entity, c, otherName, mappedBy, other, report, MAPPED_BY);
      }
    }
  }

  /**
   * A {@code @Recent} list: a List of the child entity, keyed by {@code by} alone as partition key
   * and a descending first clustering key; this entity keyed by one column; a limit of 1 to 100.
   */
  static void checkRecents(EntityModel entity, ValidationReport report) {
    for (ColumnModel c : entity.columns()) {
      if (!c.isRecent()) {
        continue;
      }
      var child = c.features().recent().of();
      if (child == null) {
        continue; // unresolved class: javac reports it
      }
      String childName = child.getSimpleName().toString();
      ColumnFeatures.Recent recent = c.features().recent();
      String listOf = "java.util.List<" + child.getQualifiedName() + ">";
      List<VariableElement> fields = ElementFilter.fieldsIn(child.getEnclosedElements());
      List<VariableElement> partition = fields.stream().filter(f -> f.getAnnotation(PartitionKey.class) != null).toList();
      VariableElement firstClustering = fields.stream()
          .filter(f -> f.getAnnotation(ClusteringKey.class) != null && f.getAnnotation(ClusteringKey.class).value() == 0).findFirst().orElse(null);
      if (c.isKey() || c.isCount() || c.isInverse()) {
        report.error(c.element(), Messages.RECENT_MAINTAINED, c.fieldName(), entity.simpleName());
      } else if (child.getAnnotation(io.denorm.annotations.TimeToLive.class) != null) {
        report.error(c.element(), Messages.TTL_RECENT, c.fieldName(), entity.simpleName(), childName);
      } else if (child.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.RECENT_NOT_ENTITY, c.fieldName(), entity.simpleName(), childName);
      } else if (!c.javaType().toString().equals(listOf)) {
        report.error(c.element(), Messages.RECENT_TYPE, c.fieldName(), entity.simpleName(), c.javaType(), childName);
      } else if (recent.limit() < 1 || recent.limit() > 100) {
        report.error(c.element(), Messages.RECENT_LIMIT, c.fieldName(), entity.simpleName(), recent.limit());
      } else if (entity.primaryKey().size() != 1) {
        report.error(c.element(), Messages.RECENT_KEY_SIZE, c.fieldName(), entity.simpleName(), entity.primaryKey().size(), childName);
      } else if (partition.stream().filter(f -> f.getAnnotation(Bucket.class) == null).count() != 1
          || partition.stream().noneMatch(f -> f.getSimpleName().contentEquals(recent.by()) && f.getAnnotation(Bucket.class) == null)) {
        report.error(c.element(), Messages.RECENT_PARTITION, c.fieldName(), entity.simpleName(), recent.by(), childName);
      } else if (firstClustering == null || firstClustering.getAnnotation(ClusteringKey.class).order() != Order.DESC) {
        report.error(c.element(), Messages.RECENT_ORDER, c.fieldName(), entity.simpleName(), childName);
      } else if (!boxedName(byField(partition, recent.by()).asType()).equals(boxedName(entity.primaryKey().get(0).javaType()))) {
        report.error(c.element(), Messages.RECENT_BY_TYPE, c.fieldName(), entity.simpleName(), recent.by(), byField(partition, recent.by()).asType(),
            entity.primaryKey().get(0).javaType());
      }
    }
  }

  /** A {@code @CountDistinct}: a valid table name of its own, two different stored single-value fields. */
  static void checkCountDistinct(EntityModel entity, ValidationReport report) {
    if (entity.countDistinct().isEmpty()) {
      return;
    }
    DistinctModel d = entity.countDistinct().get();
    AnnotationMirror at = d.mirror();
    String n = d.name();
    if (!IDENTIFIER.matcher(n).matches() || n.length() > MAX_TABLE_NAME - "_members".length()) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.COUNT_DISTINCT_NAME, n, MAX_TABLE_NAME - "_members".length());
      return;
    }
    if (n.equalsIgnoreCase(entity.table()) || entity.indexes().stream().anyMatch(i -> i.name().equalsIgnoreCase(n) || i.name().equalsIgnoreCase(d.membersTable()))) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "name"), Messages.COUNT_DISTINCT_NAME_TAKEN, n, entity.simpleName());
      return;
    }
    for (String[] f : new String[][] {{"group", d.groupName()}, {"distinct", d.distinctName()}}) {
      ColumnModel c = f[0].equals("group") ? d.group() : d.distinct();
      if (c == null) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.COUNT_DISTINCT_UNKNOWN_FIELD, n, f[0], f[1], entity.simpleName(),
            String.join(", ", fieldNames(entity.columns())));
      } else if (!(c.type() instanceof ColumnType.Scalar || c.type() instanceof ColumnType.EnumType)
          || c.type() instanceof ColumnType.Scalar s && (s.kind() == ScalarKind.BLOB || s.kind() == ScalarKind.DECIMAL)) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.COUNT_DISTINCT_FIELD_TYPE, n, f[0], f[1], c.javaType());
      }
    }
    if (d.group() != null && d.group().equals(d.distinct())) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "distinct"), Messages.COUNT_DISTINCT_SAME_FIELD, n, d.groupName());
    }
  }

  /** A {@code @Sequence}: one per entity, on a plain long field, with a name and a positive block. */
  static void checkSequence(EntityModel entity, ValidationReport report) {
    List<ColumnModel> sequences = entity.columnsWhere(c -> c.features().sequence() != null);
    for (int i = 1; i < sequences.size(); i++) {
      report.error(placed(entity, sequences.get(i)), Messages.SEQUENCE_TWICE, sequences.get(i).fieldName(), entity.simpleName(), sequences.get(0).fieldName());
    }
    if (sequences.isEmpty()) {
      return;
    }
    ColumnModel c = sequences.get(0);
    ColumnFeatures.Sequence sequence = c.features().sequence();
    if (c.javaType().getKind() != TypeKind.LONG) {
      report.error(placed(entity, c), Messages.SEQUENCE_TYPE, c.fieldName(), entity.simpleName(), c.javaType());
    } else if (c.isMaintained() || c.features().version() || c.features().bucket() != null) {
      report.error(placed(entity, c), Messages.SEQUENCE_MAINTAINED, c.fieldName(), entity.simpleName());
    } else if (sequence.name().isBlank()) {
      report.error(placed(entity, c), Messages.SEQUENCE_NAME, c.fieldName(), entity.simpleName());
    } else if (sequence.block() < 1) {
      report.error(placed(entity, c), Messages.SEQUENCE_BLOCK, c.fieldName(), entity.simpleName(), sequence.block());
    } else if (!entity.isRecord() && c.access().writeKind() == PropertyAccess.Write.NONE) {
      report.error(placed(entity, c), Messages.SEQUENCE_SETTER, c.fieldName(), entity.simpleName());
    }
  }

  /** A {@code @Bucket}: a long, the last partition key component but not the only one, computed from the first clustering field (a long by count, an Instant by time). */
  static void checkBucket(EntityModel entity, ValidationReport report) {
    List<ColumnModel> buckets = entity.columnsWhere(c -> c.features().bucket() != null);
    for (int i = 1; i < buckets.size(); i++) {
      report.error(placed(entity, buckets.get(i)), Messages.BUCKET_TWICE, buckets.get(i).fieldName(), entity.simpleName());
    }
    if (buckets.isEmpty()) {
      return;
    }
    ColumnModel b = buckets.get(0);
    ColumnFeatures.Bucket bucket = b.features().bucket();
    List<ColumnModel> partition = entity.partitionKey();
    List<ColumnModel> clustering = entity.clusteringKey();
    ColumnModel field = entity.column(bucket.field()).orElse(null);
    boolean byTime = bucket.byTime();
    String name = b.fieldName();
    String e = entity.simpleName();
    if (b.javaType().getKind() != TypeKind.LONG) {
      report.error(placed(entity, b), Messages.BUCKET_TYPE, name, e, b.javaType());
    } else if (b.role() != KeyRole.PARTITION || partition.size() < 2 || !partition.get(partition.size() - 1).equals(b)) {
      report.error(placed(entity, b), byTime ? Messages.BUCKET_POSITION_BY_TIME : Messages.BUCKET_POSITION_BY_COUNT, name, e);
    } else if (byTime && bucket.size() != 0) {
      report.error(placed(entity, b), Messages.BUCKET_UNIT_AND_SIZE, name, e, bucket.unit().name(), bucket.size());
    } else if (byTime && !TimeBuckets.UNITS.contains(bucket.unit())) {
      report.error(placed(entity, b), Messages.BUCKET_UNIT, name, e, bucket.unit().name());
    } else if (!byTime && bucket.size() < 2) {
      report.error(placed(entity, b), Messages.BUCKET_SIZE, name, e, bucket.size());
    } else if (field == null || field.equals(b)) {
      report.error(placed(entity, b), byTime ? Messages.BUCKET_FIELD_BY_TIME : Messages.BUCKET_FIELD_BY_COUNT, name, e, bucket.field());
    } else if (byTime ? !field.javaType().toString().equals("java.time.Instant") : field.javaType().getKind() != TypeKind.LONG) {
      report.error(placed(entity, b), byTime ? Messages.BUCKET_SOURCE_BY_TIME : Messages.BUCKET_SOURCE_BY_COUNT, name, e, field.fieldName(), field.javaType());
    } else if (clustering.isEmpty() || !clustering.get(0).equals(field) || field.order() != Order.DESC) {
      report.error(placed(entity, b), byTime ? Messages.BUCKET_ORDER_BY_TIME : Messages.BUCKET_ORDER_BY_COUNT, name, e, field.fieldName());
    }
  }

  static VariableElement byField(List<VariableElement> partition, String by) {
    return partition.stream().filter(f -> f.getSimpleName().contentEquals(by)).findFirst().orElseThrow();
  }

  /**
   * The messages about the field of the other entity that a {@code @Count} ({@code by}) or a
   * {@code @References} ({@code mappedBy}) names; {@code oneId} is null where one id will do.
   */
  record CountedBy(Message missing, Message notReference, Message oneId, Message loggedBatch) {}

  static final CountedBy COUNTED_BY = new CountedBy(Messages.COUNT_BY_MISSING, Messages.COUNT_BY_NOT_REFERENCE, null, Messages.COUNT_LOGGED_BATCH);
  static final CountedBy MAPPED_BY = new CountedBy(Messages.INVERSE_MAPPED_BY_MISSING, Messages.INVERSE_MAPPED_BY_NOT_REFERENCE,
      Messages.INVERSE_MAPPED_BY_ONE_ID, Messages.INVERSE_LOGGED_BATCH);

  static void checkCountedBy(EntityModel entity, ColumnModel c, String ofName, String by, TypeElement of,
      ValidationReport report, CountedBy messages) {
    VariableElement field = ElementFilter.fieldsIn(of.getEnclosedElements()).stream()
        .filter(f -> f.getSimpleName().contentEquals(by) && !f.getModifiers().contains(Modifier.STATIC)).findFirst().orElse(null);
    if (field == null) {
      report.error(c.element(), messages.missing(), c.fieldName(), entity.simpleName(), by, ofName);
      return;
    }
    var target = field.getAnnotation(Reference.class) != null
        ? EntityModelFactory.classValue(field, Reference.class, "value")
        : EntityModelFactory.classValue(field, Denormalized.class, "source");
    boolean here = EntityModelFactory.same(target, entity.element());
    if (!here) {
      report.error(c.element(), messages.notReference(), c.fieldName(), entity.simpleName(), by, ofName);
      return;
    }
    String declared = field.asType().toString();
    if (messages.oneId() != null && !(declared.startsWith("java.util.List<") || declared.startsWith("java.util.Set<"))) {
      report.error(c.element(), messages.oneId(), c.fieldName(), entity.simpleName(), by, ofName);
      return;
    }
    Entity counted = of.getAnnotation(Entity.class);
    if (counted.writeMode() == WriteMode.LOGGED_BATCH) {
      report.error(c.element(), messages.loggedBatch(), c.fieldName(), entity.simpleName(), ofName);
    }
  }
}
