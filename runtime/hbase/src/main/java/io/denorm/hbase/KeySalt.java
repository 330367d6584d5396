package io.denorm.hbase;

import io.denorm.InvalidEntityException;
import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The salt byte in front of a salted entity's row keys: bucket {@code b} holds the rows whose salted
 * key components hash to {@code b}, in key order, between row keys {@code [b]} and {@code [b + 1]}.
 *
 * <p>The bucket is a hash of the encoded salted components, so it depends only on the stored key
 * and never on the JVM. It is part of the stored format: FNV-1a over the bytes, mixed with
 * Murmur3's 32-bit finalizer, modulo the bucket count. Changing it would strand every stored row.
 */
public final class KeySalt {

  /** No salt: row keys are the encoded key as is. */
  public static final KeySalt NONE = new KeySalt(0, 0);

  public static final int MAX_BUCKETS = 256;

  private final int buckets;
  private final int fields;

  private KeySalt(int buckets, int fields) {
    this.buckets = buckets;
    this.fields = fields;
  }

  /** A salt of {@code buckets} buckets picked by the first {@code fields} key components. */
  public static KeySalt of(int buckets, int fields) {
    if (buckets < 2 || buckets > MAX_BUCKETS) {
      throw new IllegalArgumentException("salt buckets must be 2 to " + MAX_BUCKETS + ", got " + buckets);
    }
    if (fields < 1) {
      throw new IllegalArgumentException("a salt is picked by at least one key component, got " + fields);
    }
    return new KeySalt(buckets, fields);
  }

  public boolean salted() {
    return buckets > 0;
  }

  public int buckets() {
    return buckets;
  }

  /** How many leading key components pick the bucket. */
  public int fields() {
    return fields;
  }

  /** How many bytes the salt adds in front of a key: 1 when salted, else 0. */
  public int length() {
    return salted() ? 1 : 0;
  }

  /** Whether a key prefix of {@code size} components binds every salted component. */
  public boolean binds(int size) {
    return salted() && size >= fields;
  }

  /** The bucket of a key whose leading components (at least {@link #fields}) are {@code storedKey}. */
  public int bucket(RowKeyCodec codec, List<?> storedKey) {
    byte[] salted = KeyRange.encode(codec, storedKey.subList(0, fields));
    return bucket(salted, salted.length);
  }

  /** The bucket of the encoded salted components: the first {@code length} bytes of {@code key}. */
  private int bucket(byte[] key, int length) {
    int h = 0x811C9DC5;
    for (int i = 0; i < length; i++) {
      h ^= key[i] & 0xFF;
      h *= 0x01000193;
    }
    h ^= h >>> 16;
    h *= 0x85EBCA6B;
    h ^= h >>> 13;
    h *= 0xC2B2AE35;
    h ^= h >>> 16;
    return Math.floorMod(h, buckets);
  }

  /** The row key of {@code storedKey}: its encoding, after the salt byte when salted. */
  public byte[] row(RowKeyCodec codec, List<?> storedKey, String entity) {
    if (!salted()) {
      return KeyRange.encode(codec, storedKey);
    }
    int[] ends = new int[storedKey.size()];
    byte[] key = codec.encode(HBaseKeys.keyForm(storedKey), ends);
    if (key.length + 1 > RowKeyCodec.MAX_KEY_BYTES) {
      String field = codec.components().get(codec.components().size() - 1).field();
      throw new InvalidEntityException(entity, field, "row key is over " + (key.length + 1) + " bytes with its salt byte; HBase allows " + RowKeyCodec.MAX_KEY_BYTES);
    }
    return inBucket(bucket(key, ends[fields - 1]), key);
  }

  /** {@code key} in bucket {@code bucket}. */
  static byte[] inBucket(int bucket, byte[] key) {
    byte[] out = new byte[key.length + 1];
    out[0] = (byte) bucket;
    System.arraycopy(key, 0, out, 1, key.length);
    return out;
  }

  /** The scan ranges of {@code range} in the salted table: one bucket if the range names one, else all. */
  List<KeyRange> ranges(KeyRange range) {
    if (!salted()) {
      return List.of(range);
    }
    if (range.bucket() >= 0) {
      return List.of(bucketRange(range.bucket(), range));
    }
    List<KeyRange> out = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      out.add(bucketRange(b, range));
    }
    return out;
  }

  private static KeyRange bucketRange(int bucket, KeyRange range) {
    byte[] stop = range.stop() != null ? inBucket(bucket, range.stop()) : KeyRange.after(new byte[] {(byte) bucket});
    return new KeyRange(inBucket(bucket, range.start()), stop);
  }

  /** The split points of a pre-split salted table: {@code [1]} to {@code [buckets - 1]}. */
  public List<byte[]> splits() {
    List<byte[]> out = new ArrayList<>();
    for (int b = 1; b < buckets; b++) {
      out.add(new byte[] {(byte) b});
    }
    return out;
  }

  /** Compares two row keys of this table by their unsalted keys: the order of the entity's key. */
  int compare(byte[] a, byte[] b) {
    int skip = length();
    return Arrays.compareUnsigned(a, skip, a.length, b, skip, b.length);
  }

  /** The unsalted key of a row key of this table. */
  byte[] unsalted(byte[] row) {
    return salted() ? Arrays.copyOfRange(row, 1, row.length) : row;
  }
}
