package io.denorm.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The HBase that tests and the demo talk to: a real cluster named by {@code
 * -Ddenorm.hbase.zookeeperQuorum=host:port[,host:port…]}, or else an embedded standalone server
 * started for this JVM.
 */
public final class HBaseTarget implements AutoCloseable {

  public static final String QUORUM = "denorm.hbase.zookeeperQuorum";

  private final String quorum;
  private final EmbeddedHBase embedded;

  private HBaseTarget(String quorum, EmbeddedHBase embedded) {
    this.quorum = quorum;
    this.embedded = embedded;
  }

  public static HBaseTarget fromSystemProperties(Path embeddedDir) {
    String quorum = System.getProperty(QUORUM, "").strip();
    if (!quorum.isEmpty()) {
      return new HBaseTarget(quorum, null);
    }
    EmbeddedHBase server = EmbeddedHBase.start(embeddedDir);
    return new HBaseTarget(server.zookeeperQuorum(), server);
  }

  /** The ZooKeeper quorum clients connect to, {@code host:port}. */
  public String quorum() {
    return quorum;
  }

  /** The client configuration: the quorum's hosts and client port, short retries for tests. */
  public Configuration configuration() {
    Configuration conf = io.denorm.hbase.HBaseConnections.quorum(HBaseConfiguration.create(), quorum);
    conf.setInt("hbase.client.retries.number", 10);
    conf.setInt("hbase.client.pause", 200);
    return conf;
  }

  /**
   * A new connection, returned once the master answers (the first answer after a cold start can take
   * a few seconds).
   */
  public Connection newConnection() {
    try {
      Connection connection = ConnectionFactory.createConnection(configuration());
      long deadline = System.nanoTime() + 120_000_000_000L;
      while (true) {
        try (Admin admin = connection.getAdmin()) {
          admin.listNamespaceDescriptors();
          return connection;
        } catch (IOException e) {
          if (System.nanoTime() > deadline) {
            connection.close();
            throw e;
          }
          Thread.sleep(200);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot connect to HBase at " + quorum + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public EmbeddedHBase embedded() {
    return embedded;
  }

  public String describe() {
    return embedded != null
        ? "embedded HBase " + EmbeddedHBase.VERSION + " (ZooKeeper " + quorum + ", pid " + embedded.pid() + ", ports open after " + embedded.startMillis() + " ms)"
        : "HBase at ZooKeeper " + quorum;
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
