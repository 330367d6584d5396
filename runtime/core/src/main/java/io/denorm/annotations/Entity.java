package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class or record as an entity stored in one master table.
 *
 * <p>The primary key is declared with {@link PartitionKey} and {@link ClusteringKey} on fields or
 * record components. Every other non-static, non-{@link Transient} field is a column.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Entity {
  /** The master table's name; defaults to the class name in snake_case. */
  String table() default "";

  /** How the writes of an indexed save or delete are sent; see {@link WriteMode}. */
  WriteMode writeMode() default WriteMode.PARALLEL;

  /** Salting of the HBase row key; see {@link Salt}. No salt by default. */
  Salt salt() default @Salt(buckets = 0);
}
