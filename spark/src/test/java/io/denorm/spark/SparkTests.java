package io.denorm.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** One local Spark for a test class: 2 worker threads, a failed task tried up to 4 times, no UI. */
final class SparkTests {

  private SparkTests() {}

  static JavaSparkContext context() {
    SparkConf conf = new SparkConf().setMaster("local[2,4]").setAppName("denorm-spark-tests")
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.local.dir", "target/spark-local");
    JavaSparkContext spark = new JavaSparkContext(conf);
    spark.setLogLevel("WARN");
    return spark;
  }

  static void stop(JavaSparkContext spark) {
    if (spark != null) {
      spark.stop();
    }
  }
}
