package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The inverse side of a many-to-many: the ids of the rows of {@link #value()} whose field {@link
 * #mappedBy()} names this row (an author's {@code bookIds}, the books whose {@code authors} name
 * the author). The field is a {@code Set} or {@code List} of the other entity's ids.
 *
 * <p>Both sides stay in step through the write protocol:
 *
 * <ul>
 *   <li>saving or deleting a row of {@code value} adds its id to, or removes it from, this field of
 *       every row it starts or stops naming: a membership row per pair is claimed or released by
 *       compare-and-set, and only the write that changes it edits the set (one element, not the
 *       whole set, so saves of different rows never overwrite each other);
 *   <li>saving this entity with ids added or removed saves each of those rows with this row added
 *       to or removed from {@code mappedBy}, through that entity's own protocol; an added id whose
 *       row does not exist fails the save before anything is written. This entity's own write
 *       never writes the field itself.
 * </ul>
 *
 * <p>{@code mappedBy} names a {@code List} or {@code Set} field of {@code value} annotated {@link
 * Reference @Reference} or {@link Denormalized @Denormalized} with this entity as its target.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface References {
  /** The {@code @Entity} on the other side. */
  Class<?> value();

  /** The field of {@link #value()} holding the ids of this entity's rows (the owning side). */
  String mappedBy();
}
