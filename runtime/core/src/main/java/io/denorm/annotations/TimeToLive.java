package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An expiring entity: each save writes its row, and every index row it needs, to expire {@link
 * #seconds()} after the save (0: no default; a DAO instance derived with {@code
 * io.denorm.Attributes.withTtl} gives its saves one, in whole seconds). A save refreshes the expiry
 * of the row and of all its index rows; a read never returns an expired row. The index rows a save
 * writes expire with the row (they are written first, so they can expire up to a second before it:
 * a finder can miss a row in the last second of its life that a read by key still returns); those
 * that index maintenance writes (back-fill, rebuild) get the DAO's lifetime from the moment they
 * are written, can outlive their master, and are then filtered out by reads and repaired.
 *
 * <p>On Cassandra each write carries {@code USING TTL}; on HBase each mutation carries a cell TTL
 * (see docs/hbase.md). What nothing can take back when a row expires is refused at compile time
 * ({@code [denorm:TimeToLive]}): unique indexes, counts and many-to-many memberships, {@code
 * @Recent} lists (of the entity, or held by it), buckets, trees, distinct counts, {@code @Version}, logged batches and snippet
 * copies held by the entity.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TimeToLive {
  /** The default time to live of a saved row, in seconds (at most 20 years, Cassandra's limit); 0: none. */
  int seconds() default 0;
}
