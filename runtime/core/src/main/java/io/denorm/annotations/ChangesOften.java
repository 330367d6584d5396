package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A hint that a field's value changes often (a price, a status, a last-seen time). Copying such a
 * field into {@link Denormalized} snippets makes every change a fan-out to every holder; the
 * processor warns ({@code [denorm:SnippetChurn]}) and suggests a {@link Reference} instead.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface ChangesOften {}
