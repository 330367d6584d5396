package io.denorm.examples;

import io.denorm.examples.accounts.AccountDao;
import io.denorm.examples.accounts.HBaseAccountDao;
import io.denorm.testkit.HBaseExtension;
import io.denorm.testkit.HBaseTarget;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ConsistencyContract} on a real HBase, each application instance with a connection of its own. */
@ExtendWith(HBaseExtension.class)
class HBaseConsistencyTest extends ConsistencyContract {

  static Connection client;
  static HBaseTarget target;

  @BeforeAll
  static void open(Connection c, HBaseTarget t) {
    client = c;
    target = t;
  }

  @Override
  Stores.Store store() {
    return Stores.hbase(client);
  }

  @Override
  AccountDao ownClient(String schema, List<AutoCloseable> clients) {
    Connection connection = target.newConnection();
    clients.add(connection);
    return new HBaseAccountDao(connection, schema);
  }
}
