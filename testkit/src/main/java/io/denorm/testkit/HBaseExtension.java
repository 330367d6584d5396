package io.denorm.testkit;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands JUnit 5 tests an HBase {@link Connection}: to the cluster named by {@code
 * -Ddenorm.hbase.zookeeperQuorum}, or else to one embedded standalone server started once for the
 * whole test run, shared by every test class, stopped when the run ends.
 */
public final class HBaseExtension implements BeforeAllCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(HBaseExtension.class);

  static final class Shared implements AutoCloseable {
    final HBaseTarget target;
    final Connection connection;

    Shared(HBaseTarget target) {
      this.target = target;
      Connection c;
      try {
        c = target.newConnection();
      } catch (RuntimeException e) {
        target.close();
        throw e;
      }
      this.connection = c;
    }

    @Override
    public void close() throws IOException {
      try {
        connection.close();
      } finally {
        target.close();
      }
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    shared(context);
  }

  private static Shared shared(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("hbase", k -> {
      Path dir = Path.of(System.getProperty("denorm.testkit.dir", "target/denorm-servers")).resolve("hbase");
      HBaseTarget target = HBaseTarget.fromSystemProperties(dir);
      System.out.println("[denorm-testkit] " + target.describe());
      return new Shared(target);
    }, Shared.class);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == Connection.class || type == HBaseTarget.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Shared shared = shared(context);
    return parameter.getParameter().getType() == Connection.class ? shared.connection : shared.target;
  }
}
