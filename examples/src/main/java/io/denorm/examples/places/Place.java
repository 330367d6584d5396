package io.denorm.examples.places;

import io.denorm.annotations.Entity;
import io.denorm.annotations.GeoIndex;
import io.denorm.annotations.PartitionKey;

/**
 * The example dimensionality reduction: places found near a point through a geohash index. Every
 * save keeps table {@code places_by_geo} (the place's geohash, 6 characters, partitioned by its
 * first 3) in step with the place's position.
 */
@Entity(table = "places")
@GeoIndex(name = "places_by_geo", lat = "lat", lon = "lon", precision = 6)
public record Place(
    @PartitionKey String id,
    String name,
    String category,
    double lat,
    double lon) {}
