package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An interface whose methods Denorm implements for every backend.
 *
 * <p>Method kinds are recognised by name and signature:
 *
 * <ul>
 *   <li>{@code save(E)}, returning {@code void} or {@code CompletionStage<Void>};
 *   <li>{@code findBy…}, {@code findFirstBy…}, {@code findFirstNBy…}: criteria joined by {@code
 *       And}, each a property name optionally followed by {@code Between}, {@code After}, {@code
 *       Before}, {@code GreaterThan}, {@code GreaterThanEqual}, {@code LessThan} or {@code
 *       LessThanEqual}; returning {@code Optional<E>}, {@code List<E>}, {@code Stream<E>}, {@code
 *       Page<E>} (with a trailing {@code PageRequest}), or a {@code CompletionStage} of Optional,
 *       List or Page;
 *   <li>{@code deleteBy…} binding the full primary key, or {@code delete(E)}, returning {@code
 *       boolean}, {@code void} or a {@code CompletionStage} of those;
 *   <li>{@code D withAttributes(io.denorm.Attributes)}, returning the interface itself: another
 *       instance whose statements carry those attributes ({@link StatementAttributes} gives every
 *       instance its defaults).
 * </ul>
 *
 * <p>Every finder must be served by a key prefix of a table; one that is not is a compile error.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Dao {
  /**
   * The stores this DAO is implemented for, among those whose runtime is on the compile classpath
   * (default: both). A DAO of an entity whose writes only one store can make as declared (an
   * entity saved in logged batches, which HBase has no equivalent of) names that store. Naming no
   * store the compilation generates for is a compile error ({@code [denorm:DaoStores]}).
   */
  Store[] stores() default {Store.CASSANDRA, Store.HBASE};
}
