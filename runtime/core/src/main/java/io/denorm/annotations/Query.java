package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A DAO method that runs the CQL given, checked at compile time against the model:
 * {@code SELECT * FROM <the entity's table> WHERE <conditions> [ORDER BY …] [LIMIT n]}, where every
 * condition is {@code column = | < | <= | > | >= ?} (or {@code :parameterName}) on a column of the
 * primary key, every partition key column is bound with {@code =}, every value is a bind marker
 * (no literals), and {@code ALLOW FILTERING} is refused. The rows are mapped to the entity as a
 * finder's are; the method returns {@code Optional}, {@code List} or {@code Stream} of the entity
 * (or a {@code CompletionStage} of Optional or List). Misuse is {@code [denorm:Query]}.
 *
 * <p>Cassandra only: HBase has no query language, so a DAO with a {@code @Query} method must be
 * declared {@code @Dao(stores = Store.CASSANDRA)} when the HBase runtime is on the classpath
 * ({@code [denorm:QueryOnHBase]} otherwise).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Query {
  /** The CQL SELECT, with bind markers for every value. */
  String value();
}
