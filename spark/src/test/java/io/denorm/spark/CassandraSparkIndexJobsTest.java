package io.denorm.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexProgress;
import io.denorm.index.IndexReport;
import io.denorm.spark.model.CassandraMemberDao;
import io.denorm.spark.model.Member;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraSchemas;
import io.denorm.testkit.CassandraTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Spark jobs against {@link IndexMaintenance} in one JVM, on the same damaged index of a real
 * Cassandra: the same report, the same final table, and a compare task that fails half-way and is
 * retried still leaves the index whole.
 */
@ExtendWith(CassandraExtension.class)
class CassandraSparkIndexJobsTest {

  static final int MEMBERS = 3_000;
  static JavaSparkContext spark;
  static CqlSession session;
  static String keyspace;
  static CassandraMemberDao dao;
  static DaoSource<CassandraMemberDao> source;
  static CassandraConnection connection;

  @BeforeAll
  static void start(CqlSession s, CassandraTarget target) {
    session = s;
    keyspace = CassandraSchemas.freshKeyspace(s, "spark_index_jobs", "Member", "Club", "Person");
    dao = new CassandraMemberDao(s, keyspace);
    connection = CassandraConnection.of(target.contactPointList(), target.localDatacenter(), keyspace);
    source = DaoSource.cassandra(connection, CassandraMemberDao.class);
    spark = SparkTests.context();
  }

  @AfterAll
  static void stop() {
    SparkTests.stop(spark);
  }

