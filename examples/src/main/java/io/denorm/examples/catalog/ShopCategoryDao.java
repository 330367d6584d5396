package io.denorm.examples.catalog;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;

/** Categories with their paths: everything under one by one prefix read. */
@Dao
public interface ShopCategoryDao {
  /** Saves the category with its path; a move rewrites the paths below it. Returns it as saved. */
  ShopCategory save(ShopCategory category);

  Optional<ShopCategory> findById(String id);

  /** Everything under {@code id}, in path order: one range read of the index by path. */
  List<ShopCategory> findDescendants(String id);

  /** The categories directly under {@code id}. */
  List<ShopCategory> findChildren(String id);
}
