package io.denorm.hbase;

import io.denorm.DenormException;
import java.io.IOException;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The asynchronous connection a DAO built on a blocking {@link Connection} runs on: one per
 * connection, opened on first use with the connection's configuration and user (so a Kerberos login
 * carries over), and closed when the connection is closed through {@link #close(Connection)}, when a
 * later call finds its connection closed, or when the JVM exits (one shutdown hook for all).
 */
public final class HBaseConnections {

  private static final Map<Connection, AsyncConnection> ASYNC = new WeakHashMap<>();
  private static boolean hooked;

  private HBaseConnections() {}

  /**
   * {@code conf} pointed at the ZooKeeper quorum {@code host[:port][,host[:port]…]}: its hosts, and
   * as the client port the first port an entry names (HBase takes one port for all hosts; none
   * named: {@code conf}'s own, 2181 by default).
   */
  public static org.apache.hadoop.conf.Configuration quorum(org.apache.hadoop.conf.Configuration conf, String quorum) {
    if (quorum == null || quorum.isBlank()) {
      throw new IllegalArgumentException("the ZooKeeper quorum is empty");
    }
    StringBuilder hosts = new StringBuilder();
    String port = null;
    for (String entry : quorum.split(",")) {
      String e = entry.trim();
      int colon = e.lastIndexOf(':');
      if (colon > 0 && e.substring(colon + 1).matches("\\d+")) {
        port = port == null ? e.substring(colon + 1) : port;
        e = e.substring(0, colon);
      }
      hosts.append(hosts.length() == 0 ? "" : ",").append(e);
    }
    conf.set("hbase.zookeeper.quorum", hosts.toString());
    if (port != null) {
      conf.set("hbase.zookeeper.property.clientPort", port);
    }
    return conf;
  }

  public static synchronized AsyncConnection async(Connection connection) {
    closeOrphans();
    AsyncConnection async = ASYNC.get(connection);
    if (async == null || async.isClosed()) {
      try {
        org.apache.hadoop.hbase.security.User user = connection instanceof org.apache.hadoop.hbase.client.ConnectionImplementation c ? c.getUser() : null;
        async = (user == null ? ConnectionFactory.createAsyncConnection(connection.getConfiguration())
            : ConnectionFactory.createAsyncConnection(connection.getConfiguration(), user)).get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DenormException("interrupted while connecting to HBase", e);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new DenormException("cannot open an asynchronous HBase connection: " + e.getCause(), e.getCause());
      }
      ASYNC.put(connection, async);
      if (!hooked) {
        hooked = true;
        Runtime.getRuntime().addShutdownHook(new Thread(HBaseConnections::closeAll, "denorm-hbase-close"));
      }
    }
    return async;
  }

  /** Closes the asynchronous connection opened for {@code connection}, if any. */
  public static synchronized void close(Connection connection) {
    AsyncConnection async = ASYNC.remove(connection);
    if (async != null) {
      closeQuietly(async);
    }
  }

  /** The asynchronous connections of connections closed without {@link #close(Connection)}. */
  private static void closeOrphans() {
    ASYNC.entrySet().removeIf(e -> {
      if (e.getKey().isClosed()) {
        closeQuietly(e.getValue());
        return true;
      }
      return false;
    });
  }

  private static synchronized void closeAll() {
    ASYNC.values().forEach(HBaseConnections::closeQuietly);
    ASYNC.clear();
  }

  private static void closeQuietly(AsyncConnection async) {
    try {
      async.close();
    } catch (IOException ignored) {
      // closing: nothing left to do
    }
  }
}
