package io.denorm.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Hands JUnit 5 tests an HBase {@link Connection} (or the {@link HBaseTarget}): to the cluster named
 * by {@code -Ddenorm.hbase.zookeeperQuorum}, or else to one embedded standalone server started once
 * for the whole test run, shared by every test class, stopped when the run ends.
 */
public final class HBaseExtension extends SharedServerExtension<HBaseExtension.Shared> {

  /** The server and one connection, closed together when the run ends. */
  static final class Shared implements AutoCloseable {
    final HBaseTarget target;
    final Connection connection;

    Shared(HBaseTarget target) {
      this.target = target;
      try {
        this.connection = target.newConnection();
      } catch (RuntimeException e) {
        target.close();
        throw e;
      }
    }

    @Override
    public void close() {
      try {
        connection.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } finally {
        target.close();
      }
    }
  }

  public HBaseExtension() {
    super("hbase", Shared.class);
  }

  @Override
  Shared start(Path dir) {
    HBaseTarget target = HBaseTarget.fromSystemProperties(dir);
    System.out.println("[denorm-testkit] " + target.describe());
    return new Shared(target);
  }

  @Override
  boolean parameterType(Class<?> type) {
    return type == Connection.class || type == HBaseTarget.class;
  }

  @Override
  Object parameter(Shared shared, Class<?> type) {
    return type == Connection.class ? shared.connection : shared.target;
  }
}
