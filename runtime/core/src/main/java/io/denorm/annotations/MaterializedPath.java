package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Materialized paths: a {@code String} field Denorm fills on every save with the ids from the
 * root down to the node, each followed by {@code /} ({@code all/men/men-shoes/}), on an entity with
 * a {@code @ParentId} and String ids (which may not contain {@code /}). The save reads the parent to
 * extend its path (a parent that does not exist is an {@link io.denorm.InvalidEntityException}, so
 * is a move under the node's own subtree), and when the path changed (a move), rewrites the path
 * of every node under it through the write protocol, parents before children.
 *
 * <p>An index of the nodes by path ({@code <table>_by_<field>}, partitioned by the root's id, then
 * ordered by path) serves {@code List<E> findDescendants(String id)}: the node's path read, then one
 * range read of every path that starts with it, in path order (depth first).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface MaterializedPath {}
