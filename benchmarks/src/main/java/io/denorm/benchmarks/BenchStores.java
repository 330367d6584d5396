package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseSchemaManager;
import io.denorm.testkit.CassandraTarget;
import io.denorm.testkit.HBaseTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.client.Connection;

/**
 * How an end-to-end benchmark reaches the stores: the embedded servers (or the clusters the
 * system properties name), the benchmark's schema applied from the generated files, then its run.
 */
final class BenchStores {

  /** A benchmark's run on one store; it may throw what the benchmark throws. */
  @FunctionalInterface
  interface Run<T> {
    void run(T store) throws Exception;
  }

  private BenchStores() {}

  /** The replication factor of the benchmarks' keyspaces: -Dbench.replication, 1 by default (one node). */
  static final int REPLICATION = replication(System.getProperty("bench.replication"));

  /** {@code value} of -Dbench.replication as a number (1 when it is not set); anything else fails with the value. */
  static int replication(String value) {
    if (value == null) {
      return 1;
    }
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-Dbench.replication takes a number: " + value, e);
    }
  }

  /** The Cassandra of the running benchmark, while one runs. */
  private static volatile CassandraTarget cassandra;

  /** Flushes and compacts a keyspace on every node of the cluster a benchmark started ({@link ClusterRatios}); null when none. */
  static volatile Consumer<String> clusterCompaction;

  /**
   * Flushes and compacts {@code keyspace} when the running benchmark's Cassandra is the embedded one
   * or a cluster it started; false when it is neither.
   */
  static boolean compactCassandra(String keyspace) {
    Consumer<String> cluster = clusterCompaction;
    if (cluster != null) {
      cluster.accept(keyspace);
      return true;
    }
    CassandraTarget target = cassandra;
    if (target == null || !target.isEmbedded()) {
      return false;
    }
    target.embedded().compact(keyspace);
    return true;
  }

  /** The CPU time the running benchmark's embedded Cassandra has used so far (ns); -1 when it is not embedded. */
  static long cassandraCpuNanos() {
    CassandraTarget target = cassandra;
    return target == null || !target.isEmbedded() ? -1 : target.embedded().processCpuNanos();
  }

  /** The embedded server of the running benchmark; null when it runs against another Cassandra. */
  static io.denorm.testkit.EmbeddedCassandra embeddedCassandra() {
    CassandraTarget target = cassandra;
    return target == null || !target.isEmbedded() ? null : target.embedded();
  }

  /** The {@code Count} of each of the embedded server's metrics named (see {@code EmbeddedCassandra#metricCounts}); null when the server is not embedded. */
  static long[] cassandraMetricCounts(List<String> objectNames) {
    CassandraTarget target = cassandra;
    return target == null || !target.isEmbedded() ? null : target.embedded().metricCounts(objectNames);
  }

  /** Runs {@code run} on a session to Cassandra whose keyspace {@code schema} holds the benchmark's tables. */
  static void onCassandra(String schema, Run<CqlSession> run) throws Exception {
    onCassandra(schema, b -> b, false, run);
  }

  /**
   * As {@link #onCassandra(String, Run)}, the session built with {@code customize}; {@code fresh}:
   * the keyspace is dropped first (its tables start empty).
   */
  static void onCassandra(String schema, UnaryOperator<CqlSessionBuilder> customize, boolean fresh, Run<CqlSession> run) throws Exception {
    try (CassandraTarget target = CassandraTarget.fromSystemProperties(Path.of("target", "denorm-servers", "bench-cassandra"));
         CqlSession session = target.newSession(customize)) {
      System.out.printf("%nCassandra: %s%n", target.describe());
      cassandra = target;
      if (fresh) {
        freshKeyspace(session, schema, List.of());
      } else {
        SchemaManager schemas = SchemaManager.of(session);
        schemas.createKeyspace(schema, Replication.simple(REPLICATION));
        schemas.applyFromClasspath(schema);
      }
      try {
        run.run(session);
      } finally {
        cassandra = null;
      }
    }
  }

  /**
   * Drops {@code keyspace} and creates it again (replication factor {@link #REPLICATION}) with the tables of
   * {@code entities} (simple class names; none: every entity's) from the schema on the classpath.
   */
  static void freshKeyspace(CqlSession session, String keyspace, List<String> entities) {
    SchemaManager schemas = SchemaManager.of(session);
    schemas.dropKeyspace(keyspace);
    schemas.createKeyspace(keyspace, Replication.simple(REPLICATION));
    schemas.applyFromClasspath(keyspace, BenchStores.class.getClassLoader(), entities);
  }

  /** Runs {@code run} on a connection to HBase whose namespace {@code schema} holds the benchmark's tables, created empty. */
  static void onHBase(String schema, Run<Connection> run) throws Exception {
    try (HBaseTarget target = HBaseTarget.fromSystemProperties(Path.of("target", "denorm-servers", "bench-hbase"));
         Connection connection = target.newConnection()) {
      System.out.printf("%nHBase: %s%n", target.describe());
      HBaseSchemaManager schemas = HBaseSchemaManager.of(connection);
      schemas.dropNamespace(schema);
      schemas.applyFromClasspath(schema);
      run.run(connection);
      HBaseConnections.close(connection);
    }
  }
}
