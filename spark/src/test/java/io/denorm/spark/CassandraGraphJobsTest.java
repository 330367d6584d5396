package io.denorm.spark;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.spark.model.CassandraAccountDao;
import io.denorm.spark.model.CassandraAccountRankDao;
import io.denorm.spark.model.CassandraFolderDao;
import io.denorm.spark.model.CassandraFolderStatsDao;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraSchemas;
import io.denorm.testkit.CassandraTarget;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link GraphJobsContract} on a real Cassandra, random graphs of several sizes. */
@ExtendWith(CassandraExtension.class)
class CassandraGraphJobsTest extends GraphJobsContract {

  static CqlSession session;
  static String keyspace;
  static CassandraConnection connection;

  @BeforeAll
  static void start(CqlSession s, CassandraTarget target) {
    session = s;
    keyspace = CassandraSchemas.freshKeyspace(s, "spark_graphs", "Account", "AccountRank", "Folder", "FolderStats");
    connection = CassandraConnection.of(target.contactPointList(), target.localDatacenter(), keyspace);
    spark = SparkTests.context();
  }

  @AfterAll
  static void stop() {
    SparkTests.stop(spark);
  }

  @Override
  void emptyTables() {
    for (String table : List.of("accounts", "account_ranks", "account_ranks_by_component", "folders", "folders_by_parent_id", "folder_stats")) {
      session.execute("TRUNCATE " + keyspace + "." + table);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  DaoSource<CassandraAccountDao> accounts() {
    return DaoSource.cassandra(connection, CassandraAccountDao.class);
  }

  @Override
  DaoSource<CassandraAccountRankDao> ranks() {
    return DaoSource.cassandra(connection, CassandraAccountRankDao.class);
  }

  @Override
  DaoSource<CassandraFolderDao> folders() {
    return DaoSource.cassandra(connection, CassandraFolderDao.class);
  }

  @Override
  DaoSource<CassandraFolderStatsDao> stats() {
    return DaoSource.cassandra(connection, CassandraFolderStatsDao.class);
  }

  @ParameterizedTest(name = "{0} accounts")
  @CsvSource({"40, 1", "400, 2", "2500, 3"})
  void followerGraphs(int n, long seed) {
    followerGraph(n, seed);
  }

  /** The example job on 3,000 accounts, its results read back through the generated finders. */
  @org.junit.jupiter.api.Test
  void theExampleJob() {
    emptyTables();
    java.util.Map<String, java.util.Set<String>> follows = randomFollows(new java.util.Random(8), 3_000, 3.0);
    List<io.denorm.spark.model.Account> rows = new java.util.ArrayList<>();
    follows.forEach((id, tos) -> rows.add(new io.denorm.spark.model.Account(id, "account " + id, tos)));
    accounts().shared().saveAll(rows);
    io.denorm.spark.example.FollowerGraphJob.Summary summary = io.denorm.spark.example.FollowerGraphJob.run(spark, connection);
    System.out.println("[graph] the example job: " + summary);
    org.junit.jupiter.api.Assertions.assertEquals(3_000, summary.ranksWritten());
    java.util.Map<String, java.util.Set<String>> edges = kept(follows);
    java.util.Map<String, Double> rank = pageRank(edges, 20, 0.15);
    java.util.Map<String, String> component = components(edges);
    CassandraAccountRankDao ranks = ranks().shared();
    for (String id : List.of("a00000", "a01234", "a02999")) {
      io.denorm.spark.model.AccountRank read = ranks.findByAccountId(id).orElseThrow();
      org.junit.jupiter.api.Assertions.assertEquals(rank.get(id), read.rank(), 1e-9 * Math.max(1, read.rank()));
      java.util.Set<String> members = new java.util.TreeSet<>();
      ranks.findByComponent(read.component()).forEach(r -> members.add(r.accountId()));
      java.util.Set<String> expected = new java.util.TreeSet<>();
      component.forEach((v, c) -> {
        if (c.equals(component.get(id))) {
          expected.add(v);
        }
      });
      org.junit.jupiter.api.Assertions.assertEquals(expected, members, "the component of " + id);
    }
  }

  @ParameterizedTest(name = "{0} folders")
  @CsvSource({"30, 4", "1200, 5"})
  void folderTrees(int n, long seed) {
    folderTree(n, seed);
  }
}
