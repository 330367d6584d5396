package io.denorm.annotations;

import io.denorm.Attributes;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The statement attributes of every call of the DAOs generated for this {@code @Dao} interface, on
 * top of the entity's {@code @Consistency} (a value set here wins). One instance can be given more
 * per call: declare {@code MyDao withAttributes(io.denorm.Attributes attributes)} in the interface
 * (see {@link Attributes}). An attribute left empty (or 0, false, {@code USE_DEFAULT}) keeps the
 * default.
 *
 * <p>{@code consistency}, {@code serialConsistency}, {@code executionProfile} and {@code tracing}
 * are Cassandra's, {@code durability} is HBase's, {@code timeoutMillis} is both stores'. Below a
 * quorum ({@code ONE}, {@code LOCAL_ONE}, {@code TWO}) the processor warns, as for
 * {@code @Consistency}; {@code ANY} is refused.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StatementAttributes {
  /** Reads and writes: a Cassandra consistency level by name ({@code "QUORUM"}, {@code "ALL"}, …). */
  String consistency() default "";

  /** Denorm's compare-and-sets: {@code "SERIAL"} or {@code "LOCAL_SERIAL"}. */
  String serialConsistency() default "";

  /** The timeout of each statement (Cassandra) or operation (HBase), in milliseconds; 0 keeps the default. */
  long timeoutMillis() default 0;

  /** An execution profile of the Cassandra session's configuration. */
  String executionProfile() default "";

  /** Cassandra traces every statement of the DAO. */
  boolean tracing() default false;

  /** The write-ahead-log durability of every HBase mutation of the DAO. */
  Attributes.Durability durability() default Attributes.Durability.USE_DEFAULT;
}
