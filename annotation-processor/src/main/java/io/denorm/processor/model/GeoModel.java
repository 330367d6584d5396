package io.denorm.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * The geohash of a {@code @GeoIndex}: the position fields, how many characters the index stores,
 * and how many of them partition the index table.
 *
 * @param lat null when the named field is missing (the validator reports it)
 * @param lon null when the named field is missing
 */
public record GeoModel(String latName, ColumnModel lat, String lonName, ColumnModel lon, int precision, int partitionLength, AnnotationMirror mirror) {

  /** The index table's partition key column: the geohash's first {@code partitionLength} characters. */
  public static final String CELL_COLUMN = "geo_cell";

  /** The index table's first clustering column: the whole geohash. */
  public static final String HASH_COLUMN = "geohash";

  /** The partition length as stored: never more than the precision. */
  public int cellLength() {
    return Math.max(1, Math.min(partitionLength, precision));
  }
}
