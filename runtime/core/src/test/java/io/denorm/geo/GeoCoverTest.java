package io.denorm.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Geohash encoding against published values, and covers checked against brute force on random points. */
class GeoCoverTest {

  @Test
  void encodesAsPublishedGeohashes() {
    assertEquals("u4pruydqqvj", GeoHash.encode(57.64911, 10.40744, 11)); // geohash.org's example
    assertEquals("ezs42", GeoHash.encode(42.6, -5.6, 5));
    assertEquals("9q8yy", GeoHash.encode(37.7749, -122.4194, 5)); // San Francisco
    assertEquals("gcpvj0", GeoHash.encode(51.5074, -0.1278, 6)); // London
    assertEquals(GeoHash.encode(51.5074, -0.1278, 4), GeoHash.encode(51.5074, -0.1278, 6).substring(0, 4));
    assertThrows(IllegalArgumentException.class, () -> GeoHash.encode(91, 0, 6));
    assertThrows(IllegalArgumentException.class, () -> GeoHash.encode(0, Double.NaN, 6));
  }

  @Test
  void distancesOnTheSphere() {
    // Paris to London: about 343.5 km.
    double d = GeoHash.distanceMeters(48.8566, 2.3522, 51.5074, -0.1278);
    assertTrue(Math.abs(d - 343_500) < 1_500, "Paris-London " + d);
    // Across the antimeridian: 1 degree of longitude at the equator, about 111.2 km.
    assertEquals(111_195, GeoHash.distanceMeters(0, 179.5, 0, -179.5), 50);
  }

  /** Every point within the radius lies in a covering cell, around the world, at the antimeridian and at the poles. */
  @Test
  void aCircleCoverHoldsEveryPointWithinItsRadius() {
    Random random = new Random(6);
    double[][] centres = {{0, 0}, {0, 179.99}, {0, -179.99}, {89.99, 10}, {-89.95, -170}, {64.1, -21.9}, {-33.9, 151.2}, {51.5, -0.12}};
    for (int round = 0; round < 400; round++) {
      double lat;
      double lon;
      if (round < centres.length) {
        lat = centres[round][0];
        lon = centres[round][1];
      } else {
        lat = random.nextDouble() * 180 - 90;
        lon = random.nextDouble() * 360 - 180;
      }
      double radius = Math.pow(10, 1 + random.nextDouble() * 5.5); // 10 m to about 3,000 km
      for (int partition : new int[] {0, 3}) {
        List<String> cells = GeoCover.circle(lat, lon, radius, 6, partition);
        assertTrue(!cells.isEmpty());
        for (int i = 0; i < 200; i++) {
          // A point at a random bearing and distance inside the circle.
          double bearing = random.nextDouble() * 2 * Math.PI;
          double dist = radius * Math.sqrt(random.nextDouble());
          double[] p = destination(lat, lon, bearing, dist);
          if (GeoHash.distanceMeters(lat, lon, p[0], p[1]) > radius) {
            continue;
          }
          String hash = GeoHash.encode(p[0], p[1], 6);
          assertTrue(cells.stream().anyMatch(hash::startsWith),
              "point " + p[0] + "," + p[1] + " (" + hash + ") within " + radius + " m of " + lat + "," + lon + " is in no cell of " + cells);
        }
      }
    }
  }

  @Test
  void aBoxAcrossTheAntimeridianIsCoveredOnBothSides() {
    GeoBox box = new GeoBox(-10, 170, 10, -170);
    assertTrue(box.contains(0, 179.9) && box.contains(0, -179.9) && !box.contains(0, 0));
    assertEquals(180.0, Math.abs(box.centerLon()), 1e-9);
    List<String> cells = GeoCover.box(box, 6, 0);
    Random random = new Random(3);
    for (int i = 0; i < 2000; i++) {
      double lat = random.nextDouble() * 20 - 10;
      double lon = random.nextBoolean() ? 170 + random.nextDouble() * 10 : -180 + random.nextDouble() * 10;
      String hash = GeoHash.encode(lat, lon, 6);
      assertTrue(cells.stream().anyMatch(hash::startsWith), hash + " not covered by " + cells);
    }
  }

  @Test
  void fewReadsWhereALengthAllowsIt() {
    // 1 km around London at precision 6 (cells of about 1.2 km x 0.6 km): a handful of cells of length 6 or 5.
    List<String> cells = GeoCover.circle(51.5074, -0.1278, 1_000, 6, 3);
    assertTrue(cells.size() <= GeoCover.MAX_READS, cells.toString());
    assertTrue(cells.get(0).length() >= 5, cells.toString());
    // A cell shorter than the partition length spans 32 partitions per missing character.
    assertEquals(32, GeoCover.partitions("u", 2).size());
    assertEquals(List.of("gcp"), GeoCover.partitions("gcpvj0", 3));
  }

  /** The point {@code meters} from (lat, lon) at {@code bearing} radians, on the sphere. */
  static double[] destination(double lat, double lon, double bearing, double meters) {
    double d = meters / GeoHash.EARTH_RADIUS_METERS;
    double p1 = Math.toRadians(lat);
    double l1 = Math.toRadians(lon);
    double p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(bearing));
    double l2 = l1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
    double outLon = Math.toDegrees(l2);
    outLon = ((outLon + 540) % 360) - 180;
    return new double[] {Math.max(-90, Math.min(90, Math.toDegrees(p2))), outLon};
  }
}
