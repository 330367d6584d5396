package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import io.denorm.tree.NestedSets;
import java.util.List;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchNodeDao {
  /** A new node: the previous state is given (none), so the save reads nothing first. */
  CompletionStage<Void> saveAsync(BenchNode node, BenchNode previous);

  void save(BenchNode node);

  List<BenchNode> findLeaves(String id);

  long countLeaves(String id);

  NestedSets.Numbering rebuildNestedSet(String rootId);

  boolean isNestedSetCurrent(String rootId);
}
