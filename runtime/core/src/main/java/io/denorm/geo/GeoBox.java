package io.denorm.geo;

/**
 * A latitude-longitude box: from {@code south} to {@code north}, and from {@code west} eastwards to
 * {@code east}. A box whose {@code west} is greater than its {@code east} crosses the antimeridian
 * ({@code west = 170, east = -170} is 20 degrees wide around longitude 180).
 */
public record GeoBox(double south, double west, double north, double east) {

  public GeoBox {
    GeoHash.checkPoint(south, west);
    GeoHash.checkPoint(north, east);
    if (south > north) {
      throw new IllegalArgumentException("box south " + south + " is north of its north " + north);
    }
  }

  /** Whether the box holds the point (edges included). */
  public boolean contains(double lat, double lon) {
    if (lat < south || lat > north) {
      return false;
    }
    return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
  }

  /** The box's centre: the middle of its latitudes, and of its longitudes eastwards from west. */
  public double centerLat() {
    return (south + north) / 2;
  }

  public double centerLon() {
    double width = west <= east ? east - west : east + 360 - west;
    double c = west + width / 2;
    return c > 180 ? c - 360 : c;
  }
}
