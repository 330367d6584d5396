package io.denorm.geo;

/**
 * Geohash: a point's cell as a string of base-32 characters, each adding 5 bits that halve the cell
 * alternately in longitude and latitude (longitude first), so that cells sharing a prefix are
 * nested and nearby points mostly share long prefixes. A cell of {@code length} characters spans
 * {@code 360 / 2^lonBits} degrees of longitude and {@code 180 / 2^latBits} of latitude, with
 * {@code lonBits = ceil(5 length / 2)} and {@code latBits = floor(5 length / 2)}.
 */
public final class GeoHash {

  /** The longest geohash Denorm computes: 12 characters, cells of a few centimetres. */
  public static final int MAX_LENGTH = 12;

  static final String BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

  /** The mean radius of the Earth in metres (IUGG), for distances. */
  public static final double EARTH_RADIUS_METERS = 6_371_008.8;

  private GeoHash() {}

  /** The geohash of length {@code length} of the cell holding ({@code lat}, {@code lon}). */
  public static String encode(double lat, double lon, int length) {
    checkPoint(lat, lon);
    checkLength(length);
    return cell(latIndex(lat, latBits(length)), lonIndex(lon, lonBits(length)), length);
  }

  /** The cell at row {@code latIndex}, column {@code lonIndex} of the grid of {@code length}-character cells. */
  static String cell(long latIndex, long lonIndex, int length) {
    int latBits = latBits(length);
    int lonBits = lonBits(length);
    StringBuilder s = new StringBuilder(length);
    int value = 0;
    int lonLeft = lonBits;
    int latLeft = latBits;
    for (int bit = 0; bit < 5 * length; bit++) {
      int b;
      if (bit % 2 == 0) {
        b = (int) (lonIndex >>> --lonLeft) & 1;
      } else {
        b = (int) (latIndex >>> --latLeft) & 1;
      }
      value = value << 1 | b;
      if (bit % 5 == 4) {
        s.append(BASE32.charAt(value));
        value = 0;
      }
    }
    return s.toString();
  }

  static int latBits(int length) {
    return 5 * length / 2;
  }

  static int lonBits(int length) {
    return 5 * length - latBits(length);
  }

  static long latIndex(double lat, int bits) {
    return clamp((long) Math.floor((lat + 90.0) / 180.0 * (1L << bits)), bits);
  }

  static long lonIndex(double lon, int bits) {
    return clamp((long) Math.floor((lon + 180.0) / 360.0 * (1L << bits)), bits);
  }

  private static long clamp(long index, int bits) {
    return Math.max(0, Math.min((1L << bits) - 1, index));
  }

  /** The cell's height in degrees of latitude. */
  public static double cellHeight(int length) {
    return 180.0 / (1L << latBits(length));
  }

  /** The cell's width in degrees of longitude. */
  public static double cellWidth(int length) {
    return 360.0 / (1L << lonBits(length));
  }

  /** The great-circle distance in metres between two points (haversine, on a sphere of {@link #EARTH_RADIUS_METERS}). */
  public static double distanceMeters(double lat1, double lon1, double lat2, double lon2) {
    double p1 = Math.toRadians(lat1);
    double p2 = Math.toRadians(lat2);
    double dp = p2 - p1;
    double dl = Math.toRadians(lon2 - lon1);
    double h = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1.0, Math.sqrt(h)));
  }

  static void checkPoint(double lat, double lon) {
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180)) {
      throw new IllegalArgumentException("not a point: lat " + lat + " (-90 to 90), lon " + lon + " (-180 to 180)");
    }
  }

  static void checkLength(int length) {
    if (length < 1 || length > MAX_LENGTH) {
      throw new IllegalArgumentException("a geohash has 1 to " + MAX_LENGTH + " characters, not " + length);
    }
  }
}
