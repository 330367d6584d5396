package io.denorm.key;

import io.denorm.InvalidEntityException;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.util.Arrays;

/**
 * Writes one row key of a {@link RowKeyCodec} from typed values, component by component in key
 * order ({@link RowKeyCodec#writer()}): the generated HBase mappers' path from an entity's fields to
 * its key, with no value list and no boxing. The bytes are those of {@link RowKeyCodec#encode}, and
 * a value that {@code encode} refuses is refused here with the same {@link InvalidEntityException}.
 *
 * <p>{@link RowKeyCodec#writer(int)} gives a writer of its own, sized for the key: a key of that
 * size is returned as written, with no copy. {@link RowKeyCodec#writer()} gives the thread's writer,
 * reused: the key is built in its buffer and copied out at its length by {@link #toKey()}; compute
 * every value before taking it, so that nothing else writes a key on this thread while it is in use.
 */
public final class KeyWriter {

  /** The size of each thread's buffer; one grown past it by a long key is dropped after that key. */
  private static final int SCRATCH_BYTES = 1024;

  private static final ThreadLocal<KeyWriter> SCRATCH = ThreadLocal.withInitial(() -> new KeyWriter(SCRATCH_BYTES));

  byte[] bytes;
  int size;
  /** The codec whose key is being written, and the next component's position in it. */
  private RowKeyCodec codec;
  private int next;
  /** Whether the buffer is this writer's alone (not a thread's scratch): a key that fills it exactly is returned as it is. */
  private final boolean own;

  KeyWriter(int capacity) {
    this(capacity, false);
  }

  private KeyWriter(int capacity, boolean own) {
    bytes = new byte[capacity];
    this.own = own;
  }

  /** A writer of its own for a key of {@code codec} expected to take {@code size} bytes (a key of another size is copied once). */
  static KeyWriter sized(RowKeyCodec codec, int size) {
    KeyWriter w = new KeyWriter(Math.max(1, Math.min(size, SCRATCH_BYTES)), true);
    w.codec = codec;
    return w;
  }

  /** This thread's writer, emptied, for a key of {@code codec}. */
  static KeyWriter scratch(RowKeyCodec codec) {
    KeyWriter w = SCRATCH.get();
    w.codec = codec;
    w.size = 0;
    w.next = 0;
    return w;
  }

  /** The next component: a string (or null, where the component allows it). */
  public KeyWriter string(String value) {
    Component c = component(Kind.STRING);
    int start = size;
    if (value == null) {
      absent(c);
    } else {
      write(0x01);
      codec.string(c, value, this);
    }
    return ended(c, start);
  }

  /** The next component: a long. */
  public KeyWriter longValue(long value) {
    Component c = component(Kind.LONG);
    int start = size;
    ensure(9);
    bytes[size] = 0x01;
    RowKeyCodec.LONG_BE.set(bytes, size + 1, value ^ Long.MIN_VALUE);
    size += 9;
    return ended(c, start);
  }

  /** The next component: an int. */
  public KeyWriter intValue(int value) {
    Component c = component(Kind.INT);
    int start = size;
    ensure(5);
    bytes[size] = 0x01;
    RowKeyCodec.INT_BE.set(bytes, size + 1, value ^ Integer.MIN_VALUE);
    size += 5;
    return ended(c, start);
  }

  /** The next component, of any kind, from its (boxed) value: what {@link RowKeyCodec#encode} does for it. */
  public KeyWriter value(Object value) {
    Component c = component(null);
    int start = size;
    codec.encodeComponent(c, value, this);
    return ended(c, start);
  }

  /** The key written: every component of the codec, each once. */
  public byte[] toKey() {
    if (codec == null) {
      throw new IllegalStateException("no key is being written: take the writer from RowKeyCodec.writer()");
    }
    if (next != codec.size()) {
      throw new IllegalStateException(codec.entity() + ": " + next + " of " + codec.size() + " key components written");
    }
    return copy();
  }

  /**
   * The bytes written, copied out (a writer of its own filled exactly: its buffer); the writer lets go
   * of its codec, and this thread's buffer is dropped if a long key grew it.
   */
  byte[] copy() {
    codec = null;
    if (own) {
      return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
    }
    byte[] key = Arrays.copyOf(bytes, size);
    if (bytes.length > SCRATCH_BYTES && this == SCRATCH.get()) {
      SCRATCH.remove();
    }
    return key;
  }

  private Component component(Kind kind) {
    if (codec == null || next >= codec.size()) {
      throw new IllegalStateException(codec == null ? "no key is being written: take the writer from RowKeyCodec.writer()"
          : codec.entity() + ": more values than the key's " + codec.size() + " components");
    }
    Component c = codec.part(next++);
    if (kind != null && c.kind() != kind) {
      throw new IllegalStateException(codec.entity() + "." + c.field() + " is a " + c.kind() + " key component, written as a " + kind);
    }
    return c;
  }

  private void absent(Component c) {
    if (!c.nullable()) {
      throw new InvalidEntityException(codec.entity(), c.field(), "key component is null; every key component needs a value");
    }
    write(0x00);
  }

  private KeyWriter ended(Component c, int start) {
    if (size > RowKeyCodec.MAX_KEY_BYTES) {
      throw new InvalidEntityException(codec.entity(), c.field(), "row key is over " + size + " bytes; HBase allows " + RowKeyCodec.MAX_KEY_BYTES);
    }
    if (c.descending()) {
      invertFrom(start);
    }
    return this;
  }

  // ---- the buffer -----------------------------------------------------------------------------

  void write(int b) {
    if (size == bytes.length) {
      bytes = Arrays.copyOf(bytes, size * 2);
    }
    bytes[size++] = (byte) b;
  }

  /** Room for {@code n} more bytes. */
  void ensure(int n) {
    if (size + n > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + n));
    }
  }

  int size() {
    return size;
  }

  void invertFrom(int start) {
    for (int i = start; i < size; i++) {
      bytes[i] = (byte) ~bytes[i];
    }
  }

  byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }
}
