package io.denorm.index;

import java.util.List;

/**
 * How a backend reads its tables whole, in segments that can run in parallel (Cassandra: token
 * ranges; HBase: regions), for {@link IndexMaintenance}.
 *
 * @param <E> the entity
 */
public interface IndexScans<E> {

  /** The segments of the index table of {@code index}; together they cover every row once. */
  List<Segment<IndexHit>> index(IndexDefinition index);

  /** The segments of the master table; together they cover every row once. */
  List<Segment<E>> master();

  /**
   * The index table's rows in about {@code segments} segments (a backend may give a fixed number,
   * as by default), named by their ranges.
   */
  default List<Segment<IndexHit>> index(IndexDefinition index, int segments) {
    return index(index);
  }

  /** The master table's rows in about {@code segments} segments (a backend may give a fixed number, as by default). */
  default List<Segment<E>> master(int segments) {
    return master();
  }

  /**
   * The segment of the index table named {@code range} (as a segment's {@link Segment#range()} named
   * it, in this JVM or another), or null when there is none. A backend whose ranges name their keys
   * rebuilds the segment from the name, so it does not depend on listing the segments again.
   */
  default Segment<IndexHit> indexSegment(IndexDefinition index, String range) {
    return named(index(index), range);
  }

  /** The segment of the master table named {@code range}, or null when there is none (see {@link #indexSegment}). */
  default Segment<E> masterSegment(String range) {
    return named(master(), range);
  }

  /** The segment of {@code segments} named {@code range}, or null. */
  static <T> Segment<T> named(List<Segment<T>> segments, String range) {
    for (Segment<T> s : segments) {
      if (range.equals(s.range())) {
        return s;
      }
    }
    return null;
  }

  /**
   * About how many rows the index table of {@code index} (null: the master table) holds, as the
   * store estimates it without reading the table, or -1 when it has no estimate.
   */
  default long estimatedRows(IndexDefinition index) {
    return -1;
  }

  /** One segment: calls {@code sink} for each of its rows, reading page by page. */
  @FunctionalInterface
  interface Segment<T> {
    void forEach(Sink<T> sink) throws Exception;

    /**
     * What the segment covers, the same in a later run over an unchanged table (a token range, a
     * region's start and end keys): a {@linkplain IndexMaintenance#checkpoint checkpoint} names the
     * segments it finished by it. Null: the segment has no stable name, and a run over it starts
     * again from its beginning.
     */
    default String range() {
      return null;
    }

    /** {@code body} named {@code range}. */
    static <T> Segment<T> of(String range, Segment<T> body) {
      return new Segment<>() {
        @Override
        public void forEach(Sink<T> sink) throws Exception {
          body.forEach(sink);
        }

        @Override
        public String range() {
          return range;
        }
      };
    }
  }

  @FunctionalInterface
  interface Sink<T> {
    void accept(T row) throws InterruptedException;
  }
}
