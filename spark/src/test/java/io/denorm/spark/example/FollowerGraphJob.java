package io.denorm.spark.example;

import io.denorm.spark.CassandraConnection;
import io.denorm.spark.DaoSource;
import io.denorm.spark.EntityGraph;
import io.denorm.spark.SparkGraphs;
import io.denorm.spark.model.Account;
import io.denorm.spark.model.AccountRank;
import io.denorm.spark.model.CassandraAccountDao;
import io.denorm.spark.model.CassandraAccountRankDao;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The example job: the follower graph of the accounts Denorm stores ({@code Account.follows}, a
 * {@code @Reference} set), its PageRank and connected components computed on Spark, and written
 * back as {@code AccountRank} rows, which the application then reads through its generated finders
 * ({@code findByComponent}). Submitted to a cluster with
 *
 * <pre>
 * spark-submit --class io.denorm.spark.example.FollowerGraphJob app.jar 10.0.0.1:9042 dc1 social
 * </pre>
 */
public final class FollowerGraphJob {

  private FollowerGraphJob() {}

  /** What a run did. */
  public record Summary(long accounts, long follows, long droppedFollows, long ranksWritten) {}

  public static Summary run(JavaSparkContext spark, CassandraConnection connection) {
    SparkGraphs graphs = SparkGraphs.of(spark);
    EntityGraph<String> follows = graphs.references(DaoSource.cassandra(connection, CassandraAccountDao.class), Account::id, Account::follows);
    JavaPairRDD<String, Double> rank = follows.pageRank(20, 0.15);
    JavaPairRDD<String, String> component = follows.connectedComponents();
    long written = graphs.save(rank.join(component), DaoSource.cassandra(connection, CassandraAccountRankDao.class),
        (dao, batch) -> dao.saveAll(batch.stream().map(r -> new AccountRank(r._1(), r._2()._1(), r._2()._2())).toList()));
    return new Summary(follows.vertexCount(), follows.edgeCount() + follows.droppedEdges(), follows.droppedEdges(), written);
  }

  /** Arguments: contact point(s) ({@code host:port[,host:port]}), local data centre, keyspace. */
  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: FollowerGraphJob <host:port[,host:port…]> <local data centre> <keyspace>");
      System.exit(2);
    }
    try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setAppName("denorm follower graph"))) {
      System.out.println(run(spark, CassandraConnection.of(args[0], args[1], args[2])));
    }
  }
}
