package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How big an entity's data is expected to grow, for the modeling advice of the processor and the
 * model report: the size of each table's partitions (values and bytes, by Chebotko's formula), the
 * rows a snippet change rewrites, the rows an index value gathers. Nothing at run time depends on it.
 *
 * <pre>{@code
 * @Entity(table = "messages")
 * @Estimate(rows = 2_000_000_000L, rowsPerPartition = 5_000, valueBytes = 120)
 * public record Message(@PartitionKey String userId, @ClusteringKey long id, String body) {}
 * }</pre>
 *
 * <p>Without it (or for a value left 0) the estimates take {@value #DEFAULT_ROWS} rows, one row per
 * partition for an entity without a clustering key and {@value #DEFAULT_ROWS_PER_PARTITION} with one,
 * and a size per value from each column's type (text and blobs {@value #DEFAULT_VALUE_BYTES} bytes).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Estimate {
  long DEFAULT_ROWS = 1_000_000L;
  long DEFAULT_ROWS_PER_PARTITION = 100L;
  int DEFAULT_VALUE_BYTES = 32;

  /** How many rows (entities) the master table holds. */
  long rows() default 0;

  /** How many rows share one partition of the master table (those of one partition key value). */
  long rowsPerPartition() default 0;

  /** The average size in bytes of one value of a text, blob or collection column. */
  int valueBytes() default 0;
}
