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

  @ParameterizedTest(name = "{0} folders")
  @CsvSource({"30, 4", "1200, 5"})
  void folderTrees(int n, long seed) {
    folderTree(n, seed);
  }
}
