package io.denorm.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Fresh keyspaces for tests: dropped if they exist, created again, and given the tables the
 * processor generated ({@code META-INF/denorm/schema.cql} on the class path), all of them or only
 * those of some entities, which is much faster when a project has many. Each test class (or test)
 * then starts from empty tables, whatever the previous run left.
 *
 * <pre>{@code
 * @ExtendWith(CassandraExtension.class)
 * class SessionDaoTest {
 *   static SessionDao dao;
 *
 *   @BeforeAll
 *   static void open(CqlSession session) {
 *     dao = new CassandraSessionDao(session, CassandraSchemas.freshKeyspace(session, "session_dao_test", "Session"));
 *   }
 * }
 * }</pre>
 */
public final class CassandraSchemas {

  /** The entity a block of the schema file belongs to, by its comment ({@code -- master table of com.example.Session}). */

  private CassandraSchemas() {}

  /**
   * Keyspace {@code name} (one replica) created afresh with the tables of {@code entities} (simple
   * class names; none: every entity) and the user-defined types and shared tables of the schema.
   * Returns {@code name}.
   */
  public static String freshKeyspace(CqlSession session, String name, String... entities) {
    return freshKeyspace(session, name, List.of(entities), 1);
  }

  /** As above, replicated {@code replicas} times (SimpleStrategy), for a test cluster. */
  public static String freshKeyspace(CqlSession session, String name, List<String> entities, int replicas) {
    Objects.requireNonNull(session, "session");
    SchemaManager schema = SchemaManager.of(session);
    schema.dropKeyspace(name);
    schema.createKeyspace(name, Replication.simple(replicas));
    schema.apply(name, blocksOf(schemaFile(session.getClass().getClassLoader()), entities));
    return name;
  }

  /** The blocks of {@code cql} that belong to no entity or to one of {@code entities} (see {@link SchemaManager#blocksOf}). */
  static String blocksOf(String cql, List<String> entities) {
    return SchemaManager.blocksOf(cql, entities);
  }

  private static String schemaFile(ClassLoader fallback) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader() != null ? Thread.currentThread().getContextClassLoader() : fallback;
    try (InputStream in = loader.getResourceAsStream(SchemaManager.SCHEMA_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(SchemaManager.SCHEMA_RESOURCE + " is not on the class path: compile the entities with denorm-annotation-processor first");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
