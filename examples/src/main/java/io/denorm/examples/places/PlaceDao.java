package io.denorm.examples.places;

import io.denorm.annotations.Dao;
import io.denorm.geo.GeoBox;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Places by id, near a point, or inside a box. */
@Dao
public interface PlaceDao {
  void save(Place place);

  CompletionStage<Void> saveAsync(Place place);

  Optional<Place> findById(String id);

  /** The places within {@code radiusMeters} of a point, nearest first. */
  List<Place> findNear(double lat, double lon, double radiusMeters);

  CompletionStage<List<Place>> findNearAsync(double lat, double lon, double radiusMeters);

  /** The places inside a box, nearest its centre first. */
  List<Place> findWithin(GeoBox box);

  boolean deleteById(String id);
}
