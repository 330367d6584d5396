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

  /** One segment: calls {@code sink} for each of its rows, reading page by page. */
  @FunctionalInterface
  interface Segment<T> {
    void forEach(Sink<T> sink) throws Exception;
  }

  @FunctionalInterface
  interface Sink<T> {
    void accept(T row) throws InterruptedException;
  }
}
