package io.denorm.examples.catalog;

import io.denorm.annotations.Dao;
import io.denorm.tree.NestedSets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The catalogue's nodes, the products under a category, and the rebuild that numbers them. */
@Dao
public interface CatalogNodeDao {
  /** Saves a node; adding one or moving it makes the numbering stale until the next rebuild. */
  void save(CatalogNode node);

  Optional<CatalogNode> findById(String id);

  boolean deleteById(String id);

  /** Every product (leaf) under {@code id}, depth first, siblings by name. */
  List<CatalogNode> findLeaves(String id);

  CompletionStage<List<CatalogNode>> findLeavesAsync(String id);

  /** How many products are under {@code id}. */
  long countLeaves(String id);

  /** Numbers the catalogue under the root {@code rootId}. */
  NestedSets.Numbering rebuildNestedSet(String rootId);

  /** Whether the catalogue under {@code rootId} was numbered after its last change. */
  boolean isNestedSetCurrent(String rootId);

  /** The nodes directly under {@code id}. */
  List<CatalogNode> findChildren(String id);
}
