package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link DistinctCountContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseDistinctCountTest extends DistinctCountContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
