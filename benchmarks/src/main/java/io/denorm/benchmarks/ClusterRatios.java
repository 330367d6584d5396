package io.denorm.benchmarks;

import io.denorm.testkit.CassandraTarget;
import io.denorm.testkit.EmbeddedCassandraCluster;
import java.nio.file.Path;

/**
 * The index comparisons of {@link RatioBenchmark} (inserts and moves of a user with two indexes,
 * against the same writes by hand and a table with two materialized views; reads through those
 * indexes against the views and SAI) on a cluster of
 * embedded Cassandra nodes on this machine, where replicas matter: a keyspace replicated to
 * {@code -Dbench.replication} nodes (3 by default, at most the number of nodes), every statement at
 * {@code LOCAL_QUORUM}, the tables flushed and compacted on every node before the rounds. By
 * Cassandra's design, each replica of a table with views reads its row before the write and hands
 * the view's updates to one replica of the view, which may be another node; Denorm's index rows are
 * written like any row, through a coordinator to their replicas. The performance goals are stated
 * for one node; this run says how the ratios move on several. The nodes share the machine's cores,
 * so a ratio is one of the work each variant costs the whole cluster.
 *
 * <p>{@code -Dbench.nodes} (3), {@code -Dbench.only} (the comparisons, by default {@code insert2,move,read}),
 * and the sizes of {@link RatioBenchmark}; ratios to {@code target/cluster-ratios.tsv}.
 */
final class ClusterRatios {

  private ClusterRatios() {}

  public static void main(String[] args) throws Exception {
    int nodes = Integer.getInteger("bench.nodes", 3);
    if (nodes < 1) {
      throw new IllegalArgumentException("-Dbench.nodes must be at least 1: " + nodes);
    }
    defaultProperty("bench.replication", Integer.toString(Math.min(3, nodes)));
    defaultProperty("bench.only", "insert2,move,read");
    defaultProperty("bench.out", "target/cluster-ratios.tsv");
    // BenchStores reads the property when its class is initialised, on this first use: after the default above is set.
    int replication = BenchStores.REPLICATION;
    if (replication < 1 || replication > nodes) {
      throw new IllegalArgumentException("-Dbench.replication must be from 1 to the " + nodes + " nodes: " + replication);
    }
    System.clearProperty("bench.report"); // REPORT.md's table is the one node's
    long t0 = System.nanoTime();
    try (EmbeddedCassandraCluster cluster = EmbeddedCassandraCluster.start(Path.of("target", "denorm-servers", "bench-cluster"), nodes)) {
      System.out.printf("cluster of %d nodes started in %.0f s; replication factor %s, comparisons %s%n", nodes,
          (System.nanoTime() - t0) / 1e9, replication, System.getProperty("bench.only"));
      System.setProperty(CassandraTarget.CONTACT_POINTS, cluster.contactPointList());
      System.setProperty(CassandraTarget.LOCAL_DATACENTER, cluster.localDatacenter());
      BenchStores.clusterCompaction = cluster::compact;
      try {
        RatioBenchmark.main(args);
      } finally {
        BenchStores.clusterCompaction = null;
      }
    }
  }

  private static void defaultProperty(String name, String value) {
    if (System.getProperty(name, "").isEmpty()) {
      System.setProperty(name, value);
    }
  }
}
