package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link CliContract} on the shared Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraCliTest extends CliContract {

  static CqlSession session;

  @BeforeAll
  static void open(CqlSession s) {
    session = s;
  }

  @Override
  List<String> storeOptions(String schema) {
    CassandraTarget target = CassandraExtension.sharedTarget();
    return List.of("--contact-points", target.contactPointList(), "--local-datacenter", target.localDatacenter(), "--keyspace", schema,
        "--replication-factor", "1");
  }

  @Override
  String store() {
    return "cassandra";
  }

  @Override
  String schemaWord() {
    return "keyspace";
  }

  @Override
  List<String> expectedDifferences() {
    return List.of("tenants: column region missing (ALTER TABLE … ADD can add it)", "tenants_by_plan: table missing");
  }

  @Override
  void deleteIndexRow(String schema, String plan, String id) {
    session.execute(SimpleStatement.newInstance("DELETE FROM " + schema + ".tenants_by_plan WHERE plan = ? AND id = ?", plan, id));
  }

  @Override
  Object dao(ClassLoader model, String schema) throws Exception {
    return model.loadClass("cliapp.CassandraTenantDao").getConstructor(CqlSession.class, String.class).newInstance(session, schema);
  }
}
