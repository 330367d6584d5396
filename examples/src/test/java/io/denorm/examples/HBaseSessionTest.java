package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link SessionContract} on a real HBase: cell TTLs set from Denorm's microsecond timestamps. */
@ExtendWith(HBaseExtension.class)
class HBaseSessionTest extends SessionContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
