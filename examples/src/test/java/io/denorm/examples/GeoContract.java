package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.examples.places.Place;
import io.denorm.examples.places.PlaceDao;
import io.denorm.geo.GeoBox;
import io.denorm.geo.GeoHash;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The geohash index ({@code @GeoIndex}) on a real store: every {@code findNear} and {@code
 * findWithin} answer compared with a brute-force scan of the same places in memory, over random
 * places around the world and clustered at the antimeridian and the poles.
 */
abstract class GeoContract {

  static Stores.Store store;
  static PlaceDao places;
  static final List<Place> SAVED = new ArrayList<>();

  static void use(Stores.Store s) {
    store = s;
    places = s.dao(PlaceDao.class, "geo_test", List.of("Place"));
    SAVED.clear();
    Random random = new Random(42);
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    // 1,200 anywhere, 300 in each of four clusters: both sides of the antimeridian at the equator, near each pole, in a city.
    double[][] clusters = {{0, 180}, {89.5, 0}, {-89.5, 0}, {51.5, -0.12}};
    for (int i = 0; i < 2400; i++) {
      double lat;
      double lon;
      if (i < 1200) {
        lat = Math.toDegrees(Math.asin(random.nextDouble() * 2 - 1)); // uniform on the sphere
        lon = random.nextDouble() * 360 - 180;
      } else {
        double[] c = clusters[(i - 1200) / 300];
        lat = Math.max(-90, Math.min(90, c[0] + random.nextGaussian() * 0.3));
        lon = c[1] + random.nextGaussian() * (Math.abs(c[0]) > 80 ? 60 : 0.3);
        lon = ((lon + 540) % 360) - 180;
      }
      Place p = new Place("p" + i, "place " + i, i % 3 == 0 ? "cafe" : "shop", lat, lon);
      SAVED.add(p);
      saves.add(places.saveAsync(p).toCompletableFuture());
      if (saves.size() == 64) {
        CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
        saves.clear();
      }
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
  }

  static List<String> bruteNear(List<Place> all, double lat, double lon, double radius) {
    return all.stream().filter(p -> GeoHash.distanceMeters(lat, lon, p.lat(), p.lon()) <= radius)
        .sorted(Comparator.comparingDouble(p -> GeoHash.distanceMeters(lat, lon, p.lat(), p.lon()))).map(Place::id).toList();
  }

  /**
   * {@code found} holds exactly the places of {@code expected}, each once, nearest first. Places at
   * the same distance (many sit exactly on a pole) may come in any order.
   */
  static void assertSameByDistance(List<String> expected, List<Place> found, double lat, double lon, String what) {
    List<String> foundIds = ids(found);
    assertEquals(new java.util.TreeSet<>(expected), new java.util.TreeSet<>(foundIds), what + difference(expected, foundIds));
    assertEquals(expected.size(), foundIds.size(), what + ": a place returned twice");
    for (int i = 1; i < found.size(); i++) {
      double before = GeoHash.distanceMeters(lat, lon, found.get(i - 1).lat(), found.get(i - 1).lon());
      double after = GeoHash.distanceMeters(lat, lon, found.get(i).lat(), found.get(i).lon());
      assertTrue(before <= after, what + ": " + found.get(i - 1).id() + " at " + before + " m before " + found.get(i).id() + " at " + after + " m");
    }
  }

  /** What one list holds that the other does not, for a failure message. */
  static String difference(List<String> expected, List<String> found) {
    List<String> missing = expected.stream().filter(id -> !found.contains(id)).toList();
    List<String> extra = found.stream().filter(id -> !expected.contains(id)).toList();
    return ": " + expected.size() + " expected, " + found.size() + " found; missing " + missing.stream().limit(5).map(id -> {
      Place p = SAVED.get(Integer.parseInt(id.substring(1)));
      return id + " at " + p.lat() + "," + p.lon() + " (" + GeoHash.encode(p.lat(), p.lon(), 6) + ")";
    }).toList() + ", extra " + extra.stream().limit(5).toList();
  }

  static List<String> ids(List<Place> found) {
    return found.stream().map(Place::id).toList();
  }

  @Test
  void findNearAgreesWithBruteForceAroundTheWorld() {
    Random random = new Random(7);
    double[][] centres = {{0, 179.9}, {0, -179.95}, {0.1, 180}, {89.9, 45}, {90, 0}, {-89.9, -120}, {-90, 0}, {51.5, -0.12}, {51.6, -0.2}};
    int nonEmpty = 0;
    for (int q = 0; q < 80; q++) {
      double lat;
      double lon;
      if (q < centres.length) {
        lat = centres[q][0];
        lon = centres[q][1];
      } else {
        Place near = SAVED.get(random.nextInt(SAVED.size())); // centres where places are
        lat = Math.max(-90, Math.min(90, near.lat() + random.nextGaussian() * 0.05));
        lon = Math.max(-180, Math.min(180, near.lon() + random.nextGaussian() * 0.05));
      }
      double radius = Math.pow(10, 2 + random.nextDouble() * 4); // 100 m to 1,000 km
      List<String> expected = bruteNear(SAVED, lat, lon, radius);
      List<Place> found = places.findNear(lat, lon, radius);
      assertSameByDistance(expected, found, lat, lon, "findNear(" + lat + ", " + lon + ", " + radius + ")");
      nonEmpty += expected.isEmpty() ? 0 : 1;
    }
    assertTrue(nonEmpty > 40, "only " + nonEmpty + " searches found places");
    // Around the antimeridian cluster, both sides are found.
    List<Place> across = places.findNear(0, 180, 50_000);
    assertTrue(across.stream().anyMatch(p -> p.lon() > 179) && across.stream().anyMatch(p -> p.lon() < -179), "both sides of 180");
    assertSameByDistance(bruteNear(SAVED, 10, 20, 3_000_000), places.findNearAsync(10, 20, 3_000_000).toCompletableFuture().join(), 10, 20, "3,000 km");
  }

  @Test
  void findWithinAgreesWithBruteForceIncludingAcrossTheAntimeridian() {
    List<GeoBox> boxes = List.of(new GeoBox(-1, 179, 1, -179), new GeoBox(51.4, -0.3, 51.6, 0.1), new GeoBox(89, -180, 90, 180),
        new GeoBox(-90, -180, -89, 180), new GeoBox(10, 10, 40, 60), new GeoBox(-0.5, 179.5, 0.5, 180));
    for (GeoBox box : boxes) {
      List<String> expected = SAVED.stream().filter(p -> box.contains(p.lat(), p.lon()))
          .sorted(Comparator.comparingDouble(p -> GeoHash.distanceMeters(box.centerLat(), box.centerLon(), p.lat(), p.lon()))).map(Place::id).toList();
      assertTrue(!expected.isEmpty(), "box " + box + " holds places");
      assertSameByDistance(expected, places.findWithin(box), box.centerLat(), box.centerLon(), "findWithin(" + box + ")");
    }
  }

  @Test
  void aMovedPlaceIsFoundWhereItIsNowAndADeletedOneNowhere() {
    places.save(new Place("mover", "Food truck", "food", 48.8584, 2.2945)); // by the Eiffel Tower
    assertEquals(List.of("mover"), ids(places.findNear(48.8584, 2.2945, 100)));
    places.save(new Place("mover", "Food truck", "food", 48.8606, 2.3376)); // by the Louvre
    assertEquals(List.of(), ids(places.findNear(48.8584, 2.2945, 100)));
    assertEquals(List.of("mover"), ids(places.findNear(48.8606, 2.3376, 100)));
    assertTrue(places.deleteById("mover"));
    assertEquals(List.of(), ids(places.findNear(48.8606, 2.3376, 100)));
  }

  @Test
  void aPositionOffTheGlobeIsRefusedBeforeAnythingIsWritten() {
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> places.save(new Place("nowhere", "Nowhere", "x", 91, 0)));
    assertTrue(e.getMessage().contains("Place.lat") && e.getMessage().contains("-90 to 90"), e.getMessage());
    assertThrows(InvalidEntityException.class, () -> places.save(new Place("nowhere", "Nowhere", "x", 0, 180.5)));
    assertEquals(Optional.empty(), places.findById("nowhere"));
    assertThrows(IllegalArgumentException.class, () -> places.findNear(0, 0, -1));
  }
}
