package io.denorm.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.denorm.key.RowKeyCodec;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Scan ranges computed on encoded keys select exactly the tuples the finder's predicate selects:
 * checked against brute force over random (prefix, value) tuples, ascending and descending, with
 * every combination of open, inclusive and exclusive bounds.
 */
class KeyRangeTest {

  @Test
  void rangesSelectExactlyThePredicate() {
    Random r = new Random(42);
    int checked = 0;
    for (boolean descending : new boolean[] {false, true}) {
      RowKeyCodec codec = new RowKeyCodec("T", List.of(Component.of("s", Kind.STRING),
          new Component("n", Kind.LONG, descending, false, null), Component.of("t", Kind.STRING)));
      List<List<Object>> rows = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        rows.add(List.of(pick(r, "CA", "CAx", "C", ""), (long) (r.nextInt(21) - 10), pick(r, "a", "b", "")));
      }
      for (int q = 0; q < 300; q++) {
        String prefix = pick(r, "CA", "CAx", "C", "");
        Long lower = r.nextInt(4) == 0 ? null : (long) (r.nextInt(25) - 12);
        Long upper = r.nextInt(4) == 0 ? null : (long) (r.nextInt(25) - 12);
        boolean lowerInclusive = r.nextBoolean();
        boolean upperInclusive = r.nextBoolean();
        KeyRange range = KeyRange.between(codec, List.of(prefix), lower, lowerInclusive, upper, upperInclusive);
        for (List<Object> row : rows) {
          long n = (Long) row.get(1);
          boolean expected = row.get(0).equals(prefix)
              && (lower == null || (lowerInclusive ? n >= lower : n > lower))
              && (upper == null || (upperInclusive ? n <= upper : n < upper));
          assertEquals(expected, !range.isEmpty() && range.contains(codec.encode(row)),
              row + " in " + prefix + " " + lower + (lowerInclusive ? "]" : ")") + " " + upper + (upperInclusive ? "]" : ")") + " desc=" + descending);
          checked++;
        }
      }
    }
    assertEquals(2 * 300 * 400, checked);
  }

  @Test
  void aPrefixRangeNeverTakesALongerValue() {
    RowKeyCodec codec = new RowKeyCodec("User", List.of(Component.of("state", Kind.STRING), Component.of("city", Kind.STRING)));
    KeyRange sf = KeyRange.prefix(codec, List.of("CA", "San Francisco"));
    assertEquals(true, sf.contains(codec.encode(List.of("CA", "San Francisco"))));
    assertEquals(false, sf.contains(codec.encode(List.of("CA", "San Francisco Bay"))));
  }

  @Test
  void afterOfAllOnesIsUnbounded() {
    assertNull(KeyRange.after(new byte[] {(byte) 0xFF, (byte) 0xFF}));
    assertEquals(List.of((byte) 1, (byte) 3), toList(KeyRange.after(new byte[] {1, 2, (byte) 0xFF})));
  }

  private static List<Byte> toList(byte[] b) {
    List<Byte> out = new ArrayList<>();
    for (byte x : b) {
      out.add(x);
    }
    return out;
  }

  private static String pick(Random r, String... options) {
    return options[r.nextInt(options.length)];
  }
}
