package io.denorm.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real single-node Cassandra 5.0 ({@code cassandra-all} from Maven Central) in a forked JDK 17
 * JVM, on free loopback ports, with its data in a folder of its own.
 *
 * <p>The server runs under a {@link ForkedServer} watcher, so it dies with this JVM; its pid is in
 * {@code cassandra.pid} for scripts that clean up after a crash.
 */
public final class EmbeddedCassandra extends EmbeddedServer {

  public static final String VERSION = "5.0.9";

  private final int nativePort;
  /** The server's JMX port, bound to the loopback interface only. */
  private final int jmxPort;

  private EmbeddedCassandra(Path dir, int nativePort, int jmxPort, ForkedServer server, long startMillis) {
    super(dir, server, startMillis);
    this.nativePort = nativePort;
    this.jmxPort = jmxPort;
  }

  /**
   * Starts a server in {@code dir} (wiped first) and returns once its CQL port accepts connections.
   * The first start on a machine resolves the server's jars with Maven, which can take minutes.
   */
  public static EmbeddedCassandra start(Path dir) {
    Path absolute = dir.toAbsolutePath();
    return ForkedServer.starting("Cassandra", absolute, () -> doStart(absolute, false));
  }

  /**
   * As {@link #start}, with {@code PasswordAuthenticator} and {@code CassandraAuthorizer}: every
   * session must log in, as {@value #SUPERUSER}/{@value #SUPERUSER} to begin with (the server's
   * default superuser), and roles and grants apply, as on a production cluster.
   */
  public static EmbeddedCassandra startWithPasswords(Path dir) {
    Path absolute = dir.toAbsolutePath();
    return ForkedServer.starting("Cassandra", absolute, () -> doStart(absolute, true));
  }

  /** The default superuser of a server started with passwords (its password is the same). */
  public static final String SUPERUSER = "cassandra";

  private static EmbeddedCassandra doStart(Path dir, boolean passwords) throws IOException, InterruptedException {
    ForkedServer.deleteRecursively(dir);
    Path logs = dir.resolve("logs");
    Files.createDirectories(logs);
    Files.createDirectories(dir.resolve("data"));
    Files.createDirectories(dir.resolve("triggers"));
    String classpath = ServerClasspath.resolve("cassandra-" + VERSION, ForkedServer.RESOURCES + "cassandra-server-pom.xml", dir);
    int nativePort = ForkedServer.freePort();
    int storagePort = ForkedServer.freePort();
    int sslPort = ForkedServer.freePort();
    int jmxPort = ForkedServer.freePort();
    String yaml = ForkedServer.resource("cassandra.yaml.template")
        .replace("@DIR@", dir.toString())
        .replace("@STORAGE_PORT@", Integer.toString(storagePort))
        .replace("@SSL_STORAGE_PORT@", Integer.toString(sslPort))
        .replace("@NATIVE_PORT@", Integer.toString(nativePort));
    if (passwords) {
      yaml = yaml.replace("authenticator: AllowAllAuthenticator", "authenticator: PasswordAuthenticator")
          .replace("authorizer: AllowAllAuthorizer", "authorizer: CassandraAuthorizer");
    }
    Path config = dir.resolve("cassandra.yaml");
    Files.writeString(config, yaml);
    Path logback = dir.resolve("logback.xml");
    Files.writeString(logback, ForkedServer.resource("cassandra-logback.xml"));

    List<String> java = new ArrayList<>();
    java.add(JavaRuntimes.java17().toString());
    java.addAll(ForkedServer.jvmOptions("cassandra-jvm17.options"));
    java.addAll(List.of(
        "-Xms256M", "-Xmx" + System.getProperty("denorm.cassandra.heap", "1G"), "-Xss256k", "-XX:+UseG1GC",
        "-XX:+ExitOnOutOfMemoryError", "-Djava.net.preferIPv4Stack=true",
        "-Dcassandra.config=" + config.toUri(), "-Dcassandra.storagedir=" + dir.resolve("data"),
        "-Dcassandra.logdir=" + logs, "-Dlogback.configurationFile=" + logback,
        "-Dcassandra-foreground=true", "-Dcassandra.triggers_dir=" + dir.resolve("triggers"),
        "-Dcassandra.shutdown_announce_in_ms=0", "-Dcassandra.skip_wait_for_gossip_to_settle=0",
        // the default superuser is created at once rather than 10 s after start-up
        "-Dcassandra.superuser_setup_delay_ms=0",
        // JMX on the loopback interface only, for flushes, compactions and SSTable counts (flush, compact, liveSSTables)
        "-Dcassandra.jmx.local.port=" + jmxPort,
        "-cp", classpath, "org.apache.cassandra.service.CassandraDaemon"));

    long t0 = System.nanoTime();
    Path log = logs.resolve("stdout.log");
    ForkedServer server = ForkedServer.launch("cassandra", java, log, dir.resolve("cassandra.pid"));
    long ready = server.awaitReady("Cassandra", () -> ForkedServer.portOpen(nativePort), log,
        Long.getLong("denorm.cassandra.startTimeoutSeconds", 180), t0);
    return new EmbeddedCassandra(dir, nativePort, jmxPort, server, ready);
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return nativePort;
  }

