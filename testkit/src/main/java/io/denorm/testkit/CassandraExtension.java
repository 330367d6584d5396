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
public final class CassandraExtension extends SharedServerExtension<CassandraTarget, CqlSession> {

  public CassandraExtension() {
    super("cassandra", CassandraTarget.class, CqlSession.class);
  }

  /**
   * The shared target, once a test class with this extension has started (its {@code beforeAll} ran):
   * for settings read before parameters are resolved, such as Spring's {@code @DynamicPropertySource}.
   */
  public static CassandraTarget sharedTarget() {
    return started("cassandra", CassandraTarget.class);
  }

  @Override
  CassandraTarget start(Path dir) {
    return CassandraTarget.fromSystemProperties(dir);
  }

  @Override
  CqlSession connect(CassandraTarget target) {
    return target.newSession();
  }

  @Override
  String describe(CassandraTarget target) {
    return target.describe();
  }
}
