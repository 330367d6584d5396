package io.denorm.examples;

import io.denorm.examples.shop.ShopApplication;
import io.denorm.hbase.HBaseSchemaManager;
import io.denorm.testkit.HBaseExtension;
import java.util.Map;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The shop application on the shared HBase, over the connection the starter opens from {@code denorm.hbase.zookeeper-quorum}. */
@ExtendWith(HBaseExtension.class)
@SpringBootTest(classes = {ShopApplication.class, ShopApplicationContract.Meters.class}, properties = {
    "denorm.schema-action=create-if-not-exists", "denorm.packages=" + ShopApplicationContract.PACKAGES,
    "spring.autoconfigure.exclude=" + HBaseShopApplicationTest.CASSANDRA_AUTO_CONFIGURATION})
@DirtiesContext
class HBaseShopApplicationTest extends ShopApplicationContract {

  static final String CASSANDRA_AUTO_CONFIGURATION = "org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration";
  static final String NAMESPACE = "shop_" + Long.toHexString(System.nanoTime());

  @DynamicPropertySource
  static void hbase(DynamicPropertyRegistry registry) {
    registry.add("denorm.hbase.zookeeper-quorum", () -> HBaseExtension.sharedTarget().quorum());
    registry.add("denorm.namespace", () -> NAMESPACE);
  }

  @Autowired Connection connection;

  @Override
  String store() {
    return "HBase";
  }

  @Override
  Map<String, Object> storeProperties(String schema) {
    return Map.of("denorm.hbase.zookeeper-quorum", HBaseExtension.sharedTarget().quorum(), "denorm.namespace", schema,
        "spring.autoconfigure.exclude", CASSANDRA_AUTO_CONFIGURATION);
  }

  @Override
  void createEmpty(String schema) {
    HBaseSchemaManager.of(connection).createNamespace(schema);
  }
}
