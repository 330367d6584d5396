package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraSchemas;
import java.util.List;

/** A fresh keyspace per test class, with the examples' schema applied from the classpath ({@link CassandraSchemas}). */
final class TestKeyspaces {
  private TestKeyspaces() {}

  static String fresh(CqlSession session, String name) {
    return CassandraSchemas.freshKeyspace(session, name);
  }

  /**
   * A fresh keyspace holding the types, the shared tables and the tables of {@code entities} only
   * (simple class names): creating every example's tables takes Cassandra tens of seconds.
   */
  static String fresh(CqlSession session, String name, List<String> entities) {
    return fresh(session, name, entities, 1);
  }

  /** As above, replicated {@code replicas} times (SimpleStrategy). */
  static String fresh(CqlSession session, String name, List<String> entities, int replicas) {
    return CassandraSchemas.freshKeyspace(session, name, entities, replicas);
  }
}
