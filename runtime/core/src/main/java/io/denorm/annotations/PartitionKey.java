package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component of the partition key. A composite partition key numbers its components from 0 with
 * {@link #value()}; every row of one partition shares all of them.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface PartitionKey {
  /** Position of this component in the partition key, from 0. */
  int value() default 0;
}
