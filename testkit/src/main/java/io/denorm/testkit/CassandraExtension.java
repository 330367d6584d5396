package io.denorm.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Path;

/**
 * Hands JUnit 5 tests a {@link CqlSession} (or the {@link CassandraTarget}) to a real Cassandra: the
 * one named by {@code -Ddenorm.cassandra.contactPoints}, or else one embedded server started once
 * for the whole test run and shared by every test class, stopped when the run ends.
 *
 * <pre>{@code
 * @ExtendWith(CassandraExtension.class)
 * class ReadingDaoTest {
 *   @Test void saves(CqlSession session) { … }
 * }
 * }</pre>
 */
public final class CassandraExtension extends SharedServerExtension<CassandraExtension.Shared> {

  /** The server and one session, closed together when the run ends. */
  static final class Shared implements AutoCloseable {
    final CassandraTarget target;
    final CqlSession session;

    Shared(CassandraTarget target) {
      this.target = target;
      try {
        this.session = target.newSession();
      } catch (RuntimeException e) {
        target.close();
        throw e;
      }
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

  public CassandraExtension() {
    super("cassandra", Shared.class);
  }

  @Override
  Shared start(Path dir) {
    CassandraTarget target = CassandraTarget.fromSystemProperties(dir);
    System.out.println("[denorm-testkit] " + target.describe());
    return new Shared(target);
  }

  @Override
  boolean parameterType(Class<?> type) {
    return type == CqlSession.class || type == CassandraTarget.class;
  }

  @Override
  Object parameter(Shared shared, Class<?> type) {
    return type == CqlSession.class ? shared.session : shared.target;
  }
}
