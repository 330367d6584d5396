package io.denorm.key;

import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.nio.charset.StandardCharsets;

/**
 * Reads the components of one row key of a {@link RowKeyCodec} as typed values, in key order
 * ({@link RowKeyCodec#reader}): the generated HBase mappers' path from a key to an entity's fields,
 * with no value list and no boxing. It reads what {@link RowKeyCodec#decode(byte[], int)} reads;
 * {@link #end()} checks that the key holds nothing more.
 */
public final class KeyReader {

  private final RowKeyCodec codec;
  private final byte[] key;
  private int pos;
  private int next;

  KeyReader(RowKeyCodec codec, byte[] key, int offset) {
    this.codec = codec;
    this.key = key;
    this.pos = offset;
  }

  /** The next component, a string (null where the key holds none). */
  public String string() {
    Component c = component(Kind.STRING);
    if (!c.descending() && present(c)) {
      int start = pos + 1;
      int end = start;
      while (end < key.length && key[end] != 0) {
        end++;
      }
      if (end + 1 < key.length && key[end + 1] == 0x01) { // no escaped zero: straight from the key
        pos = end + 2;
        return new String(key, start, end - start, StandardCharsets.UTF_8);
      }
    }
    return (String) generic(c);
  }

  /** The next component, a long. */
  public long longValue() {
    Component c = component(Kind.LONG);
    if (present(c) && pos + 9 <= key.length) {
      long raw = (long) RowKeyCodec.LONG_BE.get(key, pos + 1);
      pos += 9;
      return (c.descending() ? ~raw : raw) ^ Long.MIN_VALUE;
    }
    return (Long) required(c);
  }

  /** The next component, an int. */
  public int intValue() {
    Component c = component(Kind.INT);
    if (present(c) && pos + 5 <= key.length) {
      int raw = (int) RowKeyCodec.INT_BE.get(key, pos + 1);
      pos += 5;
      return (c.descending() ? ~raw : raw) ^ Integer.MIN_VALUE;
    }
    return (Integer) required(c);
  }

  /** The next component, of any kind, as {@link RowKeyCodec#decode} gives it (byte arrays as {@code byte[]}). */
  public Object value() {
    return generic(component(null));
  }

  /** Checks that every component was read and that the key ends with the last. */
  public void end() {
    if (next != codec.size()) {
      throw new IllegalStateException(codec.entity() + ": " + next + " of " + codec.size() + " key components read");
    }
    if (pos != key.length) {
      throw new IllegalArgumentException(codec.entity() + ": " + (key.length - pos) + " bytes left after the last key component");
    }
  }

  private Component component(Kind kind) {
    if (next >= codec.size()) {
      throw new IllegalStateException(codec.entity() + ": more reads than the key's " + codec.size() + " components");
    }
    Component c = codec.part(next++);
    if (kind != null && c.kind() != kind) {
      throw new IllegalStateException(codec.entity() + "." + c.field() + " is a " + c.kind() + " key component, read as a " + kind);
    }
    return c;
  }

  /** Whether the component at the position is present (its presence byte, inverted when descending, is 01). */
  private boolean present(Component c) {
    return pos < key.length && ((key[pos] & 0xFF) ^ (c.descending() ? 0xFF : 0x00)) == 0x01;
  }

  private Object generic(Component c) {
    int[] cursor = {pos};
    Object value = codec.decodeComponent(c, key, cursor);
    pos = cursor[0];
    return value;
  }

  /** A component a primitive field takes: absent is a malformed key for it. */
  private Object required(Component c) {
    Object value = generic(c);
    if (value == null) {
      throw new IllegalArgumentException(codec.entity() + "." + c.field() + ": the key holds no value for a primitive field");
    }
    return value;
  }
}