  @BeforeEach
  void members() {
    for (String table : List.of("members", "members_by_email", "members_by_city")) {
      session.execute("TRUNCATE " + keyspace + "." + table);
    }
    Random random = new Random(7);
    List<Member> all = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      all.add(new Member(new UUID(random.nextLong(), random.nextLong()), "member " + i, "m" + i + "@example.org", "city " + random.nextInt(40)));
    }
    dao.saveAll(all);
  }

  /** The same damage each time: 40 rows deleted, 25 stale rows added, 15 names changed, in the city index. */
  static long damageTime = 1000;

  void damageCityIndex() {
    long at = damageTime++; // a stale row deleted at its write time would shadow the same row written again at that time
    List<Row> rows = session.execute("SELECT city, id FROM " + keyspace + ".members_by_city").all();
    rows.sort(java.util.Comparator.comparing((Row r) -> r.getUuid("id")));
    for (int i = 0; i < 40; i++) {
      Row r = rows.get(i * 50);
      session.execute("DELETE FROM " + keyspace + ".members_by_city WHERE city = ? AND id = ?", r.getString("city"), r.getUuid("id"));
    }
    Random random = new Random(11);
    for (int i = 0; i < 25; i++) {
      session.execute("INSERT INTO " + keyspace + ".members_by_city (city, id, name, verified) VALUES (?, ?, ?, false) USING TIMESTAMP ?",
          "city " + random.nextInt(40), new UUID(random.nextLong(), random.nextLong()), "nobody " + i, at);
    }
    for (int i = 0; i < 15; i++) {
      Row r = rows.get(i * 50 + 25);
      session.execute("UPDATE " + keyspace + ".members_by_city SET name = ? WHERE city = ? AND id = ?",
          "wrong name " + i, r.getString("city"), r.getUuid("id"));
    }
  }

  IndexMaintenance<?> inOneJvm() {
    return dao.indexMaintenance().repairGrace(Duration.ZERO);
  }

  SparkIndexJobs jobs() {
    return SparkIndexJobs.of(spark, source).repairGrace(Duration.ZERO);
  }

  /** Every row of the city index, without write times or marks. */
  TreeSet<String> cityIndex() {
    TreeSet<String> out = new TreeSet<>();
    for (Row r : session.execute("SELECT city, id, name FROM " + keyspace + ".members_by_city")) {
      out.add(r.getString("city") + "|" + r.getUuid("id") + "|" + r.getString("name"));
    }
    return out;
  }

  static void assertSameCounts(IndexReport expected, IndexReport actual) {
    assertEquals(expected.masterRows(), actual.masterRows(), "master rows of " + actual);
    assertEquals(expected.indexRows(), actual.indexRows(), "index rows of " + actual);
    assertEquals(expected.missing(), actual.missing(), "missing of " + actual);
    assertEquals(expected.stale(), actual.stale(), "stale of " + actual);
    assertEquals(expected.mismatched(), actual.mismatched(), "mismatched of " + actual);
  }

  @Test
  void sparkVerifyAndRebuildReportAndRepairWhatIndexMaintenanceDoes() {
    damageCityIndex();
    IndexReport oneJvm = inOneJvm().verify("members_by_city", null);
    assertEquals(40, oneJvm.missing(), oneJvm.toString());
    assertEquals(25, oneJvm.stale(), oneJvm.toString());
    assertEquals(15, oneJvm.mismatched(), oneJvm.toString());

    List<IndexProgress> progress = new CopyOnWriteArrayList<>();
    IndexJob verify = jobs().verify("members_by_city").onProgress(progress::add);
    IndexReport onSpark = verify.report();
    System.out.println("[spark] " + onSpark + "; " + progress.size() + " progress reports, last " + verify.progress());
    assertSameCounts(oneJvm, onSpark);
    assertEquals(0, onSpark.fixed());
    assertTrue(progress.stream().anyMatch(p -> p.phase().equals("compare")), "progress of the compare: " + progress);

    IndexReport sparkRebuild = jobs().rebuild("members_by_city").report();
    System.out.println("[spark] " + sparkRebuild);
    assertSameCounts(oneJvm, sparkRebuild);
    assertEquals(80, sparkRebuild.fixed(), sparkRebuild.toString());
    TreeSet<String> afterSpark = cityIndex();
    assertEquals(MEMBERS, afterSpark.size());
    assertEquals(0, inOneJvm().verify("members_by_city", null).problems());

    damageCityIndex();
    IndexReport oneJvmRebuild = inOneJvm().rebuild("members_by_city", null);
    assertSameCounts(sparkRebuild, oneJvmRebuild);
    assertEquals(sparkRebuild.fixed(), oneJvmRebuild.fixed());
    assertEquals(afterSpark, cityIndex(), "the index table after the Spark rebuild and after IndexMaintenance's");
  }

  @Test
  void aCompareTaskKilledHalfWayAndRetriedLeavesTheIndexCorrect() {
    damageCityIndex();
    IndexReport before = inOneJvm().verify("members_by_city", null);
    IndexJob job = jobs().failFirstAttemptAfter(200).rebuild("members_by_city");
    IndexReport report = job.report();
    assertEquals(1, job.failedTaskAttempts(), "the first attempt of one compare task failed, and was retried");
    System.out.println("[spark] after a failed attempt: " + report);
    IndexReport check = inOneJvm().verify("members_by_city", null);
    assertEquals(0, check.problems(), check.toString());
    assertEquals(MEMBERS, cityIndex().size());
    // the retry works from the same scans: it counts the rows they found missing or stale, as one clean
    // run would; a mismatched row the failed attempt rewrote is read again, found right, not counted
    assertEquals(before.missing(), report.missing(), report.toString());
    assertEquals(before.stale(), report.stale(), report.toString());
    assertTrue(report.mismatched() <= before.mismatched(), report.toString());
  }

  @Test
  void aUniqueIndexIsRebuiltWithItsClaims() {
    List<Row> rows = session.execute("SELECT email FROM " + keyspace + ".members_by_email").all();
    for (int i = 0; i < 30; i++) {
      session.execute("DELETE FROM " + keyspace + ".members_by_email WHERE email = ?", rows.get(i * 7).getString("email"));
    }
    session.execute("INSERT INTO " + keyspace + ".members_by_email (email, id, verified, asserted_at) VALUES (?, ?, false, 1000) USING TIMESTAMP 1000", "ghost@example.org",
        UUID.randomUUID());
    IndexReport oneJvm = inOneJvm().verify("members_by_email", null);
    IndexReport onSpark = jobs().rebuild("members_by_email").report();
    System.out.println("[spark] " + onSpark);
    assertSameCounts(oneJvm, onSpark);
    assertEquals(30, onSpark.missing());
    assertEquals(1, onSpark.stale());
    IndexReport after = inOneJvm().verify("members_by_email", null);
    assertEquals(0, after.problems(), after.toString());
    assertTrue(dao.findByEmail("m" + 0 + "@example.org").isPresent());
  }

  @Test
  void backfillWritesAnEmptiedIndex() {
    session.execute("TRUNCATE " + keyspace + ".members_by_city");
    IndexReport report = jobs().backfill("members_by_city").report();
    assertEquals(MEMBERS, report.masterRows());
    assertEquals(MEMBERS, report.fixed());
    assertEquals(0, inOneJvm().verify("members_by_city", null).problems());
  }

  /** Memberships lost behind the DAOs' back: the counts and inverse sides they feed are found wrong and set right, as in one JVM. */
  @Test
  void countsAndInverseSidesAreCheckedAndSetFromTheMemberships() {
    for (String table : List.of("clubs", "people", "people_by_club_ids")) {
      session.execute("TRUNCATE " + keyspace + "." + table);
    }
    MembershipsScenario.run(new io.denorm.spark.model.CassandraClubDao(session, keyspace), new io.denorm.spark.model.CassandraPersonDao(session, keyspace),
        () -> session.execute("TRUNCATE " + keyspace + ".people_by_club_ids"),
        SparkIndexJobs.of(spark, DaoSource.cassandra(connection, io.denorm.spark.model.CassandraPersonDao.class)).repairGrace(Duration.ZERO),
        5, 200, 12);
  }

  /**
   * The tasks of a run in one executor share its rate limit: 6,000 rows read at 1,000 a second take 6
   * s at least (a limit per task, two tasks at a time, would take 3 s).
   */
  @Test
  void theRateLimitHoldsAcrossAnExecutorsTasks() {
    long start = System.nanoTime();
    IndexReport report = jobs().maxRowsPerSecondPerExecutor(1_000).verify("members_by_city").report();
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(0, report.problems(), report.toString());
    assertEquals(2 * MEMBERS, report.masterRows() + report.indexRows());
    assertTrue(seconds >= 5.5, "6,000 rows at 1,000 rows/s took " + seconds + " s");
  }
}
