package io.denorm.processor.model;

import io.denorm.annotations.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The expected size of an entity's tables, from its {@link Estimate} (or the defaults): for each
 * table the rows of one partition and, by Chebotko's formulas, the values (cells) and bytes of one
 * partition. With {@code Nr} rows per partition, {@code Nc} columns of which {@code Npk} are the
 * primary key and {@code Ns} static (Denorm declares none):
 *
 * <pre>
 *   Nv = Nr × (Nc − Npk − Ns) + Ns
 *   St = Σ size(partition key) + Σ size(static) + Nr × (Σ size(regular) + Σ size(clustering)) + 8 × Nv
 * </pre>
 *
 * <p>(8 bytes a value: its write time.) The rows of an index partition are known when the index is
 * unique (one), or when its partition key holds booleans or enums (the rows over the number of
 * values; an inverted index makes one row per element, which this does not count); otherwise they
 * depend on how many distinct values the key takes, which the model does not know, and the partition
 * is not estimated. An index row's values are its included columns and its marker ({@code verified});
 * a unique index row also holds its owner's key and the time it was asserted.
 */
public final class Estimates {

  /** Above this many rows a partition is too large (and above {@link #MAX_PARTITION_BYTES}). */
  public static final long MAX_PARTITION_ROWS = 100_000L;
  public static final long MAX_PARTITION_BYTES = 100L * 1024 * 1024;

  /**
   * One table's partitions.
   *
   * @param rowsPerPartition the rows of one partition, or -1 when unknown
   * @param basis how the rows per partition were found
   */
  public record Table(String table, boolean index, double rowsPerPartition, long valuesPerPartition, long bytesPerPartition,
      String basis) {

    public boolean known() {
      return rowsPerPartition >= 0;
    }

    public boolean tooLarge() {
      return known() && (rowsPerPartition > MAX_PARTITION_ROWS || bytesPerPartition > MAX_PARTITION_BYTES);
    }
  }

  private Estimates() {}

  /** The estimate the entity gives, or null. */
  public static Estimate of(TypeElement type) {
    return type.getAnnotation(Estimate.class);
  }

  public static long rows(TypeElement type) {
    Estimate e = of(type);
    return e != null && e.rows() > 0 ? e.rows() : Estimate.DEFAULT_ROWS;
  }

  public static long rowsPerPartition(EntityModel entity) {
    Estimate e = of(entity.element());
    if (entity.clusteringKey().isEmpty()) {
      return 1;
    }
    return e != null && e.rowsPerPartition() > 0 ? e.rowsPerPartition() : Estimate.DEFAULT_ROWS_PER_PARTITION;
  }

  public static int valueBytes(EntityModel entity) {
    Estimate e = of(entity.element());
    return e != null && e.valueBytes() > 0 ? e.valueBytes() : Estimate.DEFAULT_VALUE_BYTES;
  }

  /** The master table, then each index table. */
  public static List<Table> tables(EntityModel entity) {
    List<Table> out = new ArrayList<>();
    int bytes = valueBytes(entity);
    long nr = rowsPerPartition(entity);
    List<ColumnModel> regular = entity.regularColumns();
    long pk = entity.partitionKey().stream().mapToLong(c -> size(c.type(), bytes)).sum();
    long rowBytes = regular.stream().mapToLong(c -> size(c.type(), bytes)).sum()
        + entity.clusteringKey().stream().mapToLong(c -> size(c.type(), bytes)).sum();
    long nv = nr * regular.size();
    Estimate given = of(entity.element());
    out.add(new Table(entity.table(), false, nr, nv, pk + nr * rowBytes + 8 * nv,
        entity.clusteringKey().isEmpty() ? "one row per partition key" : given != null && given.rowsPerPartition() > 0
            ? "@Estimate(rowsPerPartition = " + given.rowsPerPartition() + ")" : "default: " + Estimate.DEFAULT_ROWS_PER_PARTITION + " rows"));
    long rows = rows(entity.element());
    for (IndexModel index : entity.indexes()) {
      if (index.geo().isPresent()) {
        out.add(new Table(index.name(), true, -1, -1, -1, "depends on how many places a geohash cell holds"));
        continue;
      }
      List<KeyColumn> partition = index.key().subList(0, Math.min(index.partition(), index.key().size()));
      List<KeyColumn> clustering = index.key().subList(Math.min(index.partition(), index.key().size()), index.key().size());
      long clusteringBytes = clustering.stream().mapToLong(k -> size(k, bytes)).sum()
          + entity.primaryKey().stream().filter(c -> index.key().stream().noneMatch(k -> k.source() == c && !k.element() && k.path() == null))
              .mapToLong(c -> size(c.type(), bytes)).sum();
      long included = index.include().stream().mapToLong(c -> size(c.type(), bytes)).sum();
      long partitionBytes = partition.stream().mapToLong(k -> size(k, bytes)).sum();
      double perPartition;
      String basis;
      OptionalLong values = distinctValues(partition);
      if (index.unique() && clustering.isEmpty()) {
        perPartition = 1;
        basis = "unique: one row per key";
      } else if (values.isPresent()) {
        perPartition = (double) rows / values.getAsLong();
        basis = rows + " rows over " + values.getAsLong() + " values of " + names(partition);
      } else {
        out.add(new Table(index.name(), true, -1, -1, -1, "depends on the distinct values of " + names(partition)));
        continue;
      }
      // regular columns: the included ones and the marker; a unique row also its owner's key (counted
      // with the clustering bytes above when not in the index key) and the time it was asserted
      long ownerKey = index.unique() && clustering.isEmpty() ? entity.primaryKey().size() : 0;
      long rowValues = index.include().size() + 1 + ownerKey + (index.unique() ? 1 : 0);
      long markers = 1 + (index.unique() ? 8 : 0);
      long nvIndex = Math.round(perPartition * rowValues);
      out.add(new Table(index.name(), true, perPartition, nvIndex,
          Math.round(partitionBytes + perPartition * (clusteringBytes + included + markers) + 8 * nvIndex), basis));
    }
    return out;
  }