  /** {@code 127.0.0.1:port}, as {@code -Ddenorm.cassandra.contactPoints} takes it. */
  public String contactPoint() {
    return host() + ":" + nativePort;
  }

  /** Flushes every table of {@code keyspace} to SSTables, through the server's JMX, as {@code nodetool flush} does. */
  public void flush(String keyspace) {
    CassandraJmx.flush(jmxPort, keyspace);
  }

  /**
   * Flushes every table of {@code keyspace} and compacts each into one SSTable, through the server's
   * JMX, as {@code nodetool flush} and {@code nodetool compact} do; returns once both are done.
   */
  public void compact(String keyspace) {
    CassandraJmx.compact(jmxPort, keyspace);
  }

  /** How many SSTables table {@code keyspace.table} has now (its {@code LiveSSTableCount} metric). */
  public int liveSSTables(String keyspace, String table) {
    Object[] count = new Object[1];
    CassandraJmx.call(jmxPort, "counting the SSTables of " + keyspace + "." + table, (server, storage) -> count[0] = server.getAttribute(new javax.management.ObjectName(
        "org.apache.cassandra.metrics:type=Table,keyspace=" + keyspace + ",scope=" + table + ",name=LiveSSTableCount"), "Value"));
    return ((Number) count[0]).intValue();
  }

  /** The CPU time the server's JVM has used so far, in nanoseconds (its {@code ProcessCpuTime}, through JMX). */
  public long processCpuNanos() {
    Object[] nanos = new Object[1];
    CassandraJmx.call(jmxPort, "reading the server's CPU time", (server, storage) -> nanos[0] = server.getAttribute(
        new javax.management.ObjectName("java.lang:type=OperatingSystem"), "ProcessCpuTime"));
    return ((Number) nanos[0]).longValue();
  }

  /**
   * The {@code Count} attribute of each metric in {@code objectNames} (JMX object names of the
   * server's metrics, e.g. a table's {@code WriteTotalLatency}), read through one JMX connection;
   * -1 for a metric the server does not have.
   */
  public long[] metricCounts(java.util.List<String> objectNames) {
    long[] out = new long[objectNames.size()];
    CassandraJmx.call(jmxPort, "reading " + objectNames.size() + " metrics", (server, storage) -> {
      for (int i = 0; i < out.length; i++) {
        javax.management.ObjectName name = new javax.management.ObjectName(objectNames.get(i));
        out[i] = server.isRegistered(name) ? ((Number) server.getAttribute(name, "Count")).longValue() : -1;
      }
    });
    return out;
  }

  /** A thread of the server: its id, its name when read, and the CPU time it has used so far (ns). */
  public record ThreadCpu(long id, String name, long cpuNanos) {}

  /**
   * Each live thread of the server and the CPU time it has used so far, through its JMX ({@code
   * ThreadMXBean}). The JVM's threads that are not Java threads (the garbage collector's, the JIT
   * compilers') are not among them; a Cassandra worker thread is named after the stage it works
   * for at the moment it is read, and moves between stages.
   */
  public List<ThreadCpu> threadCpu() {
    List<ThreadCpu> out = new ArrayList<>();
    CassandraJmx.call(jmxPort, "reading the server's thread CPU times", (server, storage) -> {
      com.sun.management.ThreadMXBean threads = java.lang.management.ManagementFactory.newPlatformMXBeanProxy(server,
          java.lang.management.ManagementFactory.THREAD_MXBEAN_NAME, com.sun.management.ThreadMXBean.class);
      long[] ids = threads.getAllThreadIds();
      long[] cpu = threads.getThreadCpuTime(ids);
      java.lang.management.ThreadInfo[] infos = threads.getThreadInfo(ids);
      for (int i = 0; i < ids.length; i++) {
        if (infos[i] != null && cpu[i] >= 0) {
          out.add(new ThreadCpu(ids[i], infos[i].getThreadName(), cpu[i]));
        }
      }
    });
    return out;
  }

  /**
   * Starts a Java Flight Recording named {@code name} in the server's JVM, with the settings of
   * the {@code .jfc} file {@code settings} (a path the server can read), through its JMX as {@code
   * jcmd JFR.start} does; {@code stackDepth} frames are kept per stack (JFR keeps 64 by default).
   */
  public void startFlightRecording(String name, Path settings, int stackDepth) {
    diagnosticCommand("jfrConfigure", "stackdepth=" + stackDepth);
    diagnosticCommand("jfrStart", "name=" + name, "settings=" + settings.toAbsolutePath());
  }

  /** Stops the recording {@code name} and writes it to {@code file} (a path the server can write), as {@code jcmd JFR.stop} does. */
  public void stopFlightRecording(String name, Path file) {
    diagnosticCommand("jfrStop", "name=" + name, "filename=" + file.toAbsolutePath());
  }

  /** Runs a diagnostic command of the server's JVM (the {@code DiagnosticCommand} MBean behind {@code jcmd}). */
  private void diagnosticCommand(String operation, String... arguments) {
    CassandraJmx.call(jmxPort, operation + " " + String.join(" ", arguments), (server, storage) -> server.invoke(
        new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), operation,
        new Object[] {arguments}, new String[] {String[].class.getName()}));
  }

  /** The datacenter of the embedded node (SimpleSnitch's). */
  public String localDatacenter() {
    return "datacenter1";
  }
}
