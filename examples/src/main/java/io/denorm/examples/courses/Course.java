package io.denorm.examples.courses;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import java.util.Set;

/**
 * A course and the students enrolled in it: the owning side of a many-to-many written as a plain
 * class (the library's books are records). The index by student is the table of memberships that
 * keeps {@link Student#courseIds} and {@link Student#courseCount} in step.
 */
@Entity(table = "courses")
@Index(name = "courses_by_student", key = "studentIds")
public class Course {
  @PartitionKey String id;
  String title;
  @SuppressWarnings("denorm:ReferenceCollection") // a course enrols a bounded class of students
  @Reference(Student.class) Set<String> studentIds;

  public Course() {}

  public Course(String id, String title, Set<String> studentIds) {
    this.id = id;
    this.title = title;
    this.studentIds = studentIds;
  }

  public String id() {
    return id;
  }

  public String title() {
    return title;
  }

  public Set<String> studentIds() {
    return studentIds;
  }
}
