package io.denorm.spark;

import java.io.Serializable;
import java.util.List;
import scala.Tuple2;

/**
 * Writes a batch of a graph job's results (vertex key and value) through a generated DAO, e.g.
 * {@code (dao, batch) -> dao.saveAll(batch.stream().map(r -> new Rank(r._1(), r._2())).toList())}.
 */
@FunctionalInterface
public interface ResultWriter<D, K, V> extends Serializable {
  void write(D dao, List<Tuple2<K, V>> batch);
}
