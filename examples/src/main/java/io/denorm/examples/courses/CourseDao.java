package io.denorm.examples.courses;

import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.stream.Stream;

@Dao
public interface CourseDao {
  void save(Course course);

  Optional<Course> findById(String id);

  boolean deleteById(String id);

  /** Served by the memberships table courses_by_student. */
  Stream<Course> findByStudentIdsContains(String studentId);
}
