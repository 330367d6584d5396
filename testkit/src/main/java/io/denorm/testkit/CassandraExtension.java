package io.denorm.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands JUnit 5 tests a {@link CqlSession} to a real Cassandra: the one named by {@code
 * -Ddenorm.cassandra.contactPoints}, or else one embedded server started once for the whole test
 * run and shared by every test class, stopped when the run ends.
 *
 * <pre>{@code
 * @ExtendWith(CassandraExtension.class)
 * class ReadingDaoTest {
 *   @Test void saves(CqlSession session) { … }
 * }
 * }</pre>
 */
public final class CassandraExtension implements BeforeAllCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(CassandraExtension.class);

  /** The server and one session, closed together when the root context closes. */
  static final class Shared implements AutoCloseable {
    final CassandraTarget target;
    final CqlSession session;

    Shared(CassandraTarget target) {
      this.target = target;
      CqlSession s;
      try {
        s = target.newSession();
      } catch (RuntimeException e) {
        target.close();
        throw e;
      }
      this.session = s;
    }

    @Override
    public void close() {
      try {
        session.close();
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
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("cassandra", k -> {
      Path dir = Path.of(System.getProperty("denorm.testkit.dir", "target/denorm-servers")).resolve("cassandra");
      CassandraTarget target = CassandraTarget.fromSystemProperties(dir);
      System.out.println("[denorm-testkit] " + target.describe());
      return new Shared(target);
    }, Shared.class);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == CqlSession.class || type == CassandraTarget.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Shared shared = shared(context);
    return parameter.getParameter().getType() == CqlSession.class ? shared.session : shared.target;
  }
}
