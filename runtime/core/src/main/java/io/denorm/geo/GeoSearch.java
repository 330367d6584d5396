package io.denorm.geo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The last step of a geo search: the rows the covering cells held, filtered by the exact test
 * (distance, or the box) and sorted by distance from the centre, nearest first.
 */
public final class GeoSearch {

  private GeoSearch() {}

  /** How many cell reads of one search are in flight at once (each then reads its masters, a bounded number at a time). */
  public static final int IN_FLIGHT = 4;

  /** The rows of {@code reads} within {@code radiusMeters} of ({@code lat}, {@code lon}), nearest first. */
  public static <E> CompletionStage<List<E>> near(List<Supplier<CompletionStage<List<E>>>> reads, ToDoubleFunction<E> latOf, ToDoubleFunction<E> lonOf,
      double lat, double lon, double radiusMeters) {
    return all(reads).thenApply(rows -> sorted(rows, latOf, lonOf, lat, lon, radiusMeters, null));
  }

  /** The rows of {@code reads} inside {@code box}, nearest its centre first. */
  public static <E> CompletionStage<List<E>> within(List<Supplier<CompletionStage<List<E>>>> reads, ToDoubleFunction<E> latOf, ToDoubleFunction<E> lonOf,
      GeoBox box) {
    return all(reads).thenApply(rows -> sorted(rows, latOf, lonOf, box.centerLat(), box.centerLon(), Double.POSITIVE_INFINITY, box));
  }

  private static <E> List<E> sorted(List<E> rows, ToDoubleFunction<E> latOf, ToDoubleFunction<E> lonOf, double lat, double lon, double radius,
      GeoBox box) {
    record Hit<E>(E row, double distance) {}
    List<Hit<E>> hits = new ArrayList<>();
    for (E row : rows) {
      double rowLat = latOf.applyAsDouble(row);
      double rowLon = lonOf.applyAsDouble(row);
      if (box != null && !box.contains(rowLat, rowLon)) {
        continue;
      }
      double d = GeoHash.distanceMeters(lat, lon, rowLat, rowLon);
      if (d <= radius) {
        hits.add(new Hit<>(row, d));
      }
    }
    hits.sort(Comparator.comparingDouble(Hit::distance));
    return hits.stream().map(Hit::row).toList();
  }

  /** Runs {@code reads}, at most {@link #IN_FLIGHT} at a time, and joins their rows. */
  private static <E> CompletionStage<List<E>> all(List<Supplier<CompletionStage<List<E>>>> reads) {
    return io.denorm.Bounded.map(reads, IN_FLIGHT, Supplier::get).thenApply(parts -> {
      List<E> out = new ArrayList<>();
      parts.forEach(out::addAll);
      return out;
    });
  }
}
