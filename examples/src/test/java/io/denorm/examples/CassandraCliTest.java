package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link CliContract} on the shared Cassandra, and a destructive apply (a changed index key). */
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

  /**
   * A changed index key (Cassandra sees it in the table's primary key; an HBase table has no columns
   * to compare): refused without --allow-destructive, nothing changed; with it the index table is
   * dropped, recreated and back-filled before it is reported ready, and answers the new finder.
   */
  @Test
  void aChangedIndexKeyIsRecreatedAndBackFilledOnlyWithAllowDestructive() throws Exception {
    String schema = "cli_" + Long.toHexString(System.nanoTime());
    assertEquals(0, run(schema, v2, "schema", "apply").code());
    try (URLClassLoader second = new URLClassLoader(new URL[] {v2.toUri().toURL()}, getClass().getClassLoader())) {
      Object dao = dao(second, schema);
      Class<?> tenant = second.loadClass("cliapp.Tenant");
      Method save = dao.getClass().getMethod("save", tenant);
      for (int i = 0; i < 30; i++) {
        save.invoke(dao, tenant.getConstructors()[0].newInstance("t" + i, "Tenant " + i, i % 3 == 0 ? "pro" : "free", i % 2 == 0 ? "eu" : "us"));
      }
    }
    Run diff = run(schema, v3, "schema", "diff");
    assertEquals(1, diff.code(), diff.out());
    assertTrue(diff.out().lines().anyMatch(l -> l.startsWith("tenants_by_plan: ") && !l.contains("table missing")), diff.out());

    Run refused = run(schema, v3, "schema", "apply");
    assertEquals(2, refused.code(), refused.out());
    assertTrue(refused.out().contains("refused: tenants_by_plan") && refused.out().contains("nothing was changed"), refused.out());
    assertEquals(diff.out(), run(schema, v3, "schema", "diff").out(), "the refused apply changed nothing");

    Run applied = run(schema, v3, "schema", "apply", "--allow-destructive");
    assertEquals(0, applied.code(), applied.out());
    assertTrue(applied.out().contains("dropped tenants_by_plan to recreate it"), applied.out());
    assertTrue(applied.out().contains("tenants_by_plan: back-filled, ready: ") && applied.out().contains("tenants_by_plan: 30 master rows"),
        applied.out());
    assertEquals(0, run(schema, v3, "schema", "diff").code(), "in line after the destructive apply");
    try (URLClassLoader third = new URLClassLoader(new URL[] {v3.toUri().toURL()}, getClass().getClassLoader())) {
      Object dao = dao(third, schema);
      List<?> proEu = (List<?>) dao.getClass().getMethod("findByPlanAndRegion", String.class, String.class).invoke(dao, "pro", "eu");
      assertEquals(5, proEu.size(), "t0, t6, t12, t18, t24: the recreated table, back-filled, answers the new finder");
    }
    Run verified = run(schema, v3, "index", "verify", "tenants_by_plan", "--no-checkpoint");
    assertEquals(0, verified.code(), verified.out());
    assertTrue(verified.out().contains("30 master rows, 30 index rows, 0 missing, 0 stale, 0 mismatched"), verified.out());
  }

  @Override
  Object dao(ClassLoader model, String schema) throws Exception {
    return model.loadClass("cliapp.CassandraTenantDao").getConstructor(CqlSession.class, String.class).newInstance(session, schema);
  }
}
