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
        Page<String> page = BucketWalk.page(BUCKETS, BucketWalkTest::bucketPage, request);
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
    assertEquals(List.of("e3", "e2", "e1", "a4", "a3", "a2", "a1"), BucketWalk.list(BUCKETS, b -> ROWS.get(b)));
  }

  @Test
  void aBadCursorIsATypedError() {
    assertThrows(InvalidCursorException.class, () -> BucketWalk.page(BUCKETS, BucketWalkTest::bucketPage, PageRequest.of(2, "%%%")));
    String notANumber = java.util.Base64.getUrlEncoder().encodeToString("x:1".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThrows(InvalidCursorException.class, () -> BucketWalk.page(BUCKETS, BucketWalkTest::bucketPage, PageRequest.of(2, notANumber)));
  }
}
