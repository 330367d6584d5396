package io.denorm.spark;

import io.denorm.DenormException;
import io.denorm.ScannableDao;
import io.denorm.index.IndexScans;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * Batch graph processing over entities stored by Denorm, on Spark GraphX: the vertices and edges
 * read from an entity's table through its generated DAO (one Spark task per token range or region),
 * an algorithm run by message passing ({@link EntityGraph}), and the results written back through
 * the generated DAO of a result entity.
 *
 * <pre>{@code
 * SparkGraphs graphs = SparkGraphs.of(spark);
 * EntityGraph<String> follows = graphs.references(accounts, Account::id, Account::follows);
 * graphs.save(follows.pageRank(20, 0.15), ranks, (dao, batch) ->
 *     dao.saveAll(batch.stream().map(r -> new AccountRank(r._1(), r._2())).toList()));
 * }</pre>
 */
public final class SparkGraphs {

  private final JavaSparkContext spark;
  private int segments;

  private SparkGraphs(JavaSparkContext spark) {
    this.spark = spark;
    this.segments = 2 * spark.defaultParallelism();
  }

  public static SparkGraphs of(JavaSparkContext spark) {
    return new SparkGraphs(spark);
  }

  /** The fewest segments (scan tasks) a table is read in (default: twice Spark's default parallelism). */
  public SparkGraphs segments(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("segments must be at least 1");
    }
    this.segments = n;
    return this;
  }

  /**
   * Every entity of {@code source}'s table, turned by {@code map} (on the executor that read it, so
   * the entity class need not be serializable) into what the job keeps.
   */
  public <E, T> JavaRDD<T> scan(DaoSource<? extends ScannableDao<E>> source, SerializableFunction<E, T> map) {
    List<String> ranges = new ArrayList<>();
    for (IndexScans.Segment<E> s : source.shared().scanSegments(segments)) {
      ranges.add(s.range());
    }
    return spark.parallelize(ranges, ranges.size()).flatMap(range -> Streamed.<T>of("denorm scan of " + source + " " + range, 4096, sink -> {
      IndexScans.Segment<E> segment = source.shared().scanSegment(range);
      if (segment == null) {
        throw new DenormException(source + " has no segment " + range + ": the job was planned against another store");
      }
      segment.forEach(e -> sink.accept(map.apply(e)));
    }));
  }

  /**
   * The graph of one table whose rows name others of it (a {@code @Reference} set of ids, e.g. the
   * accounts an account follows): a vertex per row, an edge from each row to each id it names.
   */
  public <E, K> EntityGraph<K> references(DaoSource<? extends ScannableDao<E>> source, SerializableFunction<E, K> id,
      SerializableFunction<E, ? extends Collection<K>> references) {
    JavaRDD<Tuple2<K, List<K>>> rows = scan(source, e -> {
      Collection<K> named = references.apply(e);
      return new Tuple2<>(id.apply(e), named == null ? List.<K>of() : new ArrayList<>(named));
    }).cache();
    JavaPairRDD<K, K> edges = rows.flatMapToPair(r -> {
      List<Tuple2<K, K>> out = new ArrayList<>(r._2().size());
      for (K to : r._2()) {
        out.add(new Tuple2<>(r._1(), to));
      }
      return out.iterator();
    });
    EntityGraph<K> graph = EntityGraph.of(rows.map(Tuple2::_1), edges);
    rows.unpersist();
    return graph;
  }

  /** A tree stored as an adjacency list ({@code @ParentId}): a vertex per row, an edge from each row to its parent. */
  public <E, K> EntityGraph<K> tree(DaoSource<? extends ScannableDao<E>> source, SerializableFunction<E, K> id, SerializableFunction<E, K> parent) {
    return references(source, id, e -> {
      K p = parent.apply(e);
      return p == null ? List.of() : List.of(p);
    });
  }

  /**
   * The graph whose edges are the rows of an edge entity ({@code from} → {@code to}, e.g. a follow
   * keyed by follower and followee) and whose vertices are the keys they name.
   */
  public <E, K> EntityGraph<K> edges(DaoSource<? extends ScannableDao<E>> source, SerializableFunction<E, K> from, SerializableFunction<E, K> to) {
    JavaPairRDD<K, K> edges = scan(source, e -> new Tuple2<>(from.apply(e), to.apply(e))).mapToPair(t -> t).cache();
    EntityGraph<K> graph = EntityGraph.of(edges.keys().union(edges.values()), edges);
    edges.unpersist();
    return graph;
  }

  /** The graph of any keys and references (a reference to a key not among {@code keys} is dropped). */
  public <K> EntityGraph<K> graph(JavaRDD<K> keys, JavaPairRDD<K, K> references) {
    return EntityGraph.of(keys, references);
  }

  /**
   * Writes {@code results} through {@code target}'s DAO, in batches of up to 500 per call of {@code
   * writer}, from the executors; returns how many were written. A failed task is retried whole by
   * Spark, so the writes should be saves (idempotent), not increments.
   */
  public <D, K, V> long save(JavaPairRDD<K, V> results, DaoSource<D> target, ResultWriter<D, K, V> writer) {
    LongAccumulator written = spark.sc().longAccumulator("denorm results written");
    results.foreachPartition(rows -> {
      D dao = target.shared();
      List<Tuple2<K, V>> batch = new ArrayList<>(500);
      while (rows.hasNext()) {
        batch.add(rows.next());
        if (batch.size() == 500) {
          writer.write(dao, batch);
          written.add(batch.size());
          batch = new ArrayList<>(500);
        }
      }
      if (!batch.isEmpty()) {
        writer.write(dao, batch);
        written.add(batch.size());
      }
    });
    return written.value();
  }

}
