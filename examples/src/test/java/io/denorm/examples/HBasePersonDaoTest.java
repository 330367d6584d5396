package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PersonDaoContract} on a real HBase: checkAndMutate. */
@ExtendWith(HBaseExtension.class)
class HBasePersonDaoTest extends PersonDaoContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
