package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Nested sets, for trees that are read far more often than they change (a shop's catalogue): the
 * leaves of each tree are numbered depth first into an array, and every node is mapped to the
 * range of leaf numbers under it, so all the leaves under a node are one range read. On an entity
 * with a {@code @ParentId} and one String key column.
 *
 * <p>The numbering is made by a rebuild, not by each save: {@code rebuildNestedSet(String rootId)}
 * on a DAO of the entity reads the tree under a root (level by level through the index by parent),
 * numbers it, and writes three tables: {@code <name>} (the leaves, per tree and generation, by
 * number), {@code <name>_nodes} (each node's tree, generation and range) and {@code <name>_trees}
 * (the generation each tree is at, and a token of the last change to any tree). A new generation
 * is written beside the previous one and then published, so reads during a rebuild stay whole.
 *
 * <p>Reads: {@code List<E> findLeaves(String id)} (the leaves under a node in depth-first order,
 * siblings by {@link #order()}; a leaf's own leaves are itself) and {@code long countLeaves(String
 * id)} (from the node's range alone). Every save that adds a node or changes its parent, and every
 * delete, records a change after its write (so does a save that changes the {@link #order()}
 * field); a tree numbered before the last change is stale, and its reads then walk the adjacency
 * list instead (correct, slower) until the next rebuild. A save that only changes other fields
 * leaves the numbering current: the leaves' rows are read from their masters.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NestedSet {
  /** The leaves' table, and the prefix of the other two: {@code catalog_leaves}. */
  String name();

  /** The field siblings are ordered by (then by id); empty: by id alone. */
  String order() default "";
}
