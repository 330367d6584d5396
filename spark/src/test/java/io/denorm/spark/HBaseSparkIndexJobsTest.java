package io.denorm.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexReport;
import io.denorm.spark.model.HBaseMemberDao;
import io.denorm.spark.model.Member;
import io.denorm.testkit.HBaseExtension;
import io.denorm.testkit.HBaseSchemas;
import io.denorm.testkit.HBaseTarget;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Spark jobs against {@link IndexMaintenance} on a real HBase: the same damage (index rows
 * deleted, master rows deleted behind the index's back, names changed in master rows) gives the
 * same report and the same final index table either way.
 */
@ExtendWith(HBaseExtension.class)
class HBaseSparkIndexJobsTest {

  static final int MEMBERS = 2_000;
  static final byte[] FAMILY = Bytes.toBytes("d");
  static JavaSparkContext spark;
  static Connection connection;
  static String namespace;
  static HBaseMemberDao dao;
  static DaoSource<HBaseMemberDao> source;
  static HBaseConnection hbase;

  @BeforeAll
  static void start(Connection c, HBaseTarget target) {
    connection = c;
    namespace = HBaseSchemas.freshNamespace(c, "spark_index_jobs", "Member", "Club", "Person");
    hbase = HBaseConnection.of(target.quorum(), namespace);
    dao = new HBaseMemberDao(c, namespace);
    source = DaoSource.hbase(hbase, HBaseMemberDao.class);
    spark = SparkTests.context();
  }

  @AfterAll
  static void stop() {
    SparkTests.stop(spark);
  }

  static TableName table(String name) {
    return TableName.valueOf(namespace, name);
  }

  @BeforeEach
  void members() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      for (String name : List.of("members", "members_by_email", "members_by_city")) {
        admin.disableTable(table(name));
        admin.truncateTable(table(name), true);
      }
    }
    Random random = new Random(7);
    List<Member> all = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      all.add(new Member(new UUID(random.nextLong(), random.nextLong()), "member " + i, "m" + i + "@example.org", "city " + random.nextInt(30)));
    }
    dao.saveAll(all);
  }

  static List<Result> rows(String name) throws IOException {
    List<Result> out = new ArrayList<>();
    try (Table t = connection.getTable(table(name)); ResultScanner scanner = t.getScanner(new Scan())) {
      scanner.forEach(out::add);
    }
    return out;
  }

  /**
   * The same damage each time (row keys come back sorted): 40 city index rows deleted, 20 master rows
   * deleted without their index rows, 15 master rows given another member's name.
   */
  void damage() throws IOException {
    List<Result> index = rows("members_by_city");
    List<Result> masters = rows("members");
    try (Table indexTable = connection.getTable(table("members_by_city")); Table master = connection.getTable(table("members"))) {
      for (int i = 0; i < 40; i++) {
        indexTable.delete(new Delete(index.get(i * 45).getRow(), newest(index.get(i * 45))));
      }
      for (int i = 0; i < 20; i++) {
        master.delete(new Delete(masters.get(i * 90 + 3).getRow(), newest(masters.get(i * 90 + 3))));
      }
      for (int i = 0; i < 15; i++) {
        byte[] otherName = masters.get(i * 90 + 50).getValue(FAMILY, Bytes.toBytes("name"));
        Result changed = masters.get(i * 90 + 20);
        master.put(new Put(changed.getRow()).addColumn(FAMILY, Bytes.toBytes("name"), newest(changed) + 1, otherName));
      }
    }
  }

  /** The newest timestamp of a row's cells (the DAO writes with its own clock, not the server's). */
  static long newest(Result row) {
    long newest = 0;
    for (Cell cell : row.rawCells()) {
      newest = Math.max(newest, cell.getTimestamp());
    }
    return newest;
  }

  /** Every cell of the city index, without timestamps. */
  static TreeSet<String> cityIndex() throws IOException {
    TreeSet<String> out = new TreeSet<>();
    for (Result r : rows("members_by_city")) {
      for (Cell cell : r.rawCells()) {
        out.add(Bytes.toHex(r.getRow()) + "/" + Bytes.toString(CellUtil.cloneQualifier(cell)) + "=" + Bytes.toHex(CellUtil.cloneValue(cell)));
      }
    }
    return out;
  }

  IndexMaintenance<?> inOneJvm() {
    return dao.indexMaintenance().repairGrace(Duration.ZERO);
  }

  SparkIndexJobs jobs() {
    return SparkIndexJobs.of(spark, source).repairGrace(Duration.ZERO);
  }

  @Test
  void sparkVerifyAndRebuildReportAndRepairWhatIndexMaintenanceDoes() throws IOException {
    damage();
    IndexReport oneJvm = inOneJvm().verify("members_by_city", null);
    System.out.println("[spark] in one JVM: " + oneJvm);
    assertTrue(oneJvm.missing() > 0 && oneJvm.stale() > 0 && oneJvm.mismatched() > 0, oneJvm.toString());
    IndexReport onSpark = jobs().verify("members_by_city").report();
    System.out.println("[spark] " + onSpark);
    CassandraSparkIndexJobsTest.assertSameCounts(oneJvm, onSpark);

    IndexReport sparkRebuild = jobs().rebuild("members_by_city").report();
    System.out.println("[spark] " + sparkRebuild);
    CassandraSparkIndexJobsTest.assertSameCounts(oneJvm, sparkRebuild);
    assertEquals(oneJvm.problems(), sparkRebuild.fixed(), sparkRebuild.toString());
    TreeSet<String> afterSpark = cityIndex();
    IndexReport check = inOneJvm().verify("members_by_city", null);
    assertEquals(0, check.problems(), check.toString());

    members();
    damage();
    IndexReport oneJvmRebuild = inOneJvm().rebuild("members_by_city", null);
    CassandraSparkIndexJobsTest.assertSameCounts(sparkRebuild, oneJvmRebuild);
    assertEquals(sparkRebuild.fixed(), oneJvmRebuild.fixed());
    assertEquals(afterSpark, cityIndex(), "the index table after the Spark rebuild and after IndexMaintenance's");
  }

  @Test
  void aCompareTaskKilledHalfWayAndRetriedLeavesTheIndexCorrect() throws IOException {
    damage();
    IndexReport before = inOneJvm().verify("members_by_city", null);
    IndexJob job = jobs().failFirstAttemptAfter(200).rebuild("members_by_city");
    IndexReport report = job.report();
    assertEquals(1, job.failedTaskAttempts(), "the first attempt of one compare task failed, and was retried");
    System.out.println("[spark] after a failed attempt: " + report);
    IndexReport check = inOneJvm().verify("members_by_city", null);
    assertEquals(0, check.problems(), check.toString());
    assertEquals(0, inOneJvm().verify("members_by_email", null).missing());
    assertEquals(before.missing(), report.missing(), report.toString());
    assertEquals(before.stale(), report.stale(), report.toString());
    assertTrue(report.mismatched() <= before.mismatched(), report.toString());
  }

  @Test
  void backfillWritesAnEmptiedIndexAcrossSplitRegions() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      admin.disableTable(table("members_by_city"));
      admin.truncateTable(table("members_by_city"), true);
    }
    IndexJob job = jobs().minTasks(8).backfill("members_by_city");
    IndexReport report = job.report();
    assertEquals(8, job.plan().masterSegments(), "the table's one region split into 8 key ranges: " + job.plan());
    assertEquals(MEMBERS, report.masterRows(), report.toString());
    assertEquals(MEMBERS, report.fixed(), report.toString());
    assertEquals(0, inOneJvm().verify("members_by_city", null).problems());
  }

  /** Memberships lost behind the DAOs' back: the counts and inverse sides they feed are found wrong and set right, as in one JVM. */
  @Test
  void countsAndInverseSidesAreCheckedAndSetFromTheMemberships() {
    MembershipsScenario.run(new io.denorm.spark.model.HBaseClubDao(connection, namespace), new io.denorm.spark.model.HBasePersonDao(connection, namespace),
        () -> {
          try (Admin admin = connection.getAdmin()) {
            admin.disableTable(table("people_by_club_ids"));
            admin.truncateTable(table("people_by_club_ids"), true);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        },
        SparkIndexJobs.of(spark, DaoSource.hbase(hbase, io.denorm.spark.model.HBasePersonDao.class)).repairGrace(Duration.ZERO),
        4, 150, 13);
  }
}
