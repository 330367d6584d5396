package io.denorm.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real standalone HBase 2.6 ({@code hbase-server} from Maven Central: ZooKeeper, master and one
 * regionserver in one JVM, data on the local filesystem) in a forked JDK 17 JVM, on free loopback
 * ports. It runs under a {@link ForkedServer} watcher, so it dies with this JVM; its pid is in
 * {@code hbase.pid}.
 */
public final class EmbeddedHBase extends EmbeddedServer {

  public static final String VERSION = "2.6.4-hadoop3";

  private final int zookeeperPort;
  private final int masterPort;

  private EmbeddedHBase(Path dir, int zookeeperPort, int masterPort, ForkedServer server, long startMillis) {
    super(dir, server, startMillis);
    this.zookeeperPort = zookeeperPort;
    this.masterPort = masterPort;
  }

  /**
   * Starts a server in {@code dir} (wiped first) and returns once its ZooKeeper and regionserver
   * ports accept connections; a client should still wait until the master answers (see
   * {@link HBaseTarget}).
   */
  public static EmbeddedHBase start(Path dir) {
    Path absolute = dir.toAbsolutePath();
    return ForkedServer.starting("HBase", absolute, () -> doStart(absolute));
  }

  private static EmbeddedHBase doStart(Path dir) throws IOException, InterruptedException {
    ForkedServer.deleteRecursively(dir);
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Path logs = Files.createDirectories(dir.resolve("logs"));
    String classpath = ServerClasspath.resolve("hbase-" + VERSION, ForkedServer.RESOURCES + "hbase-server-pom.xml", dir);
    int zk = ForkedServer.freePort();
    int master = ForkedServer.freePort();
    int rs = ForkedServer.freePort();
    Files.writeString(conf.resolve("hbase-site.xml"), ForkedServer.resource("hbase-site.xml.template")
        .replace("@DIR@", dir.toString())
        .replace("@ZK_PORT@", Integer.toString(zk))
        .replace("@MASTER_PORT@", Integer.toString(master))
        .replace("@RS_PORT@", Integer.toString(rs)));
    Path log4j = dir.resolve("log4j2.properties");
    Files.writeString(log4j, ForkedServer.resource("hbase-log4j2.properties"));

    List<String> java = new ArrayList<>();
    java.add(JavaRuntimes.java17().toString());
    // 1 GB: a build's tests create about 150 tables (some pre-split), each region with its own memstore.
    java.addAll(List.of("-Dproc_master", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError", "-Xmx" + System.getProperty("denorm.hbase.heap", "1g")));
    java.addAll(ForkedServer.jvmOptions("hbase-jdk17.options"));
    java.addAll(List.of("-Dlog4j2.configurationFile=" + log4j, "-Dhbase.log.dir=" + logs,
        "-cp", conf + File.pathSeparator + classpath, "org.apache.hadoop.hbase.master.HMaster", "start"));

    long t0 = System.nanoTime();
    Path log = logs.resolve("stdout.log");
    ForkedServer server = ForkedServer.launch("hbase", java, log, dir.resolve("hbase.pid"));
    long ready = server.awaitReady("HBase", () -> ForkedServer.portOpen(zk) && ForkedServer.portOpen(rs), log,
        Long.getLong("denorm.hbase.startTimeoutSeconds", 180), t0);
    return new EmbeddedHBase(dir, zk, master, server, ready);
  }

  /** {@code 127.0.0.1:port}, as {@code -Ddenorm.hbase.zookeeperQuorum} takes it. */
  public String zookeeperQuorum() {
    return "127.0.0.1:" + zookeeperPort;
  }

  public int masterPort() {
    return masterPort;
  }
}
