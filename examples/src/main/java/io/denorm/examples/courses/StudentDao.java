package io.denorm.examples.courses;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface StudentDao {
  void save(Student student);

  Optional<Student> findById(String id);

  boolean deleteById(String id);
}
