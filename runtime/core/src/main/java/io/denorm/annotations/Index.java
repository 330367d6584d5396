package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An extra access pattern of an entity, served by an index table that Denorm creates and keeps
 * consistent with the master table on every save and delete.
 *
 * <p>The first {@link #partition()} fields of {@link #key()} form the index table's partition key;
 * the other key fields, then the master table's primary key, form its clustering key. A key field
 * that is a {@code Set} or {@code List} gives one index row per element (an inverted index).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Indexes.class)
public @interface Index {
  /** The index table's name; defaults to {@code <table>_by_<first key field>}. */
  String name() default "";

  /** The fields the index is keyed by, in key order. */
  String[] key();

  /** How many leading key fields form the partition key. */
  int partition() default 1;

  /** Fields copied into the index rows (a covering index). */
  String[] include() default {};

  /** At most one entity per key value; a second one is rejected before anything is written. */
  boolean unique() default false;
}
