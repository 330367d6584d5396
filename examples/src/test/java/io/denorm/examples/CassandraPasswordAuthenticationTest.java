package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import io.denorm.examples.users.CassandraUserDao;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import io.denorm.index.IndexedDao;
import io.denorm.testkit.EmbeddedCassandra;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The DAOs through an authenticated session: an embedded Cassandra of its own with {@code
 * PasswordAuthenticator} and {@code CassandraAuthorizer}; an application role that may use one
 * keyspace and nothing else runs the generated UserDao (indexes, a unique claim, a partial update),
 * while a session without credentials is refused. The credentials go to the session the application
 * builds; Denorm adds nothing of its own.
 */
class CassandraPasswordAuthenticationTest {

  static EmbeddedCassandra server;
  static CqlSession admin;
  static String keyspace;

  static CqlSessionBuilder builder() {
    return CqlSession.builder().addContactPoint(new InetSocketAddress(server.host(), server.port())).withLocalDatacenter(server.localDatacenter());
  }

  @BeforeAll
  static void start() throws InterruptedException {
    server = EmbeddedCassandra.startWithPasswords(Path.of("target/denorm-servers/cassandra-passwords"));
    admin = loginAsSuperuser();
    keyspace = TestKeyspaces.fresh(admin, "auth_users", List.of("User"));
    admin.execute("CREATE ROLE IF NOT EXISTS shop_app WITH PASSWORD = 'app-secret' AND LOGIN = true");
    admin.execute("GRANT ALL PERMISSIONS ON KEYSPACE auth_users TO shop_app");
  }

  /** The default superuser exists once the server has set up its roles: retried for up to a minute. */
  private static CqlSession loginAsSuperuser() throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      try {
        return builder().withAuthCredentials(EmbeddedCassandra.SUPERUSER, EmbeddedCassandra.SUPERUSER).build();
      } catch (AllNodesFailedException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(500);
      }
    }
  }

  @AfterAll
  static void stop() {
    if (admin != null) {
      admin.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theApplicationRoleRunsTheDaosAndASessionWithoutCredentialsIsRefused() {
    try (CqlSession app = builder().withAuthCredentials("shop_app", "app-secret").build()) {
      UserDao users = new CassandraUserDao(app, keyspace);
      User ada = new User(UUID.randomUUID(), "Ada", "ada@example.org", "CA", "Palo Alto", Set.of("math"));
      users.save(ada);
      assertEquals(ada.id(), users.findByEmail("ada@example.org").orElseThrow().id());
      assertTrue(users.updateStateAndCityById(ada.id(), "NY", "Ithaca"));
      assertEquals(List.of(ada.id()), users.findByStateAndCity("NY", "Ithaca").stream().map(User::id).toList());
      @SuppressWarnings("unchecked")
      IndexedDao<User> indexed = (IndexedDao<User>) users;
      assertEquals(0, indexed.indexMaintenance().verify("users_by_location", null).problems());
      assertThrows(UnauthorizedException.class, () -> app.execute("SELECT * FROM system_auth.roles"),
          "the role may use its keyspace and nothing else");
    }
    AllNodesFailedException refused = assertThrows(AllNodesFailedException.class, () -> builder().build().close());
    assertTrue(refused.getAllErrors().values().stream().flatMap(List::stream).anyMatch(e -> e instanceof AuthenticationException),
        refused.toString());
  }
}
