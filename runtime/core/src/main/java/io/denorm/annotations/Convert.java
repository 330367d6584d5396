package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a field of an application type through a {@link io.denorm.Converter}: the column holds the
 * converter's stored type (one of the types Denorm stores as a single value), on both stores, in
 * the row, in index rows and in keys. In a key, the order of rows is the order of the stored values
 * (on HBase too: the row key encodes the stored value), so a converter used in a key maps the
 * application's order to the stored one. Misuse is a compile error {@code [denorm:Convert]}: a
 * converter whose Java type is not the field's, a stored type that is not a single stored value, a
 * converter without a public no-argument constructor, and {@code @Convert} on a field of an
 * embedded type, in a JSON column or on a collection.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Convert {
  /** The converter class: {@code Converter<field type, stored type>} with a public no-argument constructor. */
  Class<? extends io.denorm.Converter<?, ?>> value();
}
