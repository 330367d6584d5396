package io.denorm.hbase;

import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of a key prefix, optionally narrowed by a range on the next key component, as an HBase
 * scan range: {@code start} inclusive, {@code stop} exclusive (null: to the end of the table).
 *
 * <p>Every component encoding is prefix-free, so the rows whose component equals {@code v} are
 * exactly those whose key starts with {@code P + e(v)}; a strict bound skips that whole block with
 * {@link #after}. A descending component reverses byte order, so its bounds swap ends.
 *
 * <p>In a salted table ({@link KeySalt}) the range is over unsalted keys; {@code bucket} is the one
 * bucket that holds it when the prefix binds every salted component, else -1 (every bucket).
 */
public record KeyRange(byte[] start, byte[] stop, int bucket) {

  public KeyRange(byte[] start, byte[] stop) {
    this(start, stop, -1);
  }

  /** This range, known to lie in bucket {@code bucket} of a salted table. */
  public KeyRange inBucket(int bucket) {
    return new KeyRange(start, stop, bucket);
  }

  /** Every row whose leading key components are {@code prefix} (stored form). */
  public static KeyRange prefix(RowKeyCodec codec, List<?> prefix) {
    byte[] p = encode(codec, prefix);
    return new KeyRange(p, after(p));
  }

  /**
   * Rows of {@code prefix} whose next component lies between {@code lower} and {@code upper}; a
   * null bound is open.
   */
  public static KeyRange between(RowKeyCodec codec, List<?> prefix, Object lower, boolean lowerInclusive, Object upper,
      boolean upperInclusive) {
    return span(codec, prefix, lower == null ? null : List.of(lower), lowerInclusive, upper == null ? null : List.of(upper), upperInclusive);
  }

  /**
   * The keys under {@code prefix} whose next components lie between {@code lower} and {@code upper}
   * (each the values of those components, null: open), compared as one tuple. The components share
   * one direction, that of the first: stored descending, the upper bound comes first.
   */
  public static KeyRange span(RowKeyCodec codec, List<?> prefix, List<?> lower, boolean lowerInclusive, List<?> upper,
      boolean upperInclusive) {
    byte[] p = encode(codec, prefix);
    boolean descending = codec.components().get(prefix.size()).descending();
    byte[] lo = lower == null ? null : encode(codec, concat(prefix, lower));
    byte[] hi = upper == null ? null : encode(codec, concat(prefix, upper));
    if (!descending) {
      byte[] start = lo == null ? p : lowerInclusive ? lo : after(lo);
      byte[] stop = hi == null ? after(p) : upperInclusive ? after(hi) : hi;
      return new KeyRange(start, stop);
    }
    byte[] start = hi == null ? p : upperInclusive ? hi : after(hi);
    byte[] stop = lo == null ? after(p) : lowerInclusive ? after(lo) : lo;
    return new KeyRange(start, stop);
  }

  private static List<Object> concat(List<?> a, List<?> b) {
    List<Object> out = new java.util.ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** Whether {@code row} lies in this range. */
  public boolean contains(byte[] row) {
    return Arrays.compareUnsigned(row, start) >= 0 && (stop == null || Arrays.compareUnsigned(row, stop) < 0);
  }

  /** Whether no row can lie in this range. */
  public boolean isEmpty() {
    return stop != null && Arrays.compareUnsigned(start, stop) >= 0;
  }

  /** The smallest byte string greater than every string that starts with {@code prefix}; null if none. */
  static byte[] after(byte[] prefix) {
    int end = prefix.length;
    while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
      end--;
    }
    if (end == 0) {
      return null;
    }
    byte[] out = Arrays.copyOf(prefix, end);
    out[end - 1]++;
    return out;
  }

  static byte[] encode(RowKeyCodec codec, List<?> storedValues) {
    return codec.encode(HBaseKeys.keyForm(storedValues));
  }
}
