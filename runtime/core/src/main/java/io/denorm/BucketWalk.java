package io.denorm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Pages over a parent's buckets ({@code @Bucket}) in walk order (newest first, or oldest first): a
 * page is filled from one bucket and continues in the next when the bucket runs out. The cursor
 * names the bucket and the position inside it.
 */
public final class BucketWalk {

  private BucketWalk() {}

  /**
   * The page {@code request} asks for. {@code bucketsFrom} lists the parent's buckets lazily in walk
   * order, from the walk's first bucket (argument null) or from a given bucket on (inclusive), so a
   * resumed walk reads no bucket before its cursor; {@code pageOf} reads one page of one bucket.
   */
  public static <T> Page<T> page(Function<Long, Iterator<Long>> bucketsFrom, BiFunction<Long, PageRequest, Page<T>> pageOf,
      PageRequest request) {
    Long from = null;
    String inner = null;
    if (request.cursor() != null) {
      String decoded;
      try {
        decoded = new String(Base64.getUrlDecoder().decode(request.cursor()), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw new InvalidCursorException("not a bucket cursor: " + request.cursor(), null);
      }
      int colon = decoded.indexOf(':');
      try {
        from = Long.parseLong(colon < 0 ? decoded : decoded.substring(0, colon));
      } catch (NumberFormatException e) {
        throw new InvalidCursorException("not a bucket cursor: " + request.cursor(), null);
      }
      inner = colon < 0 || colon == decoded.length() - 1 ? null : decoded.substring(colon + 1);
    }
    Iterator<Long> buckets = bucketsFrom.apply(from);
    List<T> out = new ArrayList<>(request.size());
    boolean first = true;
    while (buckets.hasNext()) {
      long bucket = buckets.next();
      if (first && from != null && bucket != from) {
        inner = null; // the cursor's bucket is gone (emptied, or a cursor of another parent): start the next one
      }
      first = false;
      int left = request.size() - out.size();
      Page<T> part = pageOf.apply(bucket, inner == null ? PageRequest.ofSize(left) : PageRequest.of(left, inner));
      inner = null;
      out.addAll(part.content());
      if (part.hasNext()) {
        return new Page<>(out, cursor(bucket, part.nextCursor()));
      }
      if (out.size() >= request.size()) {
        return new Page<>(out, buckets.hasNext() ? cursor(buckets.next(), null) : null);
      }
    }
    return new Page<>(out, null);
  }

  /** Every row of the parent's buckets, in walk order. */
  public static <T> List<T> list(Iterator<Long> buckets, LongFunction<List<T>> bucket) {
    List<T> out = new ArrayList<>();
    while (buckets.hasNext()) {
      out.addAll(bucket.apply(buckets.next()));
    }
    return out;
  }

  private static String cursor(long bucket, String inner) {
    String plain = bucket + ":" + (inner == null ? "" : inner);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
  }
}
