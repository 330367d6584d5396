package io.denorm.spark;

import io.denorm.spark.model.HBaseAccountDao;
import io.denorm.spark.model.HBaseAccountRankDao;
import io.denorm.spark.model.HBaseFolderDao;
import io.denorm.spark.model.HBaseFolderStatsDao;
import io.denorm.testkit.HBaseExtension;
import io.denorm.testkit.HBaseSchemas;
import io.denorm.testkit.HBaseTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link GraphJobsContract} on a real HBase. */
@ExtendWith(HBaseExtension.class)
class HBaseGraphJobsTest extends GraphJobsContract {

  static Connection connection;
  static String namespace;
  static HBaseConnection target;

  @BeforeAll
  static void start(Connection c, HBaseTarget server) {
    connection = c;
    namespace = HBaseSchemas.freshNamespace(c, "spark_graphs", "Account", "AccountRank", "Folder", "FolderStats");
    target = HBaseConnection.of(server.quorum(), namespace);
    spark = SparkTests.context();
  }

  @AfterAll
  static void stop() {
    SparkTests.stop(spark);
  }

  @Override
  void emptyTables() {
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : admin.listTableNamesByNamespace(namespace)) {
        if (!table.getQualifierAsString().startsWith("denorm_")) {
          admin.disableTable(table);
          admin.truncateTable(table, true);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  DaoSource<HBaseAccountDao> accounts() {
    return DaoSource.hbase(target, HBaseAccountDao.class);
  }

  @Override
  DaoSource<HBaseAccountRankDao> ranks() {
    return DaoSource.hbase(target, HBaseAccountRankDao.class);
  }

  @Override
  DaoSource<HBaseFolderDao> folders() {
    return DaoSource.hbase(target, HBaseFolderDao.class);
  }

  @Override
  DaoSource<HBaseFolderStatsDao> stats() {
    return DaoSource.hbase(target, HBaseFolderStatsDao.class);
  }

  @Test
  void followerGraph() {
    followerGraph(600, 6);
  }

  @Test
  void folderTree() {
    folderTree(500, 7);
  }
}
