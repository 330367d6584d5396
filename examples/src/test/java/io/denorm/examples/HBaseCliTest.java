package io.denorm.examples;

import io.denorm.testkit.HBaseExtension;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link CliContract} on the shared HBase: its tables have no columns to add, so the diff is the new index table alone. */
@ExtendWith(HBaseExtension.class)
class HBaseCliTest extends CliContract {

  static Connection connection;

  @BeforeAll
  static void open(Connection c) {
    connection = c;
  }

  @Override
  List<String> storeOptions(String schema) {
    return List.of("--zookeeper-quorum", HBaseExtension.sharedTarget().quorum(), "--namespace", schema);
  }

  @Override
  String store() {
    return "hbase";
  }

  @Override
  String schemaWord() {
    return "namespace";
  }

  @Override
  List<String> expectedDifferences() {
    return List.of("tenants_by_plan: table missing");
  }

  /** The index row whose key holds both the plan's and the id's bytes (the row-key codec writes strings as their bytes). */
  @Override
  void deleteIndexRow(String schema, String plan, String id) throws Exception {
    try (Table table = connection.getTable(TableName.valueOf(schema, "tenants_by_plan")); ResultScanner rows = table.getScanner(new Scan())) {
      for (Result row : rows) {
        String key = Bytes.toStringBinary(row.getRow());
        if (key.contains(plan) && key.contains(id)) { // no other id of the test holds "t8"
          table.delete(new Delete(row.getRow(), System.currentTimeMillis() * 1000)); // Denorm stamps cells in microseconds
          return;
        }
      }
    }
    throw new AssertionError("no index row of " + id + " on " + plan);
  }

  @Override
  Object dao(ClassLoader model, String schema) throws Exception {
    return model.loadClass("cliapp.HBaseTenantDao").getConstructor(Connection.class, String.class).newInstance(connection, schema);
  }
}
