package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A bounded embedded list of the newest rows of a child entity, kept in this entity's row (a post's
 * three most recent comments), while all of them live in the child's own table.
 *
 * <p>The field is a {@code List} of {@link #of()} itself. The child is keyed by {@link #by()} (its
 * one partition key column, holding this entity's id) and a first clustering key in descending
 * order: "newest" is the largest value of that key. Denorm, not this entity's save, writes the list:
 *
 * <ul>
 *   <li>saving a child merges it into its parent's list (replacing its older state), keeps the
 *       {@link #limit()} newest, and writes the list back with a compare-and-set on the list it read,
 *       again on a lost race, so concurrent comments never drop each other;
 *   <li>deleting a child that is in the list first reads the parent's {@code limit} newest other
 *       children and writes them as the list.
 * </ul>
 *
 * <p>A parent row that does not exist is left alone (no row is created for it).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Recent {
  /** The child {@code @Entity}; the list holds its rows as they are. */
  Class<?> of();

  /** The child's partition key field holding this entity's id. */
  String by();

  /** How many of the newest children the list keeps (1 to 100). */
  int limit();
}
