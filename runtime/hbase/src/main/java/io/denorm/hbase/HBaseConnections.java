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
 * connection, opened from its configuration on first use and closed when the connection is closed
 * through {@link #close(Connection)} or when the JVM exits.
 */
public final class HBaseConnections {

  private static final Map<Connection, AsyncConnection> ASYNC = new WeakHashMap<>();

  private HBaseConnections() {}

  public static synchronized AsyncConnection async(Connection connection) {
    AsyncConnection async = ASYNC.get(connection);
    if (async == null || async.isClosed()) {
      try {
        async = ConnectionFactory.createAsyncConnection(connection.getConfiguration()).get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DenormException("interrupted while connecting to HBase", e);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new DenormException("cannot open an asynchronous HBase connection: " + e.getCause(), e.getCause());
      }
      AsyncConnection opened = async;
      ASYNC.put(connection, opened);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(opened), "denorm-hbase-close"));
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

  private static void closeQuietly(AsyncConnection async) {
    try {
      async.close();
    } catch (IOException ignored) {
      // closing: nothing left to do
    }
  }
}
