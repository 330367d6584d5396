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
    Set<String> declared = declaredTables();
    long types = declaredCount("CREATE TYPE IF NOT EXISTS ");
    assertTrue(declared.containsAll(Set.of("calibration", "devices", "readings", "users", "users_by_location", "books_by_slug", "trades",
        "people", "people_by_last_name")), declared.toString());
    assertEquals(declared.size() + types, again.size(), "every type and table again, each a no-op");
    schema.createKeyspace(ks, Replication.simple(3)); // exists: left as it is
    Map<String, String> replication = session.execute(
        "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", ks).one().getMap(0, String.class, String.class);
    assertEquals("1", replication.get("replication_factor"));
    Set<String> tables = new TreeSet<>();
    for (Row row : session.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", ks)) {
      tables.add(row.getString(0));
    }
    assertEquals(declared, tables);
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

  /** The schema the processor wrote for the examples. */
  private static String schemaCql() {
    try (var in = SchemaManagerTest.class.getClassLoader().getResourceAsStream("META-INF/denorm/schema.cql")) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The tables schema.cql creates. */
  private static Set<String> declaredTables() {
    Set<String> names = new TreeSet<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("CREATE TABLE IF NOT EXISTS (\\w+)").matcher(schemaCql());
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  private static long declaredCount(String prefix) {
    return schemaCql().lines().filter(l -> l.startsWith(prefix)).count();
  }
}
