package io.denorm.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Inverted search, direct aggregation: the ids an index search found (an audience), described by
 * the values their rows hold (their categories), counted from the rows themselves in one pass. The
 * ids are taken {@code batch} at a time and their rows read together ({@code findAllById}, one
 * multi-get or {@code IN} per 100 ids), so neither the ids nor the rows are ever all in memory.
 */
public final class DirectAggregation {

  private DirectAggregation() {}

  /** What a pass counted: how many rows were read and kept, and each value's count, most frequent first. */
  public record Report<V>(long rowsRead, long rowsCounted, Map<V, Long> counts) {}

  /**
   * Counts, over the rows of {@code ids}, how many rows hold each value {@code values} gives. A row
   * for which {@code stillMatches} is false is left out: an index row left behind by a failed save
   * can name a row that no longer meets the search, and the row itself is the truth.
   */
  public static <K, E, V> Report<V> countEach(Stream<K> ids, int batch, Function<List<K>, List<E>> load, Predicate<E> stillMatches,
      Function<E, ? extends Collection<V>> values) {
    if (batch < 1) {
      throw new IllegalArgumentException("batch must be 1 or more, not " + batch);
    }
    Map<V, Long> counts = new HashMap<>();
    long read = 0;
    long counted = 0;
    try (ids) {
      Iterator<K> it = ids.iterator();
      List<K> chunk = new ArrayList<>(batch);
      while (it.hasNext() || !chunk.isEmpty()) {
        if (it.hasNext() && chunk.size() < batch) {
          chunk.add(it.next());
          continue;
        }
        for (E row : load.apply(List.copyOf(chunk))) {
          read++;
          if (!stillMatches.test(row)) {
            continue;
          }
          counted++;
          Collection<V> held = values.apply(row);
          if (held != null) {
            for (V v : new java.util.LinkedHashSet<>(held)) {
              if (v != null) {
                counts.merge(v, 1L, Long::sum);
              }
            }
          }
        }
        chunk.clear();
      }
    }
    Map<V, Long> sorted = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<V, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(e -> String.valueOf(e.getKey())))
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return new Report<>(read, counted, sorted);
  }
}
