package io.denorm.examples.courses;

import io.denorm.hbase.HBaseValues;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Course} to rows of HBase table {@code courses}: row key (id), qualifiers title, student_ids.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.courses.Course"
)
public final class HBaseCourseMapper {
  /**
   * The row key of table {@code courses}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Course", List.of(
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.STRING, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("title", "student_ids");

  /**
   * Index table {@code courses_by_student}: key (studentIds (each element)), then the master key.
   */
  public static final IndexDefinition COURSES_BY_STUDENT = new IndexDefinition("Course", "courses_by_student", 1, 1, 0,
      false);

  /**
   * The row key of index table {@code courses_by_student}.
   */
  public static final RowKeyCodec COURSES_BY_STUDENT_KEY = new RowKeyCodec("Course", List.of(
      new RowKeyCodec.Component("studentIds", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.STRING, false, false, null)));

  private HBaseCourseMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Course entity) {
    return Arrays.asList(
            entity.id);
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Course entity) {
    return Arrays.asList(
            entity.title,
            entity.studentIds);
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Course entity) {
    String key0 = entity.id;
    return KEY.writer((key0 == null ? 0 : key0.length()))
            .string(key0)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Course fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    reader.end();
    Course entity = new Course();
    entity.id = (String) key0;
    entity.title = (String) cells.get(0);
    entity.studentIds = HBaseValues.set(cells.get(1), element -> (String) element);
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
