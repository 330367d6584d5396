package io.denorm.spark.model;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface ClubDao {
  void save(Club club);

  Optional<Club> findById(String id);
}
