package io.denorm.processor.model;

import io.denorm.annotations.Order;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;

/**
 * One stored property of an entity.
 *
 * @param element the field or record component, where diagnostics about it are reported
 * @param keyAnnotation the {@code @PartitionKey} or {@code @ClusteringKey} mirror, or null
 * @param position the key position from that annotation; -1 for regular columns
 * @param features the feature annotations of the field ({@code @Count}, {@code @Bucket}, …)
 */
public record ColumnModel(
    Element element,
    String fieldName,
    String columnName,
    TypeMirror javaType,
    ColumnType type,
    KeyRole role,
    int position,
    Order order,
    AnnotationMirror keyAnnotation,
    PropertyAccess access,
    ColumnFeatures features) {

  public boolean isKey() {
    return role != KeyRole.REGULAR;
  }

  /** Whether this is a {@code @Count}: read with the row, written only by the counted entity's saves. */
  public boolean isCount() {
    return features.count() != null;
  }

  /** Whether this is the inverse side of a many-to-many ({@code @References}): kept by the owning side's saves. */
  public boolean isInverse() {
    return features.inverse() != null;
  }

  /** Whether this is a {@code @Recent} list: kept by the child entity's saves and deletes. */
  public boolean isRecent() {
    return features.recent() != null;
  }

  /** Whether Denorm, not this entity's save, writes this column: a count, an inverse side, a recent list. */
  public boolean isMaintained() {
    return isCount() || isInverse() || isRecent();
  }

  /** The name used in finder method names: the field name with its first letter in upper case. */
  public String capitalized() {
    return Character.toUpperCase(fieldName.charAt(0)) + fieldName.substring(1);
  }
}
