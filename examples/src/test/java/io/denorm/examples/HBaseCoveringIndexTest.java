package io.denorm.examples;

import org.apache.hadoop.hbase.client.Connection;
import io.denorm.testkit.HBaseExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link CoveringIndexContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseCoveringIndexTest extends CoveringIndexContract {

  static Connection client;

  @BeforeAll
  static void open(Connection c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.hbase(client);
  }

  @Override
  boolean trustsVerifiedRows() {
    return false;
  }
}
