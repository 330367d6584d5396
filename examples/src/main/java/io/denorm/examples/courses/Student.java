package io.denorm.examples.courses;

import io.denorm.annotations.Count;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.References;
import java.util.Set;

/**
 * A student: the inverse side of the courses' enrolments, and how many courses enrol them, both
 * kept by Denorm. A plain class, changed through its setters.
 */
@Entity(table = "students")
public class Student {
  @PartitionKey String id;
  String name;
  // A student takes a handful of courses at a time.
  @SuppressWarnings("denorm:UnboundedInverse") @References(value = Course.class, mappedBy = "studentIds") Set<String> courseIds;
  @Count(of = Course.class, by = "studentIds") long courseCount;

  public Student() {}

  public Student(String id, String name) {
    this.id = id;
    this.name = name;
  }

  public String id() {
    return id;
  }

  public String name() {
    return name;
  }

  public Set<String> courseIds() {
    return courseIds;
  }

  public void setCourseIds(Set<String> courseIds) {
    this.courseIds = courseIds;
  }

  public long courseCount() {
    return courseCount;
  }
}
