package io.denorm.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A geohash index (dimensionality reduction): table {@link #name()} holds one row per entity keyed by
 * the geohash of its position, {@link #precision()} characters long, kept by every save and delete
 * like any {@code @Index}. A DAO of the entity may declare {@code List<E> findNear(double lat,
 * double lon, double radiusMeters)} and {@code List<E> findWithin(io.denorm.geo.GeoBox box)}: they
 * read the cells covering the area (one length for all, chosen so that few are read: about 16),
 * check each row against its master, keep the rows truly inside (by great-circle distance, or the
 * box) and return them nearest first. Areas across the antimeridian or holding a pole are covered.
 *
 * <p>The index table is partitioned by the first {@link #partitionLength()} characters of the
 * geohash (3: cells of about 156 × 156 km at the equator), then ordered by the whole geohash, so a
 * cell of that length or longer is one range read of one partition; a shorter cell (a search
 * hundreds of kilometres wide) reads every partition under it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface GeoIndex {
  /** The index table's name: {@code places_by_geo}. */
  String name();

  /** The {@code double} (or {@code Double}) latitude field, in degrees. */
  String lat();

  /** The {@code double} (or {@code Double}) longitude field, in degrees. */
  String lon();

  /** Geohash characters stored: 6 (cells of about 1.2 × 0.6 km) by default, 1 to 12. */
  int precision() default 6;

  /** Leading geohash characters that form the index table's partition key: 1 to {@code precision}. */
  int partitionLength() default 3;
}
