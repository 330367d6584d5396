package io.denorm.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.key.RowKeyCodec;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The salt byte: where rows go, which bucket ranges a scan reads, and that the stored format does not drift. */
class KeySaltTest {

  private static final RowKeyCodec CODEC = new RowKeyCodec("Trade", List.of(Component.of("symbol", Kind.STRING),
      new Component("at", Kind.LONG, true, false, null), Component.of("id", Kind.LONG)));
  private static final KeySalt SALT = KeySalt.of(16, 2);

  @Test
  void theBucketDependsOnlyOnTheSaltedComponents() {
    int b = SALT.bucket(CODEC, List.of("ACME", 5L, 1L));
    for (long id = 0; id < 100; id++) {
      byte[] row = SALT.row(CODEC, List.of("ACME", 5L, id), "Trade");
      assertEquals(b, row[0] & 0xFF);
      assertArrayEquals(CODEC.encode(List.of("ACME", 5L, id)), Arrays.copyOfRange(row, 1, row.length));
    }
  }

  /** The hash is part of the stored format: these buckets must never change. */
  @Test
  void bucketsArePinned() {
    assertEquals(List.of(SALT.bucket(CODEC, List.of("ACME", 0L)), SALT.bucket(CODEC, List.of("ACME", 1L)), SALT.bucket(CODEC, List.of("", 0L))),
        List.of(pinned("ACME", 0L), pinned("ACME", 1L), pinned("", 0L)));
    assertEquals(List.of(15, 1, 7), List.of(pinned("ACME", 0L), pinned("ACME", 1L), pinned("", 0L)));
  }

  /** FNV-1a then Murmur3 fmix32, written out independently of KeySalt. */
  private static int pinned(String symbol, long at) {
    byte[] bytes = CODEC.encode(List.of(symbol, at));
    long h = 0x811C9DC5L;
    for (byte x : bytes) {
      h = ((h ^ (x & 0xFF)) * 0x01000193L) & 0xFFFFFFFFL;
    }
    h ^= h >>> 16;
    h = (h * 0x85EBCA6BL) & 0xFFFFFFFFL;
    h ^= h >>> 13;
    h = (h * 0xC2B2AE35L) & 0xFFFFFFFFL;
    h ^= h >>> 16;
    return (int) Math.floorMod((int) h, 16);
  }

  @Test
  void keysSpreadEvenlyOverTheBuckets() {
    int[] counts = new int[16];
    for (long at = 0; at < 16_000; at++) {
      counts[SALT.bucket(CODEC, List.of("ACME", at))]++;
    }
    for (int c : counts) {
      assertTrue(c > 850 && c < 1150, "16,000 keys over 16 buckets: " + Arrays.toString(counts));
    }
  }

  /**
   * Brute force: a row lies in one of the bucket ranges of a scan exactly when its unsalted key lies
   * in the unsalted range; when the prefix binds the salted fields, the one bucket range holds them all.
   */
  @Test
  void bucketRangesSelectExactlyTheUnsaltedRange() {
    Random r = new Random(11);
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      rows.add(List.of(r.nextBoolean() ? "A" : "AB", (long) r.nextInt(30), (long) r.nextInt(5)));
    }
    int checked = 0;
    for (int q = 0; q < 200; q++) {
      String symbol = r.nextBoolean() ? "A" : "AB";
      long lo = r.nextInt(30);
      long hi = lo + r.nextInt(10);
      KeyRange open = KeyRange.between(CODEC, List.of(symbol), lo, r.nextBoolean(), hi, r.nextBoolean());
      List<KeyRange> parts = SALT.ranges(open);
      assertEquals(16, parts.size());
      long at = r.nextInt(30);
      KeyRange bound = KeyRange.prefix(CODEC, List.of(symbol, at));
      bound = bound.inBucket(SALT.bucket(CODEC, List.of(symbol, at)));
      assertEquals(1, SALT.ranges(bound).size());
      for (List<Object> row : rows) {
        byte[] salted = SALT.row(CODEC, row, "Trade");
        byte[] unsalted = CODEC.encode(row);
        long inParts = parts.stream().filter(p -> p.contains(salted)).count();
        assertEquals(open.contains(unsalted) ? 1 : 0, inParts, row + " in " + symbol + " [" + lo + ", " + hi + "]");
        boolean sameTime = row.get(0).equals(symbol) && row.get(1).equals(at);
        assertEquals(sameTime, SALT.ranges(bound).get(0).contains(salted), row + " at " + symbol + "/" + at);
        checked++;
      }
    }
    assertEquals(100_000, checked);
  }

  @Test
  void mergeOrderIgnoresTheSaltByte() {
    byte[] a = SALT.row(CODEC, List.of("A", 9L, 1L), "Trade");
    byte[] b = SALT.row(CODEC, List.of("A", 3L, 1L), "Trade");
    assertTrue(SALT.compare(a, b) < 0, "at is descending: 9 before 3 whatever the buckets");
    assertEquals(0, SALT.compare(a, SALT.row(CODEC, List.of("A", 9L, 1L), "Trade")));
  }

  @Test
  void aKeyThatFitsOnlyWithoutItsSaltByteIsRejected() {
    RowKeyCodec one = new RowKeyCodec("Blob", List.of(Component.of("name", Kind.STRING)));
    KeySalt salt = KeySalt.of(4, 1);
    String name = "x".repeat(RowKeyCodec.MAX_KEY_BYTES - 3); // presence byte + text + two terminator bytes = the limit
    assertEquals(RowKeyCodec.MAX_KEY_BYTES, one.encode(List.of(name)).length);
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> salt.row(one, List.of(name), "Blob"));
    assertTrue(e.getMessage().contains("Blob") && e.getMessage().contains("name"), e.getMessage());
  }

  @Test
  void splitsStartEveryBucketButTheFirst() {
    List<byte[]> splits = KeySalt.of(4, 1).splits();
    assertEquals(3, splits.size());
    for (int b = 1; b < 4; b++) {
      assertArrayEquals(new byte[] {(byte) b}, splits.get(b - 1));
    }
    assertThrows(IllegalArgumentException.class, () -> KeySalt.of(257, 1));
    assertThrows(IllegalArgumentException.class, () -> KeySalt.of(1, 1));
    assertThrows(IllegalArgumentException.class, () -> KeySalt.of(16, 0));
  }
}
