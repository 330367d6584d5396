package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A snippet: copies of a few fields of another entity's rows, kept beside their id so that reading
 * this entity shows them without a join (a book shows its authors' names and thumbnails).
 *
 * <p>The field is a {@code List} or {@code Set} of embedded objects, each holding the source's id
 * (in the element field named like the source's key field, or {@link #key()}) and fields named like
 * the source's {@link #fields()}, of the same types. Denorm then
 *
 * <ul>
 *   <li>copies the fields from the source rows on every save of this entity (one batched read, like
 *       a join);
 *   <li>creates and maintains a reverse index, {@code <table>_by_<field>_<key>}, from source id to
 *       the rows holding it;
 *   <li>when a source row is saved with a copied field changed, rewrites the snippet in every row
 *       that holds it (the fan-out), through this entity's own write protocol, a bounded number at a
 *       time, and counts what it did.
 * </ul>
 *
 * <p>With {@code fanOut = false} the copy is taken on save only and never updated (a snapshot: the
 * author's name as it was when the order was placed); no reverse index is kept.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Denormalized {
  /** The {@code @Entity} the fields are copied from; its primary key must be one column. */
  Class<?> source();

  /** The source's fields copied into each element, by name; the element has fields of the same names and types. */
  String[] fields();

  /** The element field holding the source's id; by default the one named like the source's key field. */
  String key() default "";

  /** Whether saving a source rewrites the snippets that copy it (default); false keeps them as first copied. */
  boolean fanOut() default true;
}
