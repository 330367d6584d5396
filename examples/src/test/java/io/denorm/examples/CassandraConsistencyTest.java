package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.examples.accounts.AccountDao;
import io.denorm.examples.accounts.CassandraAccountDao;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ConsistencyContract} on a real Cassandra, each application instance with a session of its own. */
@ExtendWith(CassandraExtension.class)
class CassandraConsistencyTest extends ConsistencyContract {

  static CqlSession client;
  static CassandraTarget target;

  @BeforeAll
  static void open(CqlSession c, CassandraTarget t) {
    client = c;
    target = t;
  }

  /**
   * Failure 9: every statement a DAO sends carries its consistency level (by default LOCAL_QUORUM).
   * On this one-replica keyspace a level of THREE cannot be met, so a DAO set to it is refused by
   * the server on every read and write, while the default DAO is served.
   */
  @org.junit.jupiter.api.Test
  void everyStatementCarriesTheDaosConsistencyLevel() {
    dao.save(new io.denorm.examples.accounts.Account("cl", "cl@example.org", "example.org", "cl", null));
    CassandraAccountDao strict = new CassandraAccountDao(client, schema);
    org.junit.jupiter.api.Assertions.assertEquals(io.denorm.cassandra.StatementOptions.DEFAULTS, strict.statementOptions());
    strict.setStatementOptions(io.denorm.cassandra.StatementOptions.DEFAULTS.withConsistency(
        com.datastax.oss.driver.api.core.DefaultConsistencyLevel.THREE));
    RuntimeException read = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> strict.findById("cl"));
    org.junit.jupiter.api.Assertions.assertTrue(everything(read).contains("consistency THREE"), everything(read));
    RuntimeException viaIndex = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> strict.findByEmail("cl@example.org"));
    org.junit.jupiter.api.Assertions.assertTrue(everything(viaIndex).contains("consistency THREE"), everything(viaIndex));
    org.junit.jupiter.api.Assertions.assertEquals("cl", dao.findByEmail("cl@example.org").map(io.denorm.examples.accounts.Account::id).orElse(null));
  }

  /** Every message of the cause chain, and of every node's error when the driver tried several. */
  static String everything(Throwable t) {
    StringBuilder out = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      out.append(c).append('\n');
      if (c instanceof com.datastax.oss.driver.api.core.AllNodesFailedException all) {
        all.getAllErrors().values().forEach(errors -> errors.forEach(e -> out.append(e).append('\n')));
      }
    }
    return out.toString();
  }

  @Override
  Stores.Store store() {
    return Stores.cassandra(client);
  }

  @Override
  AccountDao ownClient(String schema, List<AutoCloseable> clients) {
    CqlSession session = target.newSession();
    clients.add(session);
    return new CassandraAccountDao(session, schema);
  }
}
