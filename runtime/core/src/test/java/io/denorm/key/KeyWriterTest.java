package io.denorm.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The typed key path's refusals: each names the entity and field, as {@link RowKeyCodec#encode}'s
 * do, and a misuse of the writer or the reader (wrong kind, too few or too many components, bytes
 * left over) fails instead of writing or reading another key. Its bytes and values are checked
 * against the list path in {@link RowKeyCodecPropertiesTest}.
 */
class KeyWriterTest {

  static final RowKeyCodec READING = new RowKeyCodec("Reading", List.of(Component.of("sensorId", Kind.STRING),
      new Component("at", Kind.LONG, true, false, null), Component.of("seq", Kind.INT), Component.of("taken", Kind.INSTANT)));

  @Test
  void aTypedKeyIsTheListKey() {
    Instant taken = Instant.parse("2026-11-28T01:02:03.004Z");
    byte[] key = READING.writer().string("s-1").longValue(42L).intValue(-7).value(taken).toKey();
    assertArrayEquals(READING.encode(List.of("s-1", 42L, -7, taken)), key);
    KeyReader r = READING.reader(key, 0);
    assertEquals("s-1", r.string());
    assertEquals(42L, r.longValue());
    assertEquals(-7, r.intValue());
    assertEquals(taken, r.value());
    r.end();
  }

  @Test
  void aSizedWriterReturnsItsBufferOnlyWhenTheKeyFillsIt() {
    Instant taken = Instant.parse("2026-11-28T01:02:03.004Z");
    byte[] expected = READING.encode(List.of("s-1", 42L, -7, taken));
    assertArrayEquals(expected, READING.writer(3).string("s-1").longValue(42L).intValue(-7).value(taken).toKey(), "exactly sized");
    assertArrayEquals(expected, READING.writer(0).string("s-1").longValue(42L).intValue(-7).value(taken).toKey(), "too small: grown");
    assertArrayEquals(expected, READING.writer(40).string("s-1").longValue(42L).intValue(-7).value(taken).toKey(), "too large: copied");
    byte[] accented = READING.encode(List.of("é\u0000x", 1L, 2, taken));
    assertArrayEquals(accented, READING.writer(3).string("é\u0000x").longValue(1L).intValue(2).value(taken).toKey(), "escaped non-ASCII");
    KeyWriter done = READING.writer(3);
    done.string("s-1").longValue(42L).intValue(-7).value(taken).toKey();
    assertThrows(IllegalStateException.class, done::toKey, "a writer writes one key");
  }

  @Test
  void aNullComponentIsRefusedNamingTheField() {
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> READING.writer().string(null));
    assertEquals("Reading", e.entity());
    assertEquals("sensorId", e.field());
    // the writer is usable again after a refusal
    assertEquals(READING.encode(List.of("s", 1L, 2, Instant.EPOCH)).length,
        READING.writer().string("s").longValue(1L).intValue(2).value(Instant.EPOCH).toKey().length);
  }

  @Test
  void aValueOfTheWrongTypeIsRefusedNamingTheField() {
    InvalidEntityException e = assertThrows(InvalidEntityException.class,
        () -> READING.writer().string("s").longValue(1L).intValue(2).value("not an instant"));
    assertEquals("taken", e.field());
  }

  @Test
  void aKeyOverTheLimitIsRefusedNamingTheField() {
    String big = "x".repeat(RowKeyCodec.MAX_KEY_BYTES - 3);
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> READING.writer().string(big).longValue(1L));
    assertEquals("at", e.field());
    assertTrue(e.getMessage().contains("HBase allows " + RowKeyCodec.MAX_KEY_BYTES), e.getMessage());
  }

  @Test
  void misuseFailsInsteadOfWritingAnotherKey() {
    assertThrows(IllegalStateException.class, () -> READING.writer().longValue(1L), "a string component written as a long");
    assertThrows(IllegalStateException.class, () -> READING.writer().string("s").longValue(1L).toKey(), "two of four components");
    assertThrows(IllegalStateException.class,
        () -> READING.writer().string("s").longValue(1L).intValue(2).value(Instant.EPOCH).value(3), "a fifth component");
  }

  @Test
  void theReaderChecksKindsCountAndLength() {
    byte[] key = READING.encode(List.of("s", 1L, 2, Instant.EPOCH));
    assertThrows(IllegalStateException.class, () -> READING.reader(key, 0).intValue(), "a string read as an int");
    KeyReader partly = READING.reader(key, 0);
    partly.string();
    assertThrows(IllegalStateException.class, partly::end, "one of four components read");
    byte[] longer = java.util.Arrays.copyOf(key, key.length + 1);
    KeyReader all = READING.reader(longer, 0);
    all.string();
    all.longValue();
    all.intValue();
    all.value();
    assertThrows(IllegalArgumentException.class, all::end, "a byte after the last component");
  }

  @Test
  void anAbsentComponentIsMalformedForAPrimitive() {
    RowKeyCodec nullable = new RowKeyCodec("Reading", List.of(new Component("at", Kind.LONG, false, true, null)));
    byte[] key = nullable.encode(java.util.Arrays.asList((Object) null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> nullable.reader(key, 0).longValue());
    assertTrue(e.getMessage().contains("Reading.at"), e.getMessage());
    assertEquals(null, nullable.reader(key, 0).value());
  }
}
