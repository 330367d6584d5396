package io.denorm.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.graphx.Edge;
import org.apache.spark.graphx.EdgeDirection;
import org.apache.spark.graphx.EdgeTriplet;
import org.apache.spark.graphx.Graph;
import org.apache.spark.graphx.Pregel;
import org.apache.spark.rdd.RDD;
import org.apache.spark.storage.StorageLevel;
import scala.Function1;
import scala.Function2;
import scala.Function3;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * A graph read from entities (see {@link SparkGraphs}): each vertex an entity's key, each edge a
 * reference from one to another, held as a Spark GraphX graph whose vertex ids are numbers assigned
 * to the keys. The algorithms return their result per key, ready to be written back through a
 * generated DAO ({@link SparkGraphs#save}).
 *
 * @param <K> the vertex key (the entity's id: a {@code String}, {@code UUID}, {@code Long}…)
 */
public final class EntityGraph<K> implements Serializable {

  private static final long serialVersionUID = 1L;

  private final transient JavaPairRDD<Long, K> vertices;
  private final transient JavaRDD<Edge<Integer>> edges;
  private final long vertexCount;
  private final long edgeCount;
  private final long droppedEdges;
  private transient Graph<K, Integer> graph;

  /**
   * The graph of {@code keys} (duplicates count once) and {@code references} (from → to); a
   * reference to a key that is not a vertex is dropped and counted in {@link #droppedEdges()}.
   */
  static <K> EntityGraph<K> of(JavaRDD<K> keys, JavaPairRDD<K, K> references) {
    // The ids come from the order of a shuffle's output, which a recomputation (an evicted block, a
    // rescan) need not repeat: the ids, vertices and edges are kept, and their lineage cut, so that
    // every later stage sees the same numbering, or fails when an executor holding them is lost.
    JavaPairRDD<K, Long> ids = fixed(keys.distinct().zipWithUniqueId()).rdd();
    Fixed<Long, K> vertices = fixed(ids.mapToPair(Tuple2::swap));
    JavaPairRDD<K, K> refs = references.persist(StorageLevel.MEMORY_AND_DISK());
    JavaRDD<Edge<Integer>> edges = refs.join(ids) // from -> (to, fromId)
        .mapToPair(t -> new Tuple2<>(t._2()._1(), t._2()._2()))
        .join(ids) // to -> (fromId, toId)
        .map(t -> new Edge<>(t._2()._1(), t._2()._2(), 1))
        .persist(StorageLevel.MEMORY_AND_DISK());
    edges.rdd().localCheckpoint();
    long all = refs.count();
    long kept = edges.count();
    refs.unpersist();
    ids.unpersist();
    return new EntityGraph<>(vertices.rdd(), edges, vertices.count(), kept, all - kept);
  }

  /** An RDD kept on the executors with its lineage cut, and its count, taken as it was computed. */
  private record Fixed<A, B>(JavaPairRDD<A, B> rdd, long count) {}

  /** {@code rdd} kept on the executors with its lineage cut, computed now. */
  private static <A, B> Fixed<A, B> fixed(JavaPairRDD<A, B> rdd) {
    JavaPairRDD<A, B> kept = rdd.persist(StorageLevel.MEMORY_AND_DISK());
    kept.rdd().localCheckpoint();
    return new Fixed<>(kept, kept.count());
  }

  /** Releases what the graph keeps on the executors (its vertices, edges and GraphX graph). */
  public void unpersist() {
    if (graph != null) {
      graph.unpersist(false);
      graph = null;
    }
    vertices.unpersist();
    edges.unpersist();
  }

  private EntityGraph(JavaPairRDD<Long, K> vertices, JavaRDD<Edge<Integer>> edges, long vertexCount, long edgeCount, long droppedEdges) {
    this.vertices = vertices;
    this.edges = edges;
    this.vertexCount = vertexCount;
    this.edgeCount = edgeCount;
    this.droppedEdges = droppedEdges;
  }

  public long vertexCount() {
    return vertexCount;
  }

  public long edgeCount() {
    return edgeCount;
  }

  /** References whose end is not a vertex (a dangling id, or a parent outside the table), left out of the graph. */
  public long droppedEdges() {
    return droppedEdges;
  }

  /** The GraphX graph itself (vertex attribute: the key; edge attribute: 1), for GraphX's own algorithms. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Graph<K, Integer> graphX() {
    if (graph == null) {
      graph = Graph.apply((RDD) vertices.rdd(), edges.rdd(), null, StorageLevel.MEMORY_AND_DISK(), StorageLevel.MEMORY_AND_DISK(), tag(), tag());
    }
    return graph;
  }

  /**
   * Connected components, edges taken in either direction: each key with the component's label, the
   * smallest key of the component (keys must be {@code Comparable}). GraphX's {@code
   * connectedComponents}.
   */
  public JavaPairRDD<K, K> connectedComponents() {
    Graph<Object, Integer> components = graphX().ops().connectedComponents();
    JavaPairRDD<Long, Long> component = components.vertices().toJavaRDD().mapToPair(t -> new Tuple2<>((Long) t._1(), (Long) t._2()));
    JavaPairRDD<Long, K> keyByComponent = component.join(vertices).mapToPair(t -> new Tuple2<>(t._2()._1(), t._2()._2())).cache();
    JavaPairRDD<Long, K> label = keyByComponent.reduceByKey(EntityGraph::smaller);
    return keyByComponent.join(label).mapToPair(t -> t._2());
  }

  /**
   * PageRank, {@code iterations} rounds with reset probability {@code resetProbability} (0.15 is
   * usual): GraphX's {@code staticPageRank}, whose ranks start at 1, become {@code reset + (1 −
   * reset) × Σ rank(u) / outDegree(u)} over the in-edges each round, and are scaled at the end so
   * that they sum to the number of vertices (a vertex of average importance has rank 1).
   */
  public JavaPairRDD<K, Double> pageRank(int iterations, double resetProbability) {
    if (iterations < 1 || !(resetProbability > 0 && resetProbability < 1)) {
      throw new IllegalArgumentException("PageRank needs at least 1 iteration and a reset probability between 0 and 1");
    }
    Graph<Object, Object> ranks = graphX().ops().staticPageRank(iterations, resetProbability);
    JavaPairRDD<Long, Double> rank = ranks.vertices().toJavaRDD().mapToPair(t -> new Tuple2<>((Long) t._1(), (Double) t._2()));
    return rank.join(vertices).mapToPair(t -> new Tuple2<>(t._2()._2(), t._2()._1()));
  }

  /**
   * Single-source shortest paths in hops, along the edges' direction: each key reachable from
   * {@code source} with its distance (the source itself 0); unreachable keys are left out.
   */
  public JavaPairRDD<K, Integer> hopsFrom(K source) {
    return pregel(new Hops<>(source), Integer.MAX_VALUE).filter(t -> t._2() != Integer.MAX_VALUE);
  }

  /**
   * For a tree whose edges go from child to parent (see {@link SparkGraphs#tree}): each key's depth
   * (a root 0, its children 1…). A node on a cycle, or below one, is left out.
   */
  public JavaPairRDD<K, Integer> treeDepths() {
    JavaPairRDD<Long, Integer> outDegree = degrees(graphX().ops().outDegrees());
    JavaPairRDD<Long, Integer> initial = vertices.leftOuterJoin(outDegree).mapToPair(t -> new Tuple2<>(t._1(), t._2()._2().isPresent() ? -1 : 0));
    return run(new Depths<K>(), initial, Integer.MAX_VALUE, EdgeDirection.In()).filter(t -> t._2() >= 0);
  }

  /**
   * For a tree whose edges go from child to parent: each key's subtree size (the node and everything
   * below it; a leaf 1). Sizes travel up from the leaves, one level per superstep; a node on a
   * cycle, or above one, is left out.
   */
  public JavaPairRDD<K, Long> subtreeSizes() {
    JavaPairRDD<Long, Integer> inDegree = degrees(graphX().ops().inDegrees());
    JavaPairRDD<Long, long[]> initial = vertices.leftOuterJoin(inDegree)
        .mapToPair(t -> new Tuple2<>(t._1(), new long[] {t._2()._2().orElse(0), 1}));
    return run(new Sizes<K>(), initial, Integer.MAX_VALUE, EdgeDirection.Out()).filter(t -> t._2()[0] == 0)
        .mapToPair(t -> new Tuple2<>(t._1(), t._2()[1]));
  }

  /**
   * Runs {@code program} (Pregel's message passing) for at most {@code maxIterations} supersteps,
   * messages sent along every edge with an end that received one; returns each key's final state.
   */
  public <S, M> JavaPairRDD<K, S> pregel(VertexProgram<K, S, M> program, int maxIterations) {
    return run(program, null, maxIterations, EdgeDirection.Either());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private <S, M> JavaPairRDD<K, S> run(VertexProgram<K, S, M> program, JavaPairRDD<Long, S> initial, int maxIterations, EdgeDirection direction) {
    JavaPairRDD<Long, Vertex<K, S>> start = initial == null ? vertices.mapValues(k -> new Vertex<>(k, program.initial(k)))
        : vertices.join(initial).mapValues(t -> new Vertex<>(t._1(), t._2()));
    Graph<Vertex<K, S>, Integer> g = Graph.apply((RDD) start.rdd(), edges.rdd(), null, StorageLevel.MEMORY_AND_DISK(),
        StorageLevel.MEMORY_AND_DISK(), tag(), tag());
    Function3<Object, Vertex<K, S>, M, Vertex<K, S>> receive = (Function3<Object, Vertex<K, S>, M, Vertex<K, S>> & Serializable)
        (id, v, message) -> new Vertex<>(v.key, program.receive(v.key, v.state, message));
    Function1<EdgeTriplet<Vertex<K, S>, Integer>, scala.collection.Iterator<Tuple2<Object, M>>> send =
        (Function1<EdgeTriplet<Vertex<K, S>, Integer>, scala.collection.Iterator<Tuple2<Object, M>>> & Serializable) t -> {
          List<Tuple2<Object, M>> out = new ArrayList<>(1);
          Object src = t.srcId();
          Object dst = t.dstId();
          program.send(t.srcAttr().key, t.srcAttr().state, t.dstAttr().key, t.dstAttr().state, new VertexProgram.Outbox<M>() {
            @Override
            public void toSource(M message) {
              out.add(new Tuple2<>(src, message));
            }

            @Override
            public void toDestination(M message) {
              out.add(new Tuple2<>(dst, message));
            }
          });
          return scala.jdk.javaapi.CollectionConverters.asScala(out.iterator());
        };
    Function2<M, M, M> merge = (Function2<M, M, M> & Serializable) program::merge;
    Graph<Vertex<K, S>, Integer> result = Pregel.apply(g, program.initialMessage(), maxIterations, direction, receive, send, merge, tag(), tag(), tag());
    return result.vertices().toJavaRDD().mapToPair(t -> new Tuple2<>(t._2().key, t._2().state));
  }

  private static JavaPairRDD<Long, Integer> degrees(org.apache.spark.graphx.VertexRDD<Object> degrees) {
    return degrees.toJavaRDD().mapToPair(t -> new Tuple2<>((Long) t._1(), (Integer) t._2()));
  }

  @SuppressWarnings("unchecked")
  private static <K> K smaller(K a, K b) {
    if (!(a instanceof Comparable<?>)) {
      throw new IllegalArgumentException("component labels need comparable keys; " + a.getClass().getName() + " is not Comparable");
    }
    return ((Comparable<K>) a).compareTo(b) <= 0 ? a : b;
  }

  @SuppressWarnings("unchecked")
  private static <T> ClassTag<T> tag() {
    return (ClassTag<T>) ClassTag$.MODULE$.apply(Object.class);
  }

  /** A vertex's key and its program's state. */
  static final class Vertex<K, S> implements Serializable {
    private static final long serialVersionUID = 1L;
    final K key;
    final S state;

    Vertex(K key, S state) {
      this.key = key;
      this.state = state;
    }
  }

  /** Hop counts from one source along the edges: the smallest distance heard so far. */
  private static final class Hops<K> implements VertexProgram<K, Integer, Integer> {
    private static final long serialVersionUID = 1L;
    private final K source;

    Hops(K source) {
      this.source = source;
    }

    @Override
    public Integer initial(K key) {
      return key.equals(source) ? 0 : Integer.MAX_VALUE;
    }

    @Override
    public Integer initialMessage() {
      return Integer.MAX_VALUE;
    }

    @Override
    public Integer receive(K key, Integer state, Integer message) {
      return Math.min(state, message);
    }

    @Override
    public void send(K from, Integer fromHops, K to, Integer toHops, Outbox<Integer> out) {
      if (fromHops != Integer.MAX_VALUE && fromHops + 1 < toHops) {
        out.toDestination(fromHops + 1);
      }
    }

    @Override
    public Integer merge(Integer a, Integer b) {
      return Math.min(a, b);
    }
  }

  /** Depths down a tree whose edges go from child to parent: a parent's depth + 1, sent to the child (the edge's source). */
  private static final class Depths<K> implements VertexProgram<K, Integer, Integer> {
    private static final long serialVersionUID = 1L;

    @Override
    public Integer initial(K key) {
      return -1;
    }

    @Override
    public Integer initialMessage() {
      return -1;
    }

    @Override
    public Integer receive(K key, Integer state, Integer message) {
      return state >= 0 ? state : message;
    }

    @Override
    public void send(K child, Integer childDepth, K parent, Integer parentDepth, Outbox<Integer> out) {
      if (parentDepth >= 0 && childDepth < 0) {
        out.toSource(parentDepth + 1);
      }
    }

    @Override
    public Integer merge(Integer a, Integer b) {
      return Math.max(a, b);
    }
  }

  /**
   * Subtree sizes up a tree whose edges go from child to parent. A node's state: children yet to
   * report, and its size so far; once every child reported it sends its size to its parent (it is
   * active only in the superstep after its last report, so it sends once). A message: sizes and
   * how many children they came from.
   */
  private static final class Sizes<K> implements VertexProgram<K, long[], long[]> {
    private static final long serialVersionUID = 1L;

    @Override
    public long[] initial(K key) {
      return new long[] {0, 1};
    }

    @Override
    public long[] initialMessage() {
      return new long[] {0, 0};
    }

    @Override
    public long[] receive(K key, long[] state, long[] message) {
      return new long[] {state[0] - message[1], state[1] + message[0]};
    }

    @Override
    public void send(K child, long[] childState, K parent, long[] parentState, Outbox<long[]> out) {
      if (childState[0] == 0) {
        out.toDestination(new long[] {childState[1], 1});
      }
    }

    @Override
    public long[] merge(long[] a, long[] b) {
      return new long[] {a[0] + b[0], a[1] + b[1]};
    }
  }
}
