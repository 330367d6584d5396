package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import io.denorm.examples.shop.ShopApplication;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The shop application on the shared Cassandra, through Spring Boot's own Cassandra auto-configuration. */
@ExtendWith(CassandraExtension.class)
@SpringBootTest(classes = {ShopApplication.class, ShopApplicationContract.Meters.class}, properties = {
    "denorm.schema-action=create-if-not-exists", "denorm.packages=" + ShopApplicationContract.PACKAGES})
@DirtiesContext
class CassandraShopApplicationTest extends ShopApplicationContract {

  static final String KEYSPACE = "shop_" + Long.toHexString(System.nanoTime());

  @DynamicPropertySource
  static void cassandra(DynamicPropertyRegistry registry) {
    registry.add("spring.cassandra.contact-points", () -> CassandraExtension.sharedTarget().contactPointList());
    registry.add("spring.cassandra.local-datacenter", () -> CassandraExtension.sharedTarget().localDatacenter());
    registry.add("denorm.keyspace", () -> KEYSPACE);
  }

  @Autowired CqlSession session;

  @Override
  String store() {
    return "Cassandra";
  }

  @Override
  Map<String, Object> storeProperties(String schema) {
    CassandraTarget target = CassandraExtension.sharedTarget();
    return Map.of("spring.cassandra.contact-points", target.contactPointList(), "spring.cassandra.local-datacenter", target.localDatacenter(),
        "denorm.keyspace", schema);
  }

  @Override
  void createEmpty(String schema) {
    SchemaManager.of(session).createKeyspace(schema, Replication.simple(1));
  }
}
