package io.denorm.examples.catalog;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Categories by id, their children, and everything under one, level by level. */
@Dao
public interface CategoryDao {
  void save(Category category);

  Optional<Category> findById(String id);

  /** The categories directly under {@code id}. */
  List<Category> findChildren(String id);

  /** Everything under {@code id}, breadth first, down to {@code maxDepth} levels. */
  List<Category> findSubtree(String id, int maxDepth);

  CompletionStage<List<Category>> findSubtreeAsync(String id, int maxDepth);

  boolean deleteById(String id);
}
