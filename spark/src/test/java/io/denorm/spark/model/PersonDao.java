package io.denorm.spark.model;

import io.denorm.annotations.Dao;

@Dao
public interface PersonDao {
  void save(Person person);
}
