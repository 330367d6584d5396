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
import io.denorm.annotations.Version;
import io.denorm.annotations.WriteMode;
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
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(), "counts the same " + ofName + " rows as '"
            + seen.get(same).fieldName() + "' (by = \"" + by + "\"); keep one of them");
        continue;
      }
      seen.put(same, c);
      if (c.javaType().getKind() != TypeKind.LONG) {
        report.error(c.element(), Messages.COUNT, c.fieldName(), entity.simpleName(), "is a " + c.javaType() + "; a count is a long: declare it long");
      } else if (c.isKey() || c.features().version()) {
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
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(),
            "is also a key, a version, a count or a reference; Denorm keeps an inverse side on its own: make it a plain Set or List field");
        continue;
      }
      if (other.getAnnotation(Entity.class) == null) {
        report.error(c.element(), Messages.INVERSE, c.fieldName(), entity.simpleName(), "names " + otherName + ", which is not an @Entity");
        continue;
      }
      List<VariableElement> keys = ElementFilter.fieldsIn(other.getEnclosedElements()).stream()
          .filter(f -> f.getAnnotation(PartitionKey.class) != null || f.getAnnotation(ClusteringKey.class) != null).map(f -> (VariableElement) f).toList();
      boolean collection = c.type() instanceof ColumnType.SetOf || c.type() instanceof ColumnType.ListOf;
      String elementType = collection && c.javaType() instanceof DeclaredType d && d.getTypeArguments().size() == 1
          ? d.getTypeArguments().get(0).toString() : null;
      String keyType = keys.size() == 1 ? boxedName(keys.get(0).asType()) : null;
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
      } else if (partition.stream().filter(f -> f.getAnnotation(Bucket.class) == null).count() != 1
          || partition.stream().noneMatch(f -> f.getSimpleName().contentEquals(recent.by()) && f.getAnnotation(Bucket.class) == null)) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "has by = \"" + recent.by() + "\"; " + childName
            + " must be partitioned by that field alone, or by it and a @Bucket (@PartitionKey " + recent.by() + ", holding the " + entity.simpleName()
            + " id), so that a post's comments are read newest first");
      } else if (firstClustering == null || firstClustering.getAnnotation(ClusteringKey.class).order() != Order.DESC) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "needs " + childName
            + " to have a first clustering key in descending order (the newest first), e.g. @ClusteringKey(order = Order.DESC) long seq");
      } else if (!boxedName(byField(partition, recent.by()).asType()).equals(boxedName(entity.primaryKey().get(0).javaType()))) {
        report.error(c.element(), Messages.RECENT, c.fieldName(), entity.simpleName(), "has by = \"" + recent.by() + "\" of type "
            + byField(partition, recent.by()).asType() + ", but " + entity.simpleName() + " is keyed by " + entity.primaryKey().get(0).javaType());
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
          || c.type() instanceof ColumnType.Scalar s && (s.kind() == ScalarKind.BLOB || s.kind() == ScalarKind.DECIMAL)) {
        report.error(entity.element(), at, EntityModelFactory.value(at, f[0]), Messages.COUNT_DISTINCT, n,
            f[0] + " = \"" + f[1] + "\" is a " + c.javaType() + ", which cannot key the pairs table; count a single value (a String, a number, a UUID, an enum, a time)");
      }
    }
    if (d.group() != null && d.group().equals(d.distinct())) {
      report.error(entity.element(), at, EntityModelFactory.value(at, "distinct"), Messages.COUNT_DISTINCT, n,
          "group and distinct are both '" + d.groupName() + "', so every count would be 1; count another field per " + d.groupName());
    }
  }

  /** A {@code @Sequence}: one per entity, on a plain long field, with a name and a positive block. */
  static void checkSequence(EntityModel entity, ValidationReport report) {
    List<ColumnModel> sequences = entity.columnsWhere(c -> c.features().sequence() != null);
    for (int i = 1; i < sequences.size(); i++) {
      report.error(placed(entity, sequences.get(i)), Messages.SEQUENCE, sequences.get(i).fieldName(), entity.simpleName(),
          "is the second sequence of the entity (after '" + sequences.get(0).fieldName() + "'); a save assigns one id: remove one");
    }
    if (sequences.isEmpty()) {
      return;
    }
    ColumnModel c = sequences.get(0);
    ColumnFeatures.Sequence sequence = c.features().sequence();
    if (c.javaType().getKind() != TypeKind.LONG) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "is a " + c.javaType() + "; a sequence assigns long ids (0 meaning \"not assigned yet\"): declare it long");
    } else if (c.isMaintained() || c.features().version() || c.features().bucket() != null) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "is also a @Version, @Bucket, @Count or other maintained field, whose value Denorm sets otherwise; put the sequence on a field of its own");
    } else if (sequence.name().isBlank()) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "has no name; name the sequence (@Sequence(\"message_id\")): entities naming the same one share its ids");
    } else if (sequence.block() < 1) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "has block = " + sequence.block() + "; a DAO reserves at least 1 id at a time (100, the default, is one store round trip per 100 saves)");
    } else if (!entity.isRecord() && c.access().writeKind() == PropertyAccess.Write.NONE) {
      report.error(placed(entity, c), Messages.SEQUENCE, c.fieldName(), entity.simpleName(),
          "has no setter or writable field, so a save cannot set the id it assigns; add a setter");
    }
  }

  /** A {@code @Bucket}: a long, the last partition key component but not the only one, computed from the first clustering field (a long by count, an Instant by time). */
  static void checkBucket(EntityModel entity, ValidationReport report) {
    List<ColumnModel> buckets = entity.columnsWhere(c -> c.features().bucket() != null);
    for (int i = 1; i < buckets.size(); i++) {
      report.error(placed(entity, buckets.get(i)), Messages.BUCKET, buckets.get(i).fieldName(), entity.simpleName(),
          "is the second bucket of the entity; one bucket splits a partition: remove one");
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
    String example = byTime ? "@PartitionKey String userId, @PartitionKey(1) @Bucket(field = \"sentAt\", unit = ChronoUnit.DAYS) long day, "
        + "@ClusteringKey(order = Order.DESC) Instant sentAt" : "@PartitionKey String postId, @PartitionKey(1) @Bucket(field = \"seq\", size = 100) long bucket, "
        + "@ClusteringKey(order = Order.DESC) long seq";
    String problem = null;
    if (b.javaType().getKind() != TypeKind.LONG) {
      problem = "is a " + b.javaType() + "; a bucket number is a long";
    } else if (b.role() != KeyRole.PARTITION || partition.size() < 2 || !partition.get(partition.size() - 1).equals(b)) {
      problem = "must be the last @PartitionKey component after the parent's id (e.g. " + example + ")";
    } else if (byTime && bucket.size() != 0) {
      problem = "has both unit = " + bucket.unit().name() + " and size = " + bucket.size() + "; a bucket is by time (unit) or by count (size): remove one";
    } else if (byTime && !TimeBuckets.UNITS.contains(bucket.unit())) {
      problem = "has unit = " + bucket.unit().name() + "; a time bucket is HOURS, DAYS, MONTHS or YEARS";
    } else if (!byTime && bucket.size() < 2) {
      problem = "has size = " + bucket.size() + "; a bucket holds 2 or more rows (100 is a common choice), or give unit = DAYS (or HOURS, MONTHS, YEARS) for a bucket by time";
    } else if (field == null || field.equals(b)) {
      problem = "has field = \"" + bucket.field() + "\", which is not another stored field of " + entity.simpleName() + "; name the "
          + (byTime ? "Instant" : "long sequence number") + " the bucket is computed from (e.g. " + example + ")";
    } else if (byTime ? !field.javaType().toString().equals("java.time.Instant") : field.javaType().getKind() != TypeKind.LONG) {
      problem = "is computed from '" + field.fieldName() + "', a " + field.javaType() + "; a bucket " + (byTime ? "by time is computed from an Instant" : "by count is computed from a long sequence number");
    } else if (clustering.isEmpty() || !clustering.get(0).equals(field) || field.order() != Order.DESC) {
      problem = "is computed from '" + field.fieldName() + "', which must be the first @ClusteringKey, stored newest first, so that buckets and the rows in them "
          + "read in one order: declare @ClusteringKey(order = Order.DESC) on '" + field.fieldName() + "' (e.g. " + example + ")";
    }
    if (problem != null) {
      report.error(placed(entity, b), Messages.BUCKET, b.fieldName(), entity.simpleName(), problem);
    }
  }

  static VariableElement byField(List<VariableElement> partition, String by) {
    return partition.stream().filter(f -> f.getSimpleName().contentEquals(by)).findFirst().orElseThrow();
  }

  static void checkCountedBy(EntityModel entity, ColumnModel c, String ofName, String by, TypeElement of,
      ValidationReport report) {
    checkCountedBy(entity, c, ofName, by, of, report, Messages.COUNT, "by");
  }

  static void checkCountedBy(EntityModel entity, ColumnModel c, String ofName, String by, TypeElement of,
      ValidationReport report, Messages code, String attribute) {
    VariableElement field = ElementFilter.fieldsIn(of.getEnclosedElements()).stream()
        .filter(f -> f.getSimpleName().contentEquals(by) && !f.getModifiers().contains(Modifier.STATIC)).findFirst().orElse(null);
    String fix = "; annotate the field of " + ofName + " holding " + entity.simpleName() + " ids with @Reference(" + entity.simpleName()
        + ".class) (or @Denormalized(source = " + entity.simpleName() + ".class, …)) and name it in " + attribute;
    if (field == null) {
      report.error(c.element(), code, c.fieldName(), entity.simpleName(), "has " + attribute + " = \"" + by + "\", which " + ofName + " does not have" + fix);
      return;
    }
    var target = field.getAnnotation(Reference.class) != null
        ? EntityModelFactory.classValue(field, Reference.class, "value")
        : EntityModelFactory.classValue(field, Denormalized.class, "source");
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
    if (counted.writeMode() == WriteMode.LOGGED_BATCH) {
      String what = code == Messages.COUNT ? "count" : "inverse side";
      report.error(c.element(), code, c.fieldName(), entity.simpleName(), "is kept by " + ofName
          + ", which is saved in logged batches, and the memberships of a " + what + " are compare-and-set writes that cannot join a batch;"
          + " remove writeMode = LOGGED_BATCH from " + ofName + ", or drop the " + what);
    }
  }
}
