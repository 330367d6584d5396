package io.denorm.examples.courses;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.KeyChecks;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Course} to rows of table {@code courses}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, title, student_ids.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.courses.Course"
)
public final class CassandraCourseMapper {
  /**
   * Index table {@code courses_by_student}: key (studentIds (each element)), then the master key.
   */
  public static final IndexDefinition COURSES_BY_STUDENT = new IndexDefinition("Course", "courses_by_student", 1, 1, 0,
      false);

  private CassandraCourseMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Course entity) {
    Objects.requireNonNull(entity, "Course to write");
    KeyChecks.keyComponent("Course", "id", entity.id);
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Course entity) {
    statement = statement.setString(0, entity.id);
    statement = statement.setString(1, entity.title);
    statement = statement.setSet(2, entity.studentIds, String.class);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Course entity) {
    statement = statement.setString(0, entity.id);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Course entity) {
    return Arrays.asList(entity.id);
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Course fromRow(Row row) {
    Course entity = new Course();
    entity.id = row.getString(0);
    entity.title = row.getString(1);
    entity.studentIds = row.getSet(2, String.class);
    return entity;
  }

  /**
   * {@code entity} with {@code other} added to {@code studentIds} (the owning side of Student.courseIds); null when it
   * is there already.
   */
  public static Course studentIdsWith(Course entity, Student other) {
    Set<String> old = entity.studentIds;
    List<String> next = new ArrayList<>();
    if (old != null) {
      for (String element : old) {
        if (element != null && Objects.equals(element, other.id)) {
          return null;
        }
        next.add(element);
      }
    }
    next.add(other.id);
    Course copy = new Course();
    copy.id = entity.id;
    copy.title = entity.title;
    copy.studentIds = new LinkedHashSet<>(next);
    return copy;
  }

  /**
   * {@code entity} with every element naming {@code id} removed from {@code studentIds}; null when none does.
   */
  public static Course studentIdsWithout(Course entity, Object id) {
    Set<String> old = entity.studentIds;
    if (old == null) {
      return null;
    }
    List<String> next = new ArrayList<>();
    for (String element : old) {
      if (element == null || !Objects.equals(element, id)) {
        next.add(element);
      }
    }
    if (next.size() == old.size()) {
      return null;
    }
    Course copy = new Course();
    copy.id = entity.id;
    copy.title = entity.title;
    copy.studentIds = new LinkedHashSet<>(next);
    return copy;
  }

  /**
   * The Student ids {@code entity} references through {@code studentIds}, in field order, nulls left out.
   */
  public static List<Object> studentIdsReferences(Course entity) {
    List<Object> ids = new ArrayList<>();
    if (entity.studentIds != null) {
      for (Object id : entity.studentIds) {
        if (id != null) {
          ids.add(id);
        }
      }
    }
    return ids;
  }

  /**
   * Binds the columns a rewrite of the row as a holder may change, in table order, then the key.
   */
  public static BoundStatementBuilder bindRewrite(BoundStatementBuilder statement, Course entity) {
    statement = statement.setSet(0, entity.studentIds, String.class);
    statement = statement.setString(1, entity.id);
    return statement;
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(Course entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // courses_by_student
    if (entity.studentIds != null) {
      for (String element : entity.studentIds) {
        if (element != null) {
          entries.add(new IndexEntry(COURSES_BY_STUDENT, Arrays.asList(element, entity.id)));
        }
      }
    }
    return entries;
  }
}
