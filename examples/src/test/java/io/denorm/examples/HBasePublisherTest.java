package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PublisherContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBasePublisherTest extends PublisherContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
