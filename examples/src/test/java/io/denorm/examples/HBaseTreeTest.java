package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link TreeContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseTreeTest extends TreeContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
