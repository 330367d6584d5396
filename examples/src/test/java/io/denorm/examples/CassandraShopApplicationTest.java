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

  /**
   * validate names each column the live schema lacks or types otherwise: a keyspace created from the
   * model, then a column dropped and a table recreated with another type, fails start-up with both.
   */
  @org.junit.jupiter.api.Test
  void theValidateActionNamesAMissingColumnAndAColumnOfAnotherType() {
    String drifted = "shop_drift_" + Long.toHexString(System.nanoTime());
    io.denorm.testkit.CassandraSchemas.freshKeyspace(session, drifted, "User", "Session", "Product");
    ddl("ALTER TABLE " + drifted + ".users DROP city");
    ddl("DROP TABLE " + drifted + ".sessions");
    ddl("CREATE TABLE " + drifted + ".sessions (id uuid PRIMARY KEY, user_id text, device text, last_seen bigint)");
    Map<String, Object> properties = new java.util.HashMap<>(storeProperties(drifted));
    properties.put("denorm.schema-action", "validate");
    properties.put("denorm.packages", PACKAGES);
    Exception failed = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> new org.springframework.boot.builder.SpringApplicationBuilder(
        ShopApplication.class).web(org.springframework.boot.WebApplicationType.NONE).properties(properties).run().close());
    StringBuilder all = new StringBuilder();
    for (Throwable c = failed; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    String message = all.toString();
    org.junit.jupiter.api.Assertions.assertTrue(message.contains("users: column city missing"), message);
    org.junit.jupiter.api.Assertions.assertTrue(message.contains("sessions: column last_seen is bigint, the model says timestamp"), message);
    org.junit.jupiter.api.Assertions.assertFalse(message.contains("table missing"), "every table is there: " + message);
  }

  /** A schema change through Spring Boot's session, whose 2 s request timeout a DDL on a busy node can outlast. */
  private void ddl(String cql) {
    session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(cql).setTimeout(java.time.Duration.ofSeconds(60)));
    session.checkSchemaAgreement();
  }
}
