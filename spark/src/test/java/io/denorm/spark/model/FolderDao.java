package io.denorm.spark.model;

import io.denorm.annotations.Dao;
import java.util.List;

@Dao
public interface FolderDao {
  void saveAll(Iterable<Folder> folders);

  List<Folder> findChildren(String id);
}
