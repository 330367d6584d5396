package io.denorm.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Intersections and unions of sorted id streams ({@code findIdsBy…} of several indexes, each in the
 * stores' key order), merged lazily: each input is read as far as the merge needs, a page at a time,
 * and nothing is held but one id per input. Inputs must be sorted by {@link #KEY_ORDER} without
 * repeats, as index reads return them; so is the result.
 */
public final class SortedIds {

  private SortedIds() {}

  /**
   * The order both stores keep ids in: strings by code point (UTF-8 byte order), numbers by value,
   * UUIDs in Cassandra's order ({@link io.denorm.key.UuidOrder}), blobs by unsigned bytes. Java's
   * {@code String.compareTo} (UTF-16 units), {@code UUID.compareTo} (signed halves) and {@code
   * ByteBuffer.compareTo} (signed bytes) differ.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Comparator<Object> KEY_ORDER = (a, b) -> {
    if (a instanceof String x && b instanceof String y) {
      return compareCodePoints(x, y);
    }
    if (a instanceof java.util.UUID x && b instanceof java.util.UUID y) {
      return io.denorm.key.UuidOrder.compare(x, y);
    }
    if (a instanceof java.nio.ByteBuffer x && b instanceof java.nio.ByteBuffer y) {
      return java.util.Arrays.compareUnsigned(bytes(x), bytes(y));
    }
    return ((Comparable) a).compareTo(b);
  };

  private static byte[] bytes(java.nio.ByteBuffer b) {
    byte[] raw = new byte[b.remaining()];
    b.duplicate().get(raw);
    return raw;
  }

  private static int compareCodePoints(String x, String y) {
    int i = 0;
    int j = 0;
    while (i < x.length() && j < y.length()) {
      int a = x.codePointAt(i);
      int b = y.codePointAt(j);
      if (a != b) {
        return Integer.compare(a, b);
      }
      i += Character.charCount(a);
      j += Character.charCount(b);
    }
    return Integer.compare(x.length() - i, y.length() - j);
  }

  /** The ids in every one of {@code inputs}. */
  @SafeVarargs
  public static <K> Stream<K> intersect(Stream<K>... inputs) {
    return merge(true, inputs);
  }

  /** The ids in any of {@code inputs}, each once. */
  @SafeVarargs
  public static <K> Stream<K> union(Stream<K>... inputs) {
    return merge(false, inputs);
  }

  @SafeVarargs
  private static <K> Stream<K> merge(boolean all, Stream<K>... inputs) {
    if (inputs.length == 0) {
      return Stream.empty();
    }
    List<Head<K>> heads = new ArrayList<>();
    for (Stream<K> s : inputs) {
      heads.add(new Head<>(s.iterator()));
    }
    Iterator<K> merged = all ? new Intersection<>(heads) : new Union<>(heads);
    Stream<K> out = StreamSupport.stream(Spliterators.spliteratorUnknownSize(merged, Spliterator.ORDERED | Spliterator.DISTINCT | Spliterator.NONNULL), false);
    for (Stream<K> s : inputs) {
      out = out.onClose(s::close);
    }
    return out;
  }

  /** One input and the id it is at (null once it is used up). */
  private static final class Head<K> {
    final Iterator<K> rest;
    K id;
    Object last;

    Head(Iterator<K> rest) {
      this.rest = rest;
      advance();
    }

    void advance() {
      K next = rest.hasNext() ? rest.next() : null;
      if (next != null && last != null && KEY_ORDER.compare(last, next) >= 0) {
        throw new IllegalStateException("ids out of key order: " + next + " after " + last + "; merge only sorted id streams (findIdsBy…)");
      }
      id = next;
      if (next != null) {
        last = next;
      }
    }
  }

  private static final class Intersection<K> implements Iterator<K> {
    private final List<Head<K>> heads;
    private K next;

    Intersection(List<Head<K>> heads) {
      this.heads = heads;
    }

    @Override
    public boolean hasNext() {
      if (next != null) {
        return true;
      }
      while (true) {
        Object max = null;
        for (Head<K> h : heads) {
          if (h.id == null) {
            return false;
          }
          if (max == null || KEY_ORDER.compare(h.id, max) > 0) {
            max = h.id;
          }
        }
        boolean same = true;
        for (Head<K> h : heads) {
          while (h.id != null && KEY_ORDER.compare(h.id, max) < 0) {
            h.advance();
          }
          if (h.id == null) {
            return false;
          }
          same &= KEY_ORDER.compare(h.id, max) == 0;
        }
        if (same) {
          next = heads.get(0).id;
          heads.forEach(Head::advance);
          return true;
        }
      }
    }

    @Override
    public K next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      K out = next;
      next = null;
      return out;
    }
  }

  private static final class Union<K> implements Iterator<K> {
    private final List<Head<K>> heads;

    Union(List<Head<K>> heads) {
      this.heads = heads;
    }

    @Override
    public boolean hasNext() {
      return heads.stream().anyMatch(h -> h.id != null);
    }

    @Override
    public K next() {
      K min = null;
      for (Head<K> h : heads) {
        if (h.id != null && (min == null || KEY_ORDER.compare(h.id, min) < 0)) {
          min = h.id;
        }
      }
      if (min == null) {
        throw new NoSuchElementException();
      }
      for (Head<K> h : heads) {
        if (h.id != null && KEY_ORDER.compare(h.id, min) == 0) {
          h.advance();
        }
      }
      return min;
    }
  }
}
