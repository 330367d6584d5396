package io.denorm.processor.model;

import java.time.temporal.ChronoUnit;
import javax.lang.model.element.TypeElement;

/**
 * The feature annotations of one stored field, read once when the entity is modelled. A part is
 * null (or false) when the field does not carry its annotation.
 *
 * @param count {@code @Count}: the number of rows of another entity that point at this row
 * @param inverse {@code @References}: the inverse side of a many-to-many
 * @param recent {@code @Recent}: the newest rows of a child entity, embedded
 * @param sequence {@code @Sequence}: an id assigned from a named sequence on save when 0
 * @param bucket {@code @Bucket}: the partition key component computed from another field
 * @param parentId {@code @ParentId}: the node's parent in a tree of the entity
 * @param materializedPath {@code @MaterializedPath}: the node's path from the root
 * @param version {@code @Version}: the number a compare-and-set save checks and moves
 */
public record ColumnFeatures(
    Counted count,
    Inverse inverse,
    Recent recent,
    Sequence sequence,
    Bucket bucket,
    boolean parentId,
    boolean materializedPath,
    boolean version) {

  /** What a plain column carries: none of them. */
  public static final ColumnFeatures NONE = new ColumnFeatures(null, null, null, null, null, false, false, false);

  /** {@code @Count(of, by)}; {@code of} is null when the class does not resolve (javac reports it). */
  public record Counted(TypeElement of, String by) {}

  /** {@code @References(value, mappedBy)}; {@code of} is null when the class does not resolve. */
  public record Inverse(TypeElement of, String mappedBy) {}

  /** {@code @Recent(of, by, limit)}; {@code of} is null when the class does not resolve. */
  public record Recent(TypeElement of, String by, int limit) {}

  /** {@code @Sequence(value, block)}: the sequence's name and how many ids a DAO takes at once. */
  public record Sequence(String name, int block) {}

  /** {@code @Bucket(field, size, unit)}: a bucket of {@code size} rows, or of one {@code unit} of time. */
  public record Bucket(String field, long size, ChronoUnit unit) {

    /** Whether the bucket is by time ({@code unit}) rather than by count ({@code size}). */
    public boolean byTime() {
      return unit != ChronoUnit.FOREVER;
    }
  }
}
