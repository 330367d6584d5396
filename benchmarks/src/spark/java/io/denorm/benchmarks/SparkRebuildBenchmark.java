package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.index.IndexReport;
import io.denorm.spark.CassandraConnection;
import io.denorm.spark.DaoSource;
import io.denorm.spark.IndexJob;
import io.denorm.spark.SparkIndexJobs;
import io.denorm.testkit.CassandraTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The Spark rebuild and verify of an index ({@code denorm-spark}, {@code local[2]}) against {@code
 * IndexMaintenance} in one JVM, on the same table of the embedded Cassandra: {@code bench.sparkRows}
 * {@code BenchUser} master rows written without index rows, then per round, in alternating order,
 * the (state, city) index emptied and rebuilt by each, and verified in step by each, in master rows
 * per second. Prints each round, the median ratios, and how the Spark job split the tables.
 */
public final class SparkRebuildBenchmark {

  public static void main(String[] args) throws Exception {
    int rows = Integer.getInteger("bench.sparkRows", 200_000);
    int rounds = Integer.getInteger("bench.rounds", 3);
    String keyspace = "denorm_spark_rebuild";
    String index = MaintenanceRatios.INDEX;
    try (CassandraTarget target = CassandraTarget.fromSystemProperties(Path.of("target", "denorm-servers", "bench-cassandra"));
         CqlSession session = target.newSession()) {
      System.out.printf("%nCassandra: %s%n", target.describe());
      MaintenanceRatios table = new MaintenanceRatios(session, keyspace, rows, "");
      long t0 = System.nanoTime();
      table.load();
      System.out.printf("%,d master rows written in %.1f s%n", rows, (System.nanoTime() - t0) / 1e9);
      CassandraBenchUserDao dao = new CassandraBenchUserDao(session, keyspace);
      DaoSource<CassandraBenchUserDao> source = DaoSource.cassandra(
          CassandraConnection.of(target.contactPointList(), target.localDatacenter(), keyspace), CassandraBenchUserDao.class);
      SparkConf conf = new SparkConf().setMaster("local[2]").setAppName("denorm-spark-bench").set("spark.ui.enabled", "false")
          .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1").set("spark.local.dir", "target/spark-local");
      try (JavaSparkContext spark = new JavaSparkContext(conf)) {
        spark.setLogLevel("WARN");
        SparkIndexJobs jobs = SparkIndexJobs.of(spark, source);
        List<double[]> results = new ArrayList<>();
        IndexJob.Plan plan = null;
        for (int round = 0; round <= rounds; round++) { // round 0 warms both up and is not counted
          double[] rate = new double[4]; // rebuild: one JVM, Spark; verify: one JVM, Spark
          for (int k = 0; k < 2; k++) {
            boolean onSpark = (k + round) % 2 == 1;
            session.execute("TRUNCATE " + keyspace + "." + index);
            long start = System.nanoTime();
            IndexReport report;
            if (onSpark) {
              IndexJob job = jobs.rebuild(index);
              report = job.report();
              plan = job.plan();
            } else {
              report = dao.indexMaintenance().rebuild(index, null);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            require(report.masterRows() == rows && report.missing() == rows && report.fixed() == rows, report);
            rate[onSpark ? 1 : 0] = rows / seconds;
            start = System.nanoTime();
            report = onSpark ? jobs.verify(index).report() : dao.indexMaintenance().verify(index, null);
            seconds = (System.nanoTime() - start) / 1e9;
            require(report.masterRows() == rows && report.indexRows() == rows && report.problems() == 0, report);
            rate[onSpark ? 3 : 2] = rows / seconds;
          }
          System.out.printf(Locale.ROOT, "round %d%s: rebuild %,.0f rows/s in one JVM, %,.0f on Spark (%.2f); verify %,.0f in one JVM, %,.0f on Spark (%.2f)%n",
              round, round == 0 ? " (warm-up)" : "", rate[0], rate[1], rate[1] / rate[0], rate[2], rate[3], rate[3] / rate[2]);
          if (round > 0) {
            results.add(rate);
          }
        }
        double rebuild = median(results.stream().mapToDouble(r -> r[1] / r[0]).toArray());
        double verify = median(results.stream().mapToDouble(r -> r[3] / r[2]).toArray());
        String summary = String.format(Locale.ROOT, "spark.rebuild.oneJvm\t%.3f\t%d rounds%nspark.verify.oneJvm\t%.3f\t%d rounds%n"
            + "split\t%d index segments, %d master segments, %d compare partitions, %,d master rows per segment%n",
            rebuild, results.size(), verify, results.size(), plan.indexSegments(), plan.masterSegments(), plan.comparePartitions(),
            rows / Math.max(1, plan.masterSegments()));
        System.out.printf(Locale.ROOT, "%nmedian Spark / one JVM: rebuild %.3f, verify %.3f; the job: %s%n", rebuild, verify, plan);
        Path out = Path.of(System.getProperty("bench.out", "target/spark-ratios.tsv"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, summary);
      }
    }
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    java.util.Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static void require(boolean ok, IndexReport report) {
    if (!ok) {
      throw new IllegalStateException("unexpected report: " + report);
    }
  }
}
