package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.GeoIndex;
import io.denorm.annotations.PartitionKey;

/** The examples' Place: a geohash index of 6 characters, partitioned by 3. */
@Entity(table = "bench_places")
@GeoIndex(name = "bench_places_by_geo", lat = "lat", lon = "lon", precision = 6)
public record BenchPlace(@PartitionKey String id, String name, double lat, double lon) {}
