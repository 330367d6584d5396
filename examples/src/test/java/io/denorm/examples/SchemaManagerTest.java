package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import io.denorm.testkit.CassandraExtension;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(CassandraExtension.class)
class SchemaManagerTest {

  @Test
  void createsKeyspaceAndAppliesTheGeneratedSchemaIdempotently(CqlSession session) {
    String ks = TestKeyspaces.fresh(session, "schema_test");
    SchemaManager schema = SchemaManager.of(session);
    List<String> again = schema.applyFromClasspath(ks);
    assertEquals(15, again.size()); // 1 type, 6 tables, 8 index tables
    schema.createKeyspace(ks, Replication.simple(3)); // exists: left as it is
    Map<String, String> replication = session.execute(
        "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", ks).one().getMap(0, String.class, String.class);
    assertEquals("1", replication.get("replication_factor"));
    Set<String> tables = new TreeSet<>();
    for (Row row : session.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", ks)) {
      tables.add(row.getString(0));
    }
    assertEquals(Set.of("calibration", "devices", "readings", "users", "users_by_location", "users_by_email", "users_by_category", "users_by_skill",
        "books", "books_by_author", "books_by_genre", "books_by_slug", "trades", "trades_by_account"), tables);
    String order = session.execute(
        "SELECT clustering_order FROM system_schema.columns WHERE keyspace_name = ? AND table_name = 'readings' AND column_name = 'at'", ks)
        .one().getString(0);
    assertEquals("desc", order);
  }

  @Test
  void networkTopologyReplication(CqlSession session) {
    SchemaManager.of(session).createKeyspace("schema_nts_test", Replication.networkTopology(Map.of("datacenter1", 1)));
    Map<String, String> replication = session.execute(
        "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'schema_nts_test'").one().getMap(0, String.class, String.class);
    assertTrue(replication.get("class").endsWith("NetworkTopologyStrategy"), replication.toString());
    assertEquals("1", replication.get("datacenter1"));
  }
}
