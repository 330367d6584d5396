package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ProductContract} on a real HBase: cents in the order-preserving row key, so byte order is price order. */
@ExtendWith(HBaseExtension.class)
class HBaseProductTest extends ProductContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
