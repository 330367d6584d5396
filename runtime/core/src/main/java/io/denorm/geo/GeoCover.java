package io.denorm.geo;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The geohash cells a search reads: every cell of one length that meets the search area (a circle,
 * or a box), the length chosen so that few cells are read. A circle is first turned into the
 * latitude-longitude boxes that hold it: one box, two where it crosses the antimeridian, a band of
 * every longitude where it holds a pole.
 */
public final class GeoCover {

  /** At most this many cell reads, when a length allows it. */
  public static final int MAX_READS = 16;

  private GeoCover() {}

  /**
   * The cells to read for a circle around ({@code lat}, {@code lon}) of {@code radiusMeters}, at
   * most {@code maxLength} characters long. {@code partitionLength}: the index is partitioned by
   * the first so many characters, and a cell shorter than that costs one read per partition under
   * it (Cassandra); 0 when any cell is one read (an HBase scan).
   */
  public static List<String> circle(double lat, double lon, double radiusMeters, int maxLength, int partitionLength) {
    return cells(circleBoxes(lat, lon, radiusMeters), maxLength, partitionLength);
  }

  /** The cells to read for {@code box}; as {@link #circle}. */
  public static List<String> box(GeoBox box, int maxLength, int partitionLength) {
    return cells(split(box), maxLength, partitionLength);
  }

  /** The partitions of {@code partitionLength} characters a cell spans: the cell's own, or every one under a shorter cell. */
  public static List<String> partitions(String cell, int partitionLength) {
    if (cell.length() >= partitionLength) {
      return List.of(cell.substring(0, partitionLength));
    }
    List<String> out = new ArrayList<>();
    out.add(cell);
    while (out.get(0).length() < partitionLength) {
      List<String> next = new ArrayList<>(out.size() * 32);
      for (String p : out) {
        for (int i = 0; i < 32; i++) {
          next.add(p + GeoHash.BASE32.charAt(i));
        }
      }
      out = next;
    }
    return out;
  }

  /** The end (exclusive) of the range of geohashes starting with {@code prefix}: every geohash character sorts below '~'. */
  public static String rangeEnd(String prefix) {
    return prefix + "~";
  }

  /** The boxes (south, west, north, east; west ≤ east) holding a circle. */
  static List<double[]> circleBoxes(double lat, double lon, double radiusMeters) {
    GeoHash.checkPoint(lat, lon);
    if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
      throw new IllegalArgumentException("radius must be 0 or more metres, not " + radiusMeters);
    }
    double angle = radiusMeters / GeoHash.EARTH_RADIUS_METERS; // radians of arc
    double dLat = Math.toDegrees(angle);
    double south = lat - dLat;
    double north = lat + dLat;
    List<double[]> boxes = new ArrayList<>();
    if (north >= 90 || south <= -90 || angle >= Math.PI / 2) {
      // The circle holds a pole (or is wider than a hemisphere): every longitude.
      boxes.add(new double[] {Math.max(-90, south), -180, Math.min(90, north), 180});
      return boxes;
    }
    double dLon = Math.toDegrees(Math.asin(Math.min(1.0, Math.sin(angle) / Math.cos(Math.toRadians(lat)))));
    double west = lon - dLon;
    double east = lon + dLon;
    if (east - west >= 360) {
      boxes.add(new double[] {south, -180, north, 180});
    } else if (west < -180) {
      boxes.add(new double[] {south, west + 360, north, 180});
      boxes.add(new double[] {south, -180, north, east});
    } else if (east > 180) {
      boxes.add(new double[] {south, west, north, 180});
      boxes.add(new double[] {south, -180, north, east - 360});
    } else {
      boxes.add(new double[] {south, west, north, east});
    }
    return boxes;
  }

  static List<double[]> split(GeoBox box) {
    List<double[]> boxes = new ArrayList<>();
    if (box.west() <= box.east()) {
      boxes.add(new double[] {box.south(), box.west(), box.north(), box.east()});
    } else {
      boxes.add(new double[] {box.south(), box.west(), box.north(), 180});
      boxes.add(new double[] {box.south(), -180, box.north(), box.east()});
    }
    return boxes;
  }

  /**
   * The cells of the longest length (≤ maxLength) whose cover takes at most {@link #MAX_READS}
   * reads; when none does, of the length that takes fewest.
   */
  static List<String> cells(List<double[]> boxes, int maxLength, int partitionLength) {
    GeoHash.checkLength(maxLength);
    int best = maxLength;
    double bestReads = Double.MAX_VALUE;
    for (int length = maxLength; length >= 1; length--) {
      double reads = 0;
      for (double[] b : boxes) {
        reads += count(b, length);
      }
      reads *= Math.pow(32, Math.max(0, partitionLength - length));
      if (reads <= MAX_READS) {
        best = length;
        break;
      }
      if (reads < bestReads) {
        best = length;
        bestReads = reads;
      }
    }
    Set<String> out = new LinkedHashSet<>();
    for (double[] b : boxes) {
      enumerate(b, best, out);
    }
    return List.copyOf(out);
  }

  private static long count(double[] b, int length) {
    int latBits = GeoHash.latBits(length);
    int lonBits = GeoHash.lonBits(length);
    long rows = GeoHash.latIndex(b[2], latBits) - GeoHash.latIndex(b[0], latBits) + 1;
    long cols = GeoHash.lonIndex(b[3], lonBits) - GeoHash.lonIndex(b[1], lonBits) + 1;
    return rows * cols;
  }

  private static void enumerate(double[] b, int length, Set<String> out) {
    int latBits = GeoHash.latBits(length);
    int lonBits = GeoHash.lonBits(length);
    for (long row = GeoHash.latIndex(b[0], latBits); row <= GeoHash.latIndex(b[2], latBits); row++) {
      for (long col = GeoHash.lonIndex(b[1], lonBits); col <= GeoHash.lonIndex(b[3], lonBits); col++) {
        out.add(GeoHash.cell(row, col, length));
      }
    }
  }
}
