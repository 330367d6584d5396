package io.denorm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Pages over a parent's buckets ({@code @Bucket}), newest bucket first: a page is filled from one
 * bucket and continues in the next when the bucket runs out. The cursor names the bucket and the
 * position inside it.
 */
public final class BucketWalk {

  private BucketWalk() {}

  /**
   * The page {@code request} asks for. {@code buckets} lists the parent's buckets newest first;
   * {@code pageOf} reads one page of one bucket.
   */
  public static <T> Page<T> page(List<Long> buckets, BiFunction<Long, PageRequest, Page<T>> pageOf, PageRequest request) {
    int from = 0;
    String inner = null;
    if (request.cursor() != null) {
      String decoded;
      try {
        decoded = new String(Base64.getUrlDecoder().decode(request.cursor()), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw new InvalidCursorException("not a bucket cursor: " + request.cursor(), null);
      }
      int colon = decoded.indexOf(':');
      long bucket;
      try {
        bucket = Long.parseLong(colon < 0 ? decoded : decoded.substring(0, colon));
      } catch (NumberFormatException e) {
        throw new InvalidCursorException("not a bucket cursor: " + request.cursor(), null);
      }
      inner = colon < 0 || colon == decoded.length() - 1 ? null : decoded.substring(colon + 1);
      from = buckets.indexOf(bucket);
      if (from < 0) {
        // The bucket is not listed (a cursor from another parent): start at the first older one.
        from = 0;
        while (from < buckets.size() && buckets.get(from) > bucket) {
          from++;
        }
        inner = null;
      }
    }
    List<T> out = new ArrayList<>(request.size());
    for (int i = from; i < buckets.size(); i++) {
      long bucket = buckets.get(i);
      int left = request.size() - out.size();
      Page<T> part = pageOf.apply(bucket, inner == null ? PageRequest.ofSize(left) : PageRequest.of(left, inner));
      inner = null;
      out.addAll(part.content());
      if (part.hasNext()) {
        return new Page<>(out, cursor(bucket, part.nextCursor()));
      }
      if (out.size() >= request.size()) {
        return new Page<>(out, i + 1 < buckets.size() ? cursor(buckets.get(i + 1), null) : null);
      }
    }
    return new Page<>(out, null);
  }

  /** Every row of the parent's buckets, newest bucket first. */
  public static <T> List<T> list(List<Long> buckets, java.util.function.LongFunction<List<T>> bucket) {
    List<T> out = new ArrayList<>();
    for (long b : buckets) {
      out.addAll(bucket.apply(b));
    }
    return out;
  }

  private static String cursor(long bucket, String inner) {
    String plain = bucket + ":" + (inner == null ? "" : inner);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
  }
}
