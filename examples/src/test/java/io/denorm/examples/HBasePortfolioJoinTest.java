package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PortfolioJoinContract} on a real HBase: one multi-get per batch. */
@ExtendWith(HBaseExtension.class)
class HBasePortfolioJoinTest extends PortfolioJoinContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
