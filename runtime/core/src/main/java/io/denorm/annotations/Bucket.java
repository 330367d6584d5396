package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A partition key component that splits a growing child into buckets of a fixed size: its value
 * is {@code floorDiv(of, size)} of the sequence number {@link #of()} (a post's comments 0–99 in
 * bucket 0, 100–199 in bucket 1), so that no partition holds more than {@code size} rows.
 *
 * <p>The field is a {@code long} {@code @PartitionKey} other than the first; a row whose bucket is
 * not {@code floorDiv(of, size)} is refused before anything is written. A finder naming every other
 * partition key field ({@code findByPostId}) walks the buckets newest first, one page at a time:
 * on Cassandra through a small table {@code <table>_buckets} listing each parent's buckets
 * (written before the row, never deleted; an emptied bucket costs one empty read), on HBase as one
 * prefix scan (the bucket is stored descending in the row key).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Bucket {
  /** The {@code long} sequence number field the bucket is computed from. */
  String of();

  /** How many sequence numbers one bucket holds. */
  long size();
}
