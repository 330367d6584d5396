package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.temporal.ChronoUnit;

/**
 * A partition key component that splits a growing child into buckets, computed from another field
 * of the row, so that no partition grows without bound. Two kinds:
 *
 * <ul>
 *   <li>By count: {@code @Bucket(field = "seq", size = 100)}, the bucket is {@code floorDiv(seq,
 *       100)} of a {@code long} sequence number (a post's comments 0–99 in bucket 0, 100–199 in
 *       bucket 1).
 *   <li>By time: {@code @Bucket(field = "sentAt", unit = DAYS)}, the bucket is the number of whole
 *       {@code unit}s (HOURS, DAYS, MONTHS or YEARS, in UTC) from the epoch to an {@code Instant}
 *       ({@link io.denorm.TimeBuckets#of}): a user's messages by day.
 * </ul>
 *
 * <p>The field is a {@code long} {@code @PartitionKey} other than the first; {@code field} is the
 * first {@code @ClusteringKey}, stored descending for a time bucket. A row whose bucket does not
 * match its field is refused before anything is written. A finder naming every other partition key
 * field ({@code findByUserId}) walks the buckets lazily, newest first, one page at a time; it may
 * also bound {@code field} ({@code findByUserIdAndSentAtBefore}, {@code …Between}) and end in
 * {@code OrderBy<Field>Asc} to walk oldest first. On Cassandra the buckets holding rows are listed
 * per parent in a small table {@code <table>_buckets} (written before the row, never deleted; an
 * emptied bucket costs one empty read), so a walk reads only buckets that were used; on HBase the
 * bucket is descending in the row key and a walk is one scan.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Bucket {
  /** The field the bucket is computed from: a {@code long} sequence number, or an {@code Instant}. */
  String field();

  /** For a bucket by count: how many sequence numbers one bucket holds (0 for a bucket by time). */
  long size() default 0;

  /** For a bucket by time: HOURS, DAYS, MONTHS or YEARS ({@code FOREVER}, the default: a bucket by count). */
  ChronoUnit unit() default ChronoUnit.FOREVER;
}
