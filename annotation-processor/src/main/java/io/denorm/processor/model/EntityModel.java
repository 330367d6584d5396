package io.denorm.processor.model;

import com.palantir.javapoet.ClassName;
import io.denorm.annotations.Bucket;
import io.denorm.annotations.CountDistinct;
import io.denorm.annotations.MaterializedPath;
import io.denorm.annotations.NestedSet;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.Sequence;
import io.denorm.annotations.Version;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.TypeElement;

/**
 * An {@code @Entity} class or record as Denorm sees it: its master table and stored columns.
 *
 * @param components for records, every component in declaration order (stored or not), for the
 *     canonical constructor; empty for classes
 * @param instantiable for classes, whether a non-private no-argument constructor exists
 * @param salt the HBase row key salt, or null when the entity is not salted
 * @param references the {@code @Reference} fields, in declaration order
 * @param nestedSet the entity's {@code @NestedSet}, if any
 * @param countDistinct the entity's {@code @CountDistinct}, if any
 * @param consistency the entity's {@code @Consistency}, or null
 */
public record EntityModel(
    TypeElement element,
    ClassName className,
    String table,
    boolean isRecord,
    boolean instantiable,
    List<ColumnModel> columns,
    List<RecordComponent> components,
    List<IndexModel> indexes,
    boolean loggedBatch,
    SaltModel salt,
    List<ReferenceModel> references,
    Optional<NestedSetModel> nestedSet,
    Optional<DistinctModel> countDistinct,
    ConsistencyModel consistency) {

  /** A record component: stored ones name their column; transient ones get a default on reads. */
  public record RecordComponent(String name, String javaType, boolean stored) {}

  public String simpleName() {
    return className.simpleName();
  }

  public List<ColumnModel> partitionKey() {
    return keyColumns(KeyRole.PARTITION);
  }

  public List<ColumnModel> clusteringKey() {
    return keyColumns(KeyRole.CLUSTERING);
  }

  public List<ColumnModel> primaryKey() {
    return Stream.concat(partitionKey().stream(), clusteringKey().stream()).toList();
  }

  public List<ColumnModel> regularColumns() {
    return columns.stream().filter(c -> c.role() == KeyRole.REGULAR).toList();
  }

  /** Every column in table order: partition key, clustering key, then the rest as declared. */
  public List<ColumnModel> tableOrder() {
    return Stream.concat(primaryKey().stream(), regularColumns().stream()).toList();
  }

  /** The columns a save writes, in table order: every column but the {@code @Count}s. */
  public List<ColumnModel> writtenColumns() {
    return tableOrder().stream().filter(c -> !c.isMaintained()).toList();
  }

  /** The regular columns a save writes. */
  public List<ColumnModel> writtenRegularColumns() {
    return regularColumns().stream().filter(c -> !c.isMaintained()).toList();
  }

  /** The {@code @Count} fields. */
  public List<ColumnModel> counts() {
    return columns.stream().filter(ColumnModel::isCount).toList();
  }

  /** The indexes whose rows feed a {@code @Count} of another entity. */
  public List<IndexModel> countingIndexes() {
    return indexes.stream().filter(IndexModel::counts).toList();
  }

  /** The indexes whose rows are memberships: they feed a count or the inverse side of a many-to-many. */
  public List<IndexModel> membershipIndexes() {
    return indexes.stream().filter(IndexModel::memberships).toList();
  }

  /** The {@code @References} fields: inverse sides of many-to-many relations. */
  public List<ColumnModel> inverseSides() {
    return columns.stream().filter(ColumnModel::isInverse).toList();
  }

  /** The columns that match {@code test}, in declaration order (more than one of a kind may be the validator's error). */
  public List<ColumnModel> columnsWhere(Predicate<ColumnModel> test) {
    return columns.stream().filter(test).toList();
  }

  /** The {@code @ParentId} field, if any: the node's parent in a tree of this entity. */
  public Optional<ColumnModel> parentId() {
    return columnsWhere(c -> c.features().parentId()).stream().findFirst();
  }

  /** The index of the nodes by parent that {@code @ParentId} keeps. */
  public Optional<IndexModel> parentIndex() {
    return parentId().flatMap(p -> indexes.stream()
        .filter(i -> i.geo().isEmpty() && !i.unique() && i.key().size() == 1 && i.key().get(0).source().equals(p) && !i.key().get(0).element()).findFirst());
  }

  /** The {@code @MaterializedPath} field, if any. */
  public Optional<ColumnModel> materializedPath() {
    return columnsWhere(c -> c.features().materializedPath()).stream().findFirst();
  }

  /** The index of the nodes by path that {@code @MaterializedPath} keeps: (root), path, id. */
  public Optional<IndexModel> pathIndex() {
    return indexes.stream().filter(i -> !i.key().isEmpty() && i.key().get(0).derived() instanceof KeyColumn.PathRoot).findFirst();
  }

  /** The {@code @GeoIndex} of the entity, if any. */
  public Optional<IndexModel> geoIndex() {
    return indexes.stream().filter(i -> i.geo().isPresent()).findFirst();
  }

  /** The {@code @Sequence} field, if any: assigned on save when 0. */
  public Optional<ColumnModel> sequence() {
    return columnsWhere(c -> c.features().sequence() != null).stream().findFirst();
  }

  /** The sequence's name and block size; call only when {@link #sequence()} is present. */
  public ColumnFeatures.Sequence sequenceSpec() {
    return sequence().orElseThrow().features().sequence();
  }

  /** Whether {@code findPrevious}/{@code findNext} can be served: the sequence is the last clustering column. */
  public boolean sequenceClusters() {
    List<ColumnModel> clustering = clusteringKey();
    return sequence().isPresent() && !clustering.isEmpty() && clustering.get(clustering.size() - 1).equals(sequence().get());
  }

  /** The {@code @Bucket} partition key component, if any. */
  public Optional<ColumnModel> bucket() {
    return columnsWhere(c -> c.features().bucket() != null).stream().findFirst();
  }

  /** The bucket's field and size or time unit; call only when {@link #bucket()} is present. */
  public ColumnFeatures.Bucket bucketSpec() {
    return bucket().orElseThrow().features().bucket();
  }

  /** Whether the bucket is by time ({@code unit}) rather than by count ({@code size}). */
  public boolean timeBucket() {
    return bucket().isPresent() && bucketSpec().byTime();
  }

  /** The field the bucket is computed from: a sequence number, or a time. */
  public Optional<ColumnModel> bucketSource() {
    return bucket().flatMap(b -> column(bucketSpec().field()));
  }

  /** The table listing each parent's buckets (Cassandra): {@code comments_buckets}. */
  public String bucketTable() {
    return table + "_buckets";
  }

  /** The partition key columns but the bucket, in key order: what names one parent's buckets. */
  public List<ColumnModel> bucketParent() {
    return partitionKey().stream().filter(c -> bucket().map(b -> !b.equals(c)).orElse(true)).toList();
  }

  /**
   * Whether a finder with {@code criteria} walks the buckets: the entity has a {@code @Bucket}, and
   * the criteria bind exactly the other partition key fields, each by equality, and at most one
   * range of the bucket's field (where the walk starts and stops).
   */
  public boolean walksBuckets(List<Criterion> criteria) {
    if (bucket().isEmpty() || bucketSource().isEmpty()) {
      return false;
    }
    Set<String> bound = new HashSet<>();
    int ranges = 0;
    for (Criterion c : criteria) {
      if (c.operator() == Operator.EQ) {
        bound.add(c.property());
      } else if (c.operator().isRange() && c.column().equals(bucketSource().get()) && c.path() == null) {
        ranges++;
      } else {
        return false;
      }
    }
    return ranges <= 1 && bound.size() + ranges == criteria.size()
        && bound.equals(bucketParent().stream().map(ColumnModel::fieldName).collect(Collectors.toSet()));
  }

  /** The range condition a bucket walk puts on the bucket's field, if any. */
  public Optional<Criterion> walkBound(List<Criterion> criteria) {
    return criteria.stream().filter(c -> c.operator() != Operator.EQ).findFirst();
  }

  /**
   * One end of a walk's range of the bucket's field: the method parameter bound to it, and whether
   * it is included.
   */
  public record WalkEnd(int parameter, boolean inclusive) {}

  /** Where a walk stops going down the bucket's field (null: unbounded). */
  public static WalkEnd lowerEnd(Criterion bound) {
    if (bound == null || !bound.operator().boundsFromBelow()) {
      return null;
    }
    return new WalkEnd(bound.firstParameter(), bound.operator() == Operator.GTE || bound.operator() == Operator.BETWEEN);
  }

  /** Where a walk stops going up the bucket's field (null: unbounded). */
  public static WalkEnd upperEnd(Criterion bound) {
    if (bound == null || !bound.operator().boundsFromAbove()) {
      return null;
    }
    int parameter = bound.operator() == Operator.BETWEEN ? bound.firstParameter() + 1 : bound.firstParameter();
    return new WalkEnd(parameter, bound.operator() == Operator.LTE || bound.operator() == Operator.BETWEEN);
  }

  /** The entity's {@code @TimeToLive}, or null when its rows do not expire. */
  public io.denorm.annotations.TimeToLive timeToLive() {
    return element.getAnnotation(io.denorm.annotations.TimeToLive.class);
  }

  /** Whether the entity's rows expire ({@code @TimeToLive}). */
  public boolean expiring() {
    return timeToLive() != null;
  }

  public boolean hasIndexes() {
    return !indexes.isEmpty();
  }

  /**
   * Whether saves of other entities write into this one's rows: it holds snippets that their sources
   * fan out, or owns a many-to-many whose other side links and unlinks it.
   */
  public boolean isWrittenByOthers() {
    return !fannedOutSnippets().isEmpty() || indexes.stream().anyMatch(i -> i.inverse().isPresent());
  }

  /** Every table a finder of this entity can be served by: the master table, then each index. */
  public List<TableView> tables() {
    List<TableView> tables = new ArrayList<>();
    tables.add(TableView.master(this));
    // A geohash index serves findNear/findWithin only, a path index findDescendants only: never a findBy.
    indexes.stream().filter(i -> i.key().stream().allMatch(k -> k.derived() == null)).forEach(i -> tables.add(i.table(this)));
    return tables;
  }

  /** The {@code @Version} column (the first, if several are annotated), or empty. */
  public Optional<ColumnModel> version() {
    return versionColumns().stream().findFirst();
  }

  /** Every column annotated {@code @Version}; more than one is an error the validator reports. */
  public List<ColumnModel> versionColumns() {
    return columnsWhere(c -> c.features().version());
  }

  public boolean versioned() {
    return version().isPresent();
  }

  /** The {@code @Denormalized} fields. */
  public List<ReferenceModel> snippets() {
    return references.stream().filter(ReferenceModel::isSnippet).toList();
  }

  /** The index a snippet field is found by: keyed by the element field holding the source id. */
  public Optional<IndexModel> reverseIndex(ReferenceModel snippet) {
    return indexes.stream().filter(i -> i.isReverseIndexOf(snippet)).findFirst();
  }

  /**
   * The columns a rewrite of this entity's row as a holder may change (fanned-out snippet fields,
   * owning sides of many-to-many), in table order: the only ones it writes.
   */
  public List<ColumnModel> rewrittenColumns() {
    Set<ColumnModel> out = new HashSet<>();
    fannedOutSnippets().forEach(r -> out.add(r.column()));
    indexes().stream().filter(i -> i.inverse().isPresent()).forEach(i -> out.add(i.key().get(0).source()));
    return writtenRegularColumns().stream().filter(out::contains).toList();
  }

  /** The snippet fields that saves of their source fan out to: {@code fanOut} set, and a reverse index to find holders by. */
  public List<ReferenceModel> fannedOutSnippets() {
    return snippets().stream().filter(r -> r.snippet().fanOut() && reverseIndex(r).isPresent()).toList();
  }

  public Optional<ColumnModel> column(String fieldName) {
    return columns.stream().filter(c -> c.fieldName().equals(fieldName)).findFirst();
  }

  private List<ColumnModel> keyColumns(KeyRole role) {
    return columns.stream()
        .filter(c -> c.role() == role)
        .sorted(Comparator.comparingInt(ColumnModel::position))
        .toList();
  }
}
