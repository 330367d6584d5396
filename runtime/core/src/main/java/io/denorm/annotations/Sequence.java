package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An enumerable key: a {@code long} field whose value a save assigns from a store-backed sequence
 * when it is 0 (a value already set is kept). The ids of one sequence are unique across threads,
 * DAO instances and processes, and increase in the order they are handed out by one DAO; they are
 * not gap-free (a DAO takes {@link #block()} ids at a time, and the ids of a block a process never
 * used are lost).
 *
 * <p>Cassandra allocates a block by a lightweight transaction on table {@code denorm_sequences}
 * ({@code UPDATE … SET next_value = ? IF next_value = ?}); HBase by one {@code Increment} of the
 * sequence's row in table {@code denorm_sequences}. A save that assigns an id returns the entity
 * with it when the save method is declared to return the entity type; a class with a setter or a
 * writable field also has it set in place.
 *
 * <p>When the field is the last {@code @ClusteringKey}, a DAO may declare {@code
 * Optional<E> findPrevious(<key fields>)} and {@code findNext(<key fields>)}: the row with the
 * nearest smaller (larger) id under the same other key fields, one bounded read each.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Sequence {
  /** The sequence's name: entities naming the same sequence share its ids ({@code "message_id"}). */
  String value();

  /** How many ids one allocation reserves for a DAO: fewer store round trips, longer gaps when a process stops. */
  int block() default 100;
}
