package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component of the clustering key: it orders the rows inside a partition. Finders bind a prefix of
 * the clustering components, then at most one range on the next one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface ClusteringKey {
  /** Position of this component in the clustering key, from 0. */
  int value() default 0;

  /** The order rows are stored and read in. */
  Order order() default Order.ASC;
}
