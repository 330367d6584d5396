package io.denorm.spark.model;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface FolderStatsDao {
  void saveAll(Iterable<FolderStats> stats);

  Optional<FolderStats> findByFolderId(String folderId);
}
