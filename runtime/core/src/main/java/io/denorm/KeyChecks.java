package io.denorm;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Checks applied to key components before any statement is sent, so that bad input fails with an
 * error that names the entity and the field, and nothing is half-written.
 */
public final class KeyChecks {

  /** Cassandra rejects a key component larger than this (an unsigned short length). */
  public static final int MAX_KEY_COMPONENT_BYTES = 65_535;

  private KeyChecks() {}

  /**
   * Returns {@code value} when it can serve as a key component of {@code entity.field}; throws
   * {@link InvalidEntityException} when it is null or too large.
   */
  public static <T> T keyComponent(String entity, String field, T value) {
    if (value == null) {
      throw new InvalidEntityException(entity, field, "key component is null; every key component needs a value");
    }
    if (value instanceof String s) {
      wellFormed(entity, field, s);
    }
    long size = encodedSizeUpperBound(value);
    if (size > MAX_KEY_COMPONENT_BYTES) {
      throw new InvalidEntityException(entity, field,
          "key component is " + size + " bytes; the limit is " + MAX_KEY_COMPONENT_BYTES + " bytes");
    }
    return value;
  }

  /**
   * Throws {@link InvalidEntityException} when {@code value}, a key component of an index row that
   * {@code entity}'s field (stored in {@code column}) feeds, is over Cassandra's key size limit.
   */
  public static void indexKeySize(String entity, String column, String index, Object value) {
    if (value instanceof String s) {
      wellFormed(entity, column, s);
    }
    long size = value == null ? 0 : encodedSizeUpperBound(value);
    if (size > MAX_KEY_COMPONENT_BYTES) {
      throw new InvalidEntityException(entity, column, "is " + size + " bytes, but it is a key component of index table " + index
          + ", whose key components are limited to " + MAX_KEY_COMPONENT_BYTES + " bytes; nothing was written");
    }
  }

  /**
   * Returns {@code s} when it is well-formed UTF-16; throws {@link InvalidEntityException} when it
   * holds a surrogate without its pair. UTF-8 has no encoding for such a char: both stores would
   * keep a '?' instead, so that two different keys would become one.
   */
  public static String wellFormed(String entity, String field, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new InvalidEntityException(entity, field, String.format("holds an unpaired surrogate U+%04X at index %d; a key is stored as UTF-8,"
            + " which cannot encode it; nothing was written", (int) c, i));
      }
    }
    return s;
  }

  /** Throws {@link InvalidEntityException} unless {@code bucket} is {@code floorDiv(sequence, size)}. */
  public static void bucket(String entity, String field, long bucket, String sequenceField, long sequence, long size) {
    long expected = Math.floorDiv(sequence, size);
    if (bucket != expected) {
      throw new InvalidEntityException(entity, field, "is " + bucket + ", but " + sequenceField + " " + sequence + " belongs in bucket " + expected
          + " (floorDiv(" + sequenceField + ", " + size + ")); nothing was written");
    }
  }

  /** Throws {@link InvalidEntityException} unless {@code bucket} is the {@code unit} bucket of {@code time} ({@link TimeBuckets#of}). */
  public static void timeBucket(String entity, String field, long bucket, String timeField, java.time.Instant time, java.time.temporal.ChronoUnit unit) {
    if (time == null) {
      throw new InvalidEntityException(entity, timeField, "is null, but the bucket " + field + " is computed from it; nothing was written");
    }
    long expected = TimeBuckets.of(unit, time);
    if (bucket != expected) {
      throw new InvalidEntityException(entity, field, "is " + bucket + ", but " + timeField + " " + time + " belongs in bucket " + expected
          + " (TimeBuckets.of(" + unit.name() + ", " + timeField + ")); nothing was written");
    }
  }

  /** Throws {@link InvalidEntityException} unless ({@code lat}, {@code lon}) is a point: -90 to 90, -180 to 180 degrees. */
  public static void point(String entity, String latField, double lat, String lonField, double lon) {
    if (!(lat >= -90 && lat <= 90)) {
      throw new InvalidEntityException(entity, latField, "is " + lat + "; a latitude is -90 to 90 degrees; nothing was written");
    }
    if (!(lon >= -180 && lon <= 180)) {
      throw new InvalidEntityException(entity, lonField, "is " + lon + "; a longitude is -180 to 180 degrees; nothing was written");
    }
  }

  /** Returns {@code value} when it is not null; a query argument has to be bound to something. */
  public static <T> T argument(String entity, String field, T value) {
    if (value == null) {
      throw new InvalidEntityException(entity, field, "query argument is null; a finder needs a value for every key component it binds");
    }
    return value;
  }

  private static long encodedSizeUpperBound(Object value) {
    if (value instanceof String s) {
      // Cheap bound first: UTF-8 takes at most 3 bytes per UTF-16 unit.
      return (long) s.length() * 3 <= MAX_KEY_COMPONENT_BYTES ? s.length() : s.getBytes(StandardCharsets.UTF_8).length;
    }
    if (value instanceof byte[] b) {
      return b.length;
    }
    if (value instanceof ByteBuffer b) {
      return b.remaining();
    }
    return 0;
  }
}
