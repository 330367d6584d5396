package io.denorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cursor logic of {@link BucketWalk}, over buckets held in lists (the store paging is tested on the servers). */
class BucketWalkTest {

  /** Buckets 5 (3 rows), 3 (0 rows, emptied), 1 (4 rows), paged 2 rows at a time by a cursor holding the next offset. */
  private static final Map<Long, List<String>> ROWS = Map.of(5L, List.of("e3", "e2", "e1"), 3L, List.of(), 1L, List.of("a4", "a3", "a2", "a1"));
  private static final List<Long> BUCKETS = List.of(5L, 3L, 1L);

  /** The bucket list as a store gives it, newest first from a bucket on; records each start asked for. */
  private static final List<Long> ASKED = new ArrayList<>();

  private static java.util.Iterator<Long> newestFrom(Long from) {
    ASKED.add(from);
    return BUCKETS.stream().filter(b -> from == null || b <= from).iterator();
  }

  private static Page<String> bucketPage(long bucket, PageRequest request) {
    List<String> rows = ROWS.get(bucket);
    int from = request.cursor() == null ? 0 : Integer.parseInt(request.cursor());
    int to = Math.min(rows.size(), from + request.size());
    return new Page<>(rows.subList(from, to), to < rows.size() ? String.valueOf(to) : null);
  }

  @Test
  void pagesCrossBucketsAndSkipEmptyOnes() {
    for (int size = 1; size <= 8; size++) {
      List<String> all = new ArrayList<>();
      PageRequest request = PageRequest.ofSize(size);
      int pages = 0;
      while (true) {
        Page<String> page = BucketWalk.page(BucketWalkTest::newestFrom, BucketWalkTest::bucketPage, request);
        pages++;
        assertEquals(true, page.content().size() <= size, "page of " + size + ": " + page.content());
        all.addAll(page.content());
        if (!page.hasNext()) {
          break;
        }
        request = PageRequest.of(size, page.nextCursor());
      }
      assertEquals(List.of("e3", "e2", "e1", "a4", "a3", "a2", "a1"), all, "page size " + size);
      assertEquals(true, pages <= 7 / size + 2, "page size " + size + " took " + pages + " pages");
    }
    assertEquals(List.of("e3", "e2", "e1", "a4", "a3", "a2", "a1"), BucketWalk.list(BUCKETS.iterator(), b -> ROWS.get(b)));
  }

  @Test
  void aResumedWalkListsBucketsFromItsCursorOnly() {
    ASKED.clear();
    Page<String> first = BucketWalk.page(BucketWalkTest::newestFrom, BucketWalkTest::bucketPage, PageRequest.ofSize(4));
    assertEquals(List.of("e3", "e2", "e1", "a4"), first.content());
    Page<String> second = BucketWalk.page(BucketWalkTest::newestFrom, BucketWalkTest::bucketPage, PageRequest.of(4, first.nextCursor()));
    assertEquals(List.of("a3", "a2", "a1"), second.content());
    assertEquals(false, second.hasNext());
    assertEquals(java.util.Arrays.asList(null, 1L), ASKED);
  }

  @Test
  void aWalkOldestFirstIsTheSameLogicOverBucketsAscending() {
    Map<Long, List<String>> rows = Map.of(1L, List.of("a1", "a2"), 4L, List.of("d1"), 9L, List.of("i1", "i2", "i3"));
    java.util.function.Function<Long, java.util.Iterator<Long>> oldestFrom = from -> java.util.stream.Stream.of(1L, 4L, 9L)
        .filter(b -> from == null || b >= from).iterator();
    java.util.function.BiFunction<Long, PageRequest, Page<String>> pageOf = (b, r) -> {
      List<String> all = rows.get(b);
      int from = r.cursor() == null ? 0 : Integer.parseInt(r.cursor());
      int to = Math.min(all.size(), from + r.size());
      return new Page<>(all.subList(from, to), to < all.size() ? String.valueOf(to) : null);
    };
    List<String> seen = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(2);
    while (true) {
      Page<String> page = BucketWalk.page(oldestFrom, pageOf, request);
      seen.addAll(page.content());
      if (!page.hasNext()) {
        break;
      }
      request = PageRequest.of(2, page.nextCursor());
    }
    assertEquals(List.of("a1", "a2", "d1", "i1", "i2", "i3"), seen);
  }

  @Test
  void aBadCursorIsATypedError() {
    assertThrows(InvalidCursorException.class, () -> BucketWalk.page(BucketWalkTest::newestFrom, BucketWalkTest::bucketPage, PageRequest.of(2, "%%%")));
    String notANumber = java.util.Base64.getUrlEncoder().encodeToString("x:1".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThrows(InvalidCursorException.class, () -> BucketWalk.page(BucketWalkTest::newestFrom, BucketWalkTest::bucketPage, PageRequest.of(2, notANumber)));
  }
}
