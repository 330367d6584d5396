package io.denorm.examples;

import io.denorm.examples.accounts.HBaseAccountDao;
import io.denorm.testkit.HBaseExtension;
import io.denorm.testkit.HBaseTarget;
import org.apache.hadoop.hbase.client.Connection;
import io.denorm.examples.accounts.AccountDao;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link AccountHistoryContract} on a real HBase, each client with a Connection of its own. */
@ExtendWith(HBaseExtension.class)
class HBaseAccountHistoryTest extends AccountHistoryContract {

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
  AccountDao ownClient(String schema, List<AutoCloseable> resources) {
    Connection connection = target.newConnection();
    resources.add(connection);
    return new HBaseAccountDao(connection, schema);
  }
}
