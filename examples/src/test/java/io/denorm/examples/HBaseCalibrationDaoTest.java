package io.denorm.examples;

import org.apache.hadoop.hbase.client.Connection;
import io.denorm.testkit.HBaseExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link CalibrationDaoContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseCalibrationDaoTest extends CalibrationDaoContract {

  @BeforeAll
  static void open(Connection client) {
    use(Stores.hbase(client));
  }
}