  /** How many values {@code key} can take together when each column is a boolean or an enum; empty otherwise. */
  public static OptionalLong distinctValues(List<KeyColumn> key) {
    long n = 1;
    for (KeyColumn k : key) {
      if (k.derived() != null || k.path() != null) {
        return OptionalLong.empty();
      }
      OptionalLong v = k.element() ? elementValues(k.source().type(), k.source().javaType()) : values(k.source().type(), k.source().javaType());
      if (v.isEmpty()) {
        return OptionalLong.empty();
      }
      n *= v.getAsLong();
    }
    return key.isEmpty() ? OptionalLong.empty() : OptionalLong.of(n);
  }

  private static OptionalLong elementValues(ColumnType type, TypeMirror javaType) {
    if (javaType instanceof DeclaredType d && !d.getTypeArguments().isEmpty()) {
      ColumnType element = type instanceof ColumnType.SetOf s ? s.element() : type instanceof ColumnType.ListOf l ? l.element() : null;
      return element == null ? OptionalLong.empty() : values(element, d.getTypeArguments().get(0));
    }
    return OptionalLong.empty();
  }

  private static OptionalLong values(ColumnType type, TypeMirror javaType) {
    if (type instanceof ColumnType.Scalar s && s.kind() == ScalarKind.BOOLEAN) {
      return OptionalLong.of(2);
    }
    if (type instanceof ColumnType.EnumType && javaType.getKind() == TypeKind.DECLARED) {
      long constants = ((DeclaredType) javaType).asElement().getEnclosedElements().stream()
          .filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT).count();
      return constants == 0 ? OptionalLong.empty() : OptionalLong.of(constants);
    }
    return OptionalLong.empty();
  }

  /** Whether {@code column} only grows as rows are written: a time or a {@code @Sequence}. */
  public static boolean monotonic(ColumnModel column) {
    if (column.features().sequence() != null) {
      return true;
    }
    ColumnType t = column.type() instanceof ColumnType.Converted c ? c.stored() : column.type();
    return t instanceof ColumnType.Scalar s && (s.kind() == ScalarKind.INSTANT || s.kind() == ScalarKind.LOCAL_DATE);
  }

  private static String names(List<KeyColumn> key) {
    return String.join(", ", key.stream().map(KeyColumn::columnName).toList());
  }

  private static long size(KeyColumn k, int valueBytes) {
    if (k.derived() instanceof KeyColumn.GeoPrefix g) {
      return g.length();
    }
    if (k.derived() != null || k.path() != null) {
      return valueBytes;
    }
    if (k.element()) {
      ColumnType t = k.source().type();
      ColumnType element = t instanceof ColumnType.SetOf s ? s.element() : t instanceof ColumnType.ListOf l ? l.element() : null;
      return element == null ? valueBytes : size(element, valueBytes);
    }
    return size(k.source().type(), valueBytes);
  }

  /** The bytes of one value of {@code type}: fixed for numbers and times, {@code valueBytes} for text, blobs and collections. */
  public static long size(ColumnType type, int valueBytes) {
    if (type instanceof ColumnType.Converted c) {
      return size(c.stored(), valueBytes);
    }
    if (type instanceof ColumnType.EnumType) {
      return 8;
    }
    if (!(type instanceof ColumnType.Scalar s)) {
      return valueBytes;
    }
    return switch (s.kind()) {
      case STRING, BLOB -> valueBytes;
      case INT, FLOAT, LOCAL_DATE -> 4;
      case LONG, DOUBLE, INSTANT, LOCAL_TIME -> 8;
      case SHORT -> 2;
      case BYTE, BOOLEAN -> 1;
      case DECIMAL, VARINT, UUID -> 16;
    };
  }
}
