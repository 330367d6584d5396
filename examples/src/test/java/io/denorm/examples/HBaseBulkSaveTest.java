package io.denorm.examples;

import org.apache.hadoop.hbase.client.Connection;
import io.denorm.testkit.HBaseExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link BulkSaveContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseBulkSaveTest extends BulkSaveContract {

  static Connection client;

  @BeforeAll
  static void open(Connection c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.hbase(client);
  }
}
