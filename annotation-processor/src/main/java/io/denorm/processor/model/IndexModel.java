package io.denorm.processor.model;

import io.denorm.annotations.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * One {@code @Index} of an entity, as declared. Names that match no stored field are kept in
 * {@code unknownFields} for the validator.
 *
 * @param key the index key fields in order; a collection field is indexed by element
 * @param partition how many leading key fields form the index table's partition key
 * @param counter the {@code @Count} of another entity this index's rows feed, if any
 * @param inverse the {@code @References} field of another entity this index's rows feed, if any
 * @param geo the position a {@code @GeoIndex} is keyed by; empty for an {@code @Index}
 */
public record IndexModel(
    String name,
    List<KeyColumn> key,
    int partition,
    List<ColumnModel> include,
    boolean unique,
    AnnotationMirror mirror,
    boolean repeated,
    List<String> unknownFields,
    Optional<CounterModel> counter,
    Optional<CounterModel> inverse,
    Optional<GeoModel> geo) {

  public IndexModel(String name, List<KeyColumn> key, int partition, List<ColumnModel> include, boolean unique, AnnotationMirror mirror,
      boolean repeated, List<String> unknownFields) {
    this(name, key, partition, include, unique, mirror, repeated, unknownFields, Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** This index with {@code counter} fed by its rows. */
  public IndexModel counting(CounterModel c) {
    return new IndexModel(name, key, partition, include, unique, mirror, repeated, unknownFields, Optional.of(c), inverse, geo);
  }

  /** This index with the inverse side {@code side} fed by its rows. */
  public IndexModel feeding(CounterModel side) {
    return new IndexModel(name, key, partition, include, unique, mirror, repeated, unknownFields, counter, Optional.of(side), geo);
  }

  /** A {@code @GeoIndex}: keyed by the geohash of the entity's position (its cell, then the whole hash). */
  public static IndexModel geo(String name, GeoModel geo, AnnotationMirror mirror, List<String> unknownFields) {
    List<KeyColumn> key = geo.lat() == null ? List.of() : List.of(
        new KeyColumn(geo.lat(), false, Order.ASC, null, new KeyColumn.GeoPrefix(geo, GeoModel.CELL_COLUMN, geo.cellLength())),
        new KeyColumn(geo.lat(), false, Order.ASC, null, new KeyColumn.GeoPrefix(geo, GeoModel.HASH_COLUMN, geo.precision())));
    return new IndexModel(name, key, 1, List.of(), false, mirror, false, unknownFields, Optional.empty(), Optional.empty(), Optional.of(geo));
  }

  /**
   * The index's name in camel case, from which the generated members of its table are named:
   * {@code UsersByEmail} for {@code users_by_email}. Two names that differ only in where their
   * underscores are ({@code by_c}, {@code byC}) give the same one; the entity's validation refuses that.
   */
  public String camelName() {
    return java.util.Arrays.stream(name.split("_")).map(Names::capitalize).collect(java.util.stream.Collectors.joining());
  }

  /** Whether this index's rows are memberships, claimed and released by compare-and-set: it feeds a count or an inverse side. */
  public boolean memberships() {
    return counter.isPresent() || inverse.isPresent();
  }

  /** Whether this index's rows are the memberships of a {@code @Count}: claimed and released by compare-and-set. */
  public boolean counts() {
    return counter.isPresent();
  }

  /**
   * Where to report a problem with this index: on the @Index when it is the entity's only one. javac
   * wraps repeated annotations in a container that has no place in the source, so a problem with one
   * of several @Index annotations is reported on the entity (the message names the index).
   */
  public AnnotationMirror reportMirror() {
    return repeated ? null : mirror;
  }

  public AnnotationValue reportValue(String attribute) {
    return repeated ? null : EntityModelFactory.value(mirror, attribute);
  }

  /** Whether this index is keyed by exactly the element field of {@code ref} that holds the referenced id: its reverse index. */
  public boolean isReverseIndexOf(ReferenceModel ref) {
    return key.size() == 1 && key.get(0).source().equals(ref.column()) && ref.field().equals(key.get(0).path());
  }

  /** Index table columns in value order: index key, master key, included. */
  public List<String> columnNames(EntityModel entity) {
    List<String> names = new ArrayList<>();
    key.forEach(k -> names.add(k.columnName()));
    entity.primaryKey().forEach(c -> names.add(c.columnName()));
    include.forEach(c -> names.add(c.columnName()));
    return names;
  }

  /**
   * Whether this index's rows hold the whole entity, so that a read may return a verified row
   * without its master (a covering index whose rows are trusted once verified; Cassandra): a plain
   * index (not unique, no memberships, no geohash) of an entity without {@code @Version}, logged
   * batches or columns other entities maintain, each of whose columns is a whole key column of the
   * index, a master key column or an included column.
   */
  public boolean covers(EntityModel entity) {
    // An expiring entity's index rows are always checked against their master: a verified mark set
    // after the row was written would not expire with it.
    if (unique || memberships() || geo.isPresent() || entity.versioned() || entity.loggedBatch() || entity.expiring()) {
      return false;
    }
    for (ColumnModel c : entity.tableOrder()) {
      if (c.isMaintained() || positionOf(c, entity) < 0) {
        return false;
      }
    }
    return true;
  }

  /** The position of {@code c}'s whole value among this index table's columns ({@link #columnNames}), or -1. */
  public int positionOf(ColumnModel c, EntityModel entity) {
    for (int i = 0; i < key.size(); i++) {
      KeyColumn k = key.get(i);
      if (k.derived() == null && !k.element() && k.path() == null && k.source().columnName().equals(c.columnName())) {
        return i;
      }
    }
    int master = entity.primaryKey().stream().map(ColumnModel::columnName).toList().indexOf(c.columnName());
    if (master >= 0) {
      return key.size() + master;
    }
    int included = include.stream().map(ColumnModel::columnName).toList().indexOf(c.columnName());
    return included < 0 ? -1 : key.size() + entity.primaryKey().size() + included;
  }

  /** The table this index is stored in, as finders see it. */
  public TableView table(EntityModel entity) {
    int p = Math.max(1, Math.min(partition, key.size()));
    List<KeyColumn> partitionKey = key.subList(0, p);
    List<KeyColumn> clustering = new ArrayList<>(key.subList(p, key.size()));
    if (!unique) {
      for (ColumnModel c : entity.primaryKey()) {
        clustering.add(new KeyColumn(c, false, c.role() == KeyRole.CLUSTERING ? c.order() : Order.ASC));
      }
    }
    return new TableView(name, List.copyOf(partitionKey), List.copyOf(clustering), this);
  }
}
