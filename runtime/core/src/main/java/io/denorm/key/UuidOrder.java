package io.denorm.key;

import java.util.UUID;

/**
 * The order Cassandra keeps {@code uuid} values in, which both stores use for UUID keys (Java's
 * {@link UUID#compareTo} compares the halves as signed numbers and differs): by version first; two
 * time-based (version 1) UUIDs by their timestamp, others by their high half as an unsigned number;
 * then by the low half, unsigned.
 */
public final class UuidOrder {

  private UuidOrder() {}

  public static int compare(UUID a, UUID b) {
    int va = a.version();
    int vb = b.version();
    if (va != vb) {
      return Integer.compare(va, vb);
    }
    int high = Long.compareUnsigned(orderedHigh(a.getMostSignificantBits()), orderedHigh(b.getMostSignificantBits()));
    return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
  }

  /**
   * The high half as it sorts: for a time-based UUID its fields moved so that the timestamp's high,
   * middle and low parts come in that order (version and high time bits, then the middle, then the
   * low 32 bits); any other high half as it is. Compared unsigned.
   */
  static long orderedHigh(long msb) {
    if (((msb >>> 12) & 0xF) != 1) {
      return msb;
    }
    return (msb << 48) | ((msb << 16) & 0xFFFF_0000_0000L) | (msb >>> 32);
  }

  /** The high half of a UUID of {@code version} from {@link #orderedHigh}. */
  static long high(long ordered, int version) {
    if (version != 1) {
      return ordered;
    }
    return ((ordered & 0xFFFF_FFFFL) << 32) | (((ordered >>> 32) & 0xFFFFL) << 16) | (ordered >>> 48);
  }
}
