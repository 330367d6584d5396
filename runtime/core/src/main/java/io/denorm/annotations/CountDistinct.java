package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Aggregation with composite keys: the number of distinct values of {@link #distinct()} per value of
 * {@link #group()} over every row saved ({@code SELECT count(DISTINCT user_id) FROM clicks GROUP BY
 * site}), kept as rows arrive. Each save claims the pair (group, distinct) in table {@code
 * <name>_members}, keyed by both, and only a save that claims a new pair adds 1 to the group's count
 * in table {@code <name>}: a repeated visit, or the same first visit saved by 8 threads at once,
 * counts once.
 *
 * <p>A DAO of the entity reads the count with {@code long <name in camel case>(G group)} ({@code
 * long uniqueVisitors(String site)}), and may declare {@code long recount<Name>(G group)}, which
 * counts the group's pairs and corrects the count to it (run it when no row of the group is being
 * saved). Rows are events: a delete does not take its pair back.
 *
 * <p>Cassandra: the claim is {@code INSERT … IF NOT EXISTS}, the count a {@code counter} column
 * ({@code UPDATE … SET n = n + 1}, no compare-and-set to contend on). HBase: the claim is a
 * {@code checkAndMutate} put-if-absent, the count an {@code Increment}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface CountDistinct {
  /** The count's table, and the base of its DAO methods: {@code unique_visitors}. */
  String name();

  /** The field whose values the counts are per: {@code site}. */
  String group();

  /** The field whose distinct values are counted: {@code userId}. */
  String distinct();
}
