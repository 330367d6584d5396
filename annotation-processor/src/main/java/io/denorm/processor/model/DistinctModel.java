package io.denorm.processor.model;

import java.util.Arrays;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;

/**
 * A {@code @CountDistinct}: the distinct values of {@code distinct} counted per value of {@code
 * group}, in tables {@code name} (the counts) and {@code name_members} (the pairs).
 *
 * @param group null when the named field is not stored (the validator reports it)
 * @param distinct null when the named field is not stored
 */
public record DistinctModel(String name, String groupName, ColumnModel group, String distinctName, ColumnModel distinct, AnnotationMirror mirror) {

  /** The pairs table: {@code unique_visitors_members}. */
  public String membersTable() {
    return name + "_members";
  }

  /** {@code uniqueVisitors}: the DAO method reading a group's count. */
  public String readMethod() {
    return Names.decapitalize(Arrays.stream(name.split("_")).map(Names::capitalize).collect(Collectors.joining()));
  }

  /** {@code recountUniqueVisitors}: the DAO method correcting a group's count. */
  public String recountMethod() {
    return "recount" + Names.capitalize(readMethod());
  }

}
