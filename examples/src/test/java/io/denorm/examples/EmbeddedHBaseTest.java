package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.testkit.HBaseExtension;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The testkit's embedded HBase (groundwork for the HBase backend): a real standalone server that
 * creates tables and serves gets, prefix scans and check-and-mutate.
 */
@ExtendWith(HBaseExtension.class)
class EmbeddedHBaseTest {

  static final byte[] FAMILY = Bytes.toBytes("d");
  static final byte[] VALUE = Bytes.toBytes("v");

  @Test
  void servesGetsPrefixScansAndCheckAndMutate(Connection connection) throws Exception {
    TableName name = TableName.valueOf("denorm_smoke", "readings");
    try (Admin admin = connection.getAdmin()) {
      if (!List.of(admin.listNamespaces()).contains("denorm_smoke")) {
        admin.createNamespace(NamespaceDescriptor.create("denorm_smoke").build());
      }
      if (admin.tableExists(name)) {
        admin.disableTable(name);
        admin.deleteTable(name);
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    }
    try (Table table = connection.getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (String key : List.of("CA/San Francisco/1", "CA/San Francisco Bay/2", "CA/Oakland/3", "NY/Buffalo/4")) {
        puts.add(new Put(Bytes.toBytes(key)).addColumn(FAMILY, VALUE, Bytes.toBytes(key.length())));
      }
      table.put(puts);
      Result one = table.get(new Get(Bytes.toBytes("CA/Oakland/3")));
      assertEquals("CA/Oakland/3".length(), Bytes.toInt(one.getValue(FAMILY, VALUE)));
      List<String> ca = new ArrayList<>();
      try (ResultScanner scanner = table.getScanner(new Scan().setStartStopRowForPrefixScan(Bytes.toBytes("CA/")))) {
        for (Result r : scanner) {
          ca.add(Bytes.toString(r.getRow()));
        }
      }
      assertEquals(List.of("CA/Oakland/3", "CA/San Francisco Bay/2", "CA/San Francisco/1"), ca, "rows in byte order");
      byte[] row = Bytes.toBytes("NY/Buffalo/4");
      assertTrue(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(FAMILY, VALUE, Bytes.toBytes(12))
          .build(new Put(row).addColumn(FAMILY, VALUE, Bytes.toBytes(99)))).isSuccess());
      assertFalse(table.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(FAMILY, VALUE, Bytes.toBytes(12))
          .build(new Put(row).addColumn(FAMILY, VALUE, Bytes.toBytes(7)))).isSuccess(), "the value is 99 now");
      assertEquals(99, Bytes.toInt(table.get(new Get(row)).getValue(FAMILY, VALUE)));
    }
  }
}
