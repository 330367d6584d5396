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
