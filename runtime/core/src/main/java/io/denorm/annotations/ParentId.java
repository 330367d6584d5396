package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Adjacency lists: the field holds the id of the node's parent (null for a root), in a tree of
 * entities of one type keyed by one column of the same type. Denorm keeps an index of the nodes by
 * parent ({@code <table>_by_<field>}, through the write protocol, like any {@code @Index}), and a
 * DAO may declare {@code List<E> findChildren(K id)} (one read of that index) and {@code List<E>
 * findSubtree(K id, int maxDepth)}: the nodes under {@code id}, breadth first, one level at a time,
 * the children of a whole level read together (a bounded number of reads in flight), down to {@code
 * maxDepth} levels. A node met twice (a cycle) is returned once.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface ParentId {}
