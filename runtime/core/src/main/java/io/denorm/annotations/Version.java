package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The version of an atomic aggregate: a {@code long} field, 0 for an entity never saved. Every save
 * is a compare-and-set on it (Cassandra {@code IF NOT EXISTS} / {@code IF version = ?}, HBase
 * {@code checkAndMutate}) that writes version + 1 and sets the field; a save whose version is no
 * longer the stored one fails with {@link io.denorm.ConcurrentUpdateException} and leaves nothing
 * behind in any index. Deletes are compare-and-set on the version too.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Version {}
