package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link NestedSetContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseNestedSetTest extends NestedSetContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
