package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A precomputed count kept in this entity's row: how many rows of {@link #of()} reference this row
 * through their field {@link #by()} (an author's {@code countOfBooks}). The field is a {@code long};
 * Denorm writes it, never the application: saving this entity leaves it as stored.
 *
 * <p>Each save and delete of {@code of} moves the count through the write protocol. A membership
 * row per (this row, referencing row) is claimed with a compare-and-set before the count moves, so
 * saving an unchanged row again, or two racing saves of one row, count once; a save that dropped
 * the reference releases the membership and moves the count back. The membership rows form an index
 * of {@code of} by {@code by} (the snippet reverse index when there is one), verified and rebuilt
 * like any index: {@code indexMaintenance().rebuild(index)} of the counted entity's DAO also sets
 * every count that differs from its memberships to their number.
 *
 * <p>{@code by} names a field of {@code of} annotated {@link Reference @Reference} or {@link
 * Denormalized @Denormalized} with this entity as its target; this entity's key is one column.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Count {
  /** The {@code @Entity} whose rows are counted. */
  Class<?> of();

  /** The field of {@link #of()} holding the ids of this entity's rows it belongs to. */
  String by();
}
