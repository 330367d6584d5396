package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ClassManyToManyContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseClassManyToManyTest extends ClassManyToManyContract {

  static Connection client;
  static io.denorm.testkit.HBaseTarget target;

  @BeforeAll
  static void open(Connection c, io.denorm.testkit.HBaseTarget t) {
    client = c;
    target = t;
  }

  @Override
  Stores.Store store() {
    return Stores.hbase(client, target);
  }
}
