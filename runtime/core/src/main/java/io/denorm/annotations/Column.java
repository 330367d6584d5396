package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Overrides how a field is stored. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Column {
  /** The column's name; defaults to the field name in snake_case. */
  String name() default "";

  /**
   * Store the field as one JSON text column instead of a frozen user-defined type or a CQL
   * collection: for embedded objects and collections (of them) whose shape changes more often than
   * a schema should, or that other tools read as JSON. The value is checked and converted on save
   * and parsed on read; it cannot key a table or an index.
   */
  boolean json() default false;
}
