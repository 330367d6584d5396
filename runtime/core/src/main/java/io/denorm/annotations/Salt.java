package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Spreads an entity's HBase rows over {@link #buckets} key ranges, so that rows written in key
 * order (a time series, sequential ids) do not all land in one region.
 *
 * <p>The row key gets one leading byte: a hash of the encoded {@link #on} fields, modulo {@code
 * buckets}. The master table is pre-split at every bucket. A finder that binds every salted field
 * reads one bucket; one that does not reads every bucket in parallel and merges them in key order,
 * so it returns the same rows in the same order as without salt.
 *
 * <p>Cassandra already hashes partitions over the ring: there the salt changes nothing.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Salt {
  /** How many buckets, 2 to 256; 0 (the default of {@link Entity#salt}) means no salt. */
  int buckets();

  /** The leading fields of the key (partition key, then clustering key) whose values pick the bucket. */
  String[] on() default {};
}
