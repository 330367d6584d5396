package io.denorm.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The merges of sorted id streams against set operations, their laziness, and the direct aggregation's batching. */
class SortedIdsTest {

  @Test
  void intersectionsAndUnionsAgreeWithSetOperations() {
    Random random = new Random(3);
    for (int round = 0; round < 200; round++) {
      List<TreeSet<Long>> sets = Stream.generate(() -> {
        TreeSet<Long> s = new TreeSet<>();
        int n = random.nextInt(40);
        for (int i = 0; i < n; i++) {
          s.add((long) random.nextInt(60));
        }
        return s;
      }).limit(1 + random.nextInt(4)).toList();
      TreeSet<Long> and = new TreeSet<>(sets.get(0));
      TreeSet<Long> or = new TreeSet<>();
      sets.forEach(s -> {
        and.retainAll(s);
        or.addAll(s);
      });
      @SuppressWarnings("unchecked")
      Stream<Long>[] a = sets.stream().map(s -> s.stream()).toArray(Stream[]::new);
      assertEquals(List.copyOf(and), SortedIds.intersect(a).toList());
      @SuppressWarnings("unchecked")
      Stream<Long>[] b = sets.stream().map(s -> s.stream()).toArray(Stream[]::new);
      assertEquals(List.copyOf(or), SortedIds.union(b).toList());
    }
  }

  @Test
  void mergesReadOnlyAsFarAsNeeded() {
    AtomicInteger pulled = new AtomicInteger();
    Stream<Long> endless = Stream.iterate(0L, i -> i + 1).peek(i -> pulled.incrementAndGet());
    assertEquals(List.of(10L, 20L), SortedIds.intersect(endless, Stream.of(10L, 20L)).toList());
    assertTrue(pulled.get() <= 22, "read " + pulled.get() + " ids of an endless stream");
    assertEquals(List.of(0L, 1L, 2L), SortedIds.union(Stream.iterate(0L, i -> i + 1), Stream.of(1L)).limit(3).toList());
  }

  @Test
  void stringsInTheStoresOrderAndUnsortedInputRefused() {
    // U+1F600 sorts after U+FFFD by code point (and in UTF-8), before it in UTF-16 units.
    String emoji = "\uD83D\uDE00";
    assertTrue(SortedIds.KEY_ORDER.compare(emoji, "\uFFFD") > 0);
    assertEquals(List.of("a", "\uFFFD", emoji), SortedIds.union(Stream.of("a", emoji), Stream.of("\uFFFD")).toList());
    assertThrows(IllegalStateException.class, () -> SortedIds.union(Stream.of(3L, 1L)).toList());
  }

  @Test
  void directAggregationCountsInBatchesAndDropsRowsThatNoLongerMatch() {
    Map<Long, List<String>> rows = Stream.iterate(1L, i -> i + 1).limit(250).collect(Collectors.toMap(i -> i,
        i -> i % 3 == 0 ? List.of("Men", "Bloggers") : i % 3 == 1 ? List.of("Women") : List.of("Women", "Women")));
    List<Integer> batches = new java.util.ArrayList<>();
    DirectAggregation.Report<String> report = DirectAggregation.countEach(Stream.iterate(1L, i -> i + 1).limit(250), 100, ids -> {
      batches.add(ids.size());
      return ids.stream().filter(i -> i != 7L).toList(); // 7 has no row any more
    }, id -> id != 8L, id -> rows.get(id)); // 8 no longer matches
    assertEquals(List.of(100, 100, 50), batches);
    assertEquals(249, report.rowsRead());
    assertEquals(248, report.rowsCounted());
    // Women: ids ≡ 1 or 2 (mod 3) but 7 and 8 = 166 - 2 = 165 (a repeated value counts once per row).
    assertEquals(Map.of("Women", 165L, "Men", 83L, "Bloggers", 83L), report.counts());
    assertEquals(List.of("Women", "Bloggers", "Men"), List.copyOf(report.counts().keySet()), "most frequent first, then by name");
  }
}
