package io.denorm.testkit;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real Cassandra 5.0 cluster of several nodes on one machine, each a forked JDK 17 JVM on its own
 * loopback address (127.0.0.1, 127.0.0.2, …; Linux routes all of 127/8 to the loopback device), all
 * on the same ports, tokens spread evenly, data in a folder per node. For tests of what replicas
 * change: a keyspace with replication factor 3, statements at QUORUM, a node killed with SIGKILL and
 * started again on its data. Each node also opens JMX on the loopback interface, on a port chosen
 * at each start, for {@link #compact}.
 *
 * <pre>{@code
 * try (EmbeddedCassandraCluster cluster = EmbeddedCassandraCluster.start(Path.of("target/cluster"), 3)) {
 *   CqlSession session = CqlSession.builder().addContactPoints(cluster.contactPoints())
 *       .withLocalDatacenter(cluster.localDatacenter()).build();
 *   cluster.kill(2);     // SIGKILL, as a crash
 *   cluster.restart(2);  // on the same data; returns once its CQL port is open
 * }
 * }</pre>
 */
public final class EmbeddedCassandraCluster implements AutoCloseable {

  private final Path dir;
  private final int nodes;
  private final int nativePort;
  private final List<String> java;
  private final ForkedServer[] servers;
  /** The JMX port of each node (loopback only), 1-based. */
  private final int[] jmxPorts;

  private EmbeddedCassandraCluster(Path dir, int nodes, int nativePort, List<String> java) {
    this.dir = dir;
    this.nodes = nodes;
    this.nativePort = nativePort;
    this.java = java;
    this.servers = new ForkedServer[nodes + 1];
    this.jmxPorts = new int[nodes + 1];
  }

  /** Starts {@code nodes} nodes in {@code dir} (wiped first), one after the other; returns once every CQL port is open. */
  public static EmbeddedCassandraCluster start(Path dir, int nodes) {
    Path absolute = dir.toAbsolutePath();
    return ForkedServer.starting("Cassandra cluster", absolute, () -> {
      ForkedServer.deleteRecursively(absolute);
      Files.createDirectories(absolute);
      String classpath = ServerClasspath.resolve("cassandra-" + EmbeddedCassandra.VERSION, ForkedServer.RESOURCES + "cassandra-server-pom.xml", absolute);
      List<String> java = new ArrayList<>();
      java.add(JavaRuntimes.java17().toString());
      java.addAll(ForkedServer.jvmOptions("cassandra-jvm17.options"));
      java.add("-cp");
      java.add(classpath);
      EmbeddedCassandraCluster cluster = new EmbeddedCassandraCluster(absolute, nodes, ForkedServer.freePort(), java);
      int storagePort = ForkedServer.freePort();
      int sslPort = ForkedServer.freePort();
      try {
        for (int node = 1; node <= nodes; node++) {
          cluster.configure(node, storagePort, sslPort);
          cluster.launch(node);
        }
      } catch (IOException | RuntimeException e) {
        cluster.close();
        throw e;
      }
      return cluster;
    });
  }

  /** The loopback address of node {@code node} (1-based). */
  public String address(int node) {
    return "127.0.0." + node;
  }

  public int port() {
    return nativePort;
  }

  public int size() {
    return nodes;
  }

  public List<InetSocketAddress> contactPoints() {
    List<InetSocketAddress> points = new ArrayList<>();
    for (int node = 1; node <= nodes; node++) {
      points.add(new InetSocketAddress(address(node), nativePort));
    }
    return points;
  }

  /** {@code 127.0.0.1:port,127.0.0.2:port,…}, as {@code -Ddenorm.cassandra.contactPoints} takes it. */
  public String contactPointList() {
    return String.join(",", contactPoints().stream().map(a -> a.getHostString() + ":" + a.getPort()).toList());
  }

  public String localDatacenter() {
    return "datacenter1";
  }

  /** Whether node {@code node}'s process is running. */
  public boolean alive(int node) {
    return servers[node] != null && servers[node].alive();
  }

  /** Kills node {@code node} with SIGKILL, as a crash would, and waits until its process is gone. */
  public void kill(int node) {
    servers[node].stop();
  }

  /**
   * Flushes every table of {@code keyspace} and compacts each into one SSTable on every running node,
   * through its JMX, as {@code nodetool flush} and {@code nodetool compact} do; returns once done.
   */
  public void compact(String keyspace) {
    for (int node = 1; node <= nodes; node++) {
      if (alive(node)) {
        CassandraJmx.compact(jmxPorts[node], keyspace);
      }
    }
  }

  /** Starts node {@code node} again on its data; returns once its CQL port is open. */
  public void restart(int node) {
    ForkedServer.starting("Cassandra node " + node, nodeDir(node), () -> {
      launch(node);
      return null;
    });
  }

  private Path nodeDir(int node) {
    return dir.resolve("node" + node);
  }

  private void configure(int node, int storagePort, int sslPort) throws IOException {
    Path home = nodeDir(node);
    Files.createDirectories(home.resolve("logs"));
    Files.createDirectories(home.resolve("data"));
    Files.createDirectories(home.resolve("triggers"));
    // Murmur3 tokens run from -2^63 to 2^63 - 1: node i owns an equal share.
    BigInteger token = BigInteger.TWO.pow(64).divide(BigInteger.valueOf(nodes)).multiply(BigInteger.valueOf(node - 1))
        .subtract(BigInteger.TWO.pow(63));
    String yaml = ForkedServer.resource("cassandra-cluster.yaml.template")
        .replace("@DIR@", home.toString())
        .replace("@ADDRESS@", address(node))
        .replace("@TOKEN@", token.toString())
        .replace("@SEEDS@", address(1) + ":" + storagePort)
        .replace("@STORAGE_PORT@", Integer.toString(storagePort))
        .replace("@SSL_STORAGE_PORT@", Integer.toString(sslPort))
        .replace("@NATIVE_PORT@", Integer.toString(nativePort));
    Files.writeString(home.resolve("cassandra.yaml"), yaml);
    Files.writeString(home.resolve("logback.xml"), ForkedServer.resource("cassandra-logback.xml"));
  }

  private void launch(int node) throws IOException, InterruptedException {
    Path home = nodeDir(node);
    jmxPorts[node] = ForkedServer.freePort(); // chosen at each start: the last one may have been taken while the node was down
    Path logs = home.resolve("logs");
    List<String> command = new ArrayList<>(java.subList(0, java.size() - 2));
    command.addAll(List.of(
        "-Xms256M", "-Xmx" + System.getProperty("denorm.cassandra.clusterHeap", "768M"), "-Xss256k", "-XX:+UseG1GC",
        "-XX:+ExitOnOutOfMemoryError", "-Djava.net.preferIPv4Stack=true",
        "-Dcassandra.config=" + home.resolve("cassandra.yaml").toUri(), "-Dcassandra.storagedir=" + home.resolve("data"),
        "-Dcassandra.logdir=" + logs, "-Dlogback.configurationFile=" + home.resolve("logback.xml"),
        "-Dcassandra-foreground=true", "-Dcassandra.triggers_dir=" + home.resolve("triggers"),
        "-Dcassandra.shutdown_announce_in_ms=0", "-Dcassandra.skip_wait_for_gossip_to_settle=0", "-Dcassandra.ring_delay_ms=2000",
        // JMX on the loopback interface only, for flushes and compactions (compact)
        "-Dcassandra.jmx.local.port=" + jmxPorts[node]));
    command.addAll(java.subList(java.size() - 2, java.size()));
    command.add("org.apache.cassandra.service.CassandraDaemon");
    long t0 = System.nanoTime();
    Path log = logs.resolve("stdout.log");
    servers[node] = ForkedServer.launch("cassandra-node" + node, command, log, home.resolve("cassandra.pid"));
    String host = address(node);
    servers[node].awaitReady("Cassandra node " + node, () -> ForkedServer.portOpen(host, nativePort), log,
        Long.getLong("denorm.cassandra.startTimeoutSeconds", 240), t0);
  }

  /** Kills every node. */
  @Override
  public void close() {
    for (int node = 1; node <= nodes; node++) {
      if (servers[node] != null) {
        servers[node].stop();
      }
    }
  }
}
