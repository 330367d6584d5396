package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The Cassandra statement options of every DAO generated for this entity (its own DAOs and the
 * rows other entities' fan-outs rewrite in it), in place of Denorm's defaults ({@code
 * LOCAL_QUORUM} reads and writes, {@code LOCAL_SERIAL} compare-and-sets, the session's timeout
 * and profile). An attribute left empty (or 0) keeps the default. The statements a DAO sends to
 * other entities' tables (counts and inverse sides its saves move, sources it copies snippets
 * from) carry the options of that DAO. One DAO instance can still be given other options ({@code
 * setStatementOptions}, {@code withStatementOptions}); HBase ignores this annotation.
 *
 * <p>Below a quorum ({@code ONE}, {@code LOCAL_ONE}, {@code TWO}), a read can miss an acknowledged
 * write, and a repair decided on it can delete an index row that write needs: the processor warns.
 * {@code ANY} serves no read and is refused.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Consistency {
  /** Reads and writes: a Cassandra consistency level by name ({@code "QUORUM"}, {@code "EACH_QUORUM"}, {@code "ALL"}, …). */
  String level() default "";

  /** Denorm's compare-and-sets (unique claims, memberships, counts, versions): {@code "SERIAL"} or {@code "LOCAL_SERIAL"}. */
  String serial() default "";

  /** The timeout of each statement, in milliseconds; 0 keeps the session's. */
  long timeoutMillis() default 0;

  /** An execution profile of the session's configuration; empty keeps the default profile. */
  String executionProfile() default "";
}
