package io.denorm.spark;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Where the executors' HBase connections go: the ZooKeeper quorum ({@code host:port[,host:port…]}),
 * the namespace of the application's tables, and any further client settings ({@code hbase-site.xml}
 * keys). Sent with the job; each JVM opens one connection per quorum and settings.
 */
public record HBaseConnection(String zookeeperQuorum, String namespace, Map<String, String> settings) implements Serializable {

  public HBaseConnection {
    Objects.requireNonNull(zookeeperQuorum, "zookeeperQuorum");
    Objects.requireNonNull(namespace, "namespace");
    if (zookeeperQuorum.isBlank()) {
      throw new IllegalArgumentException("the ZooKeeper quorum is empty");
    }
    settings = Map.copyOf(settings == null ? Map.of() : settings);
  }

  public static HBaseConnection of(String zookeeperQuorum, String namespace) {
    return new HBaseConnection(zookeeperQuorum, namespace, Map.of());
  }

  org.apache.hadoop.hbase.client.Connection open() {
    org.apache.hadoop.conf.Configuration conf = io.denorm.hbase.HBaseConnections.quorum(org.apache.hadoop.hbase.HBaseConfiguration.create(), zookeeperQuorum);
    settings.forEach(conf::set);
    try {
      return org.apache.hadoop.hbase.client.ConnectionFactory.createConnection(conf);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot connect to HBase at " + zookeeperQuorum, e);
    }
  }

  /** The part of {@link DaoSource#key()} that names the connection. */
  String key() {
    return zookeeperQuorum + "/" + new TreeMap<>(settings);
  }

  @Override
  public String toString() {
    return "HBase at " + zookeeperQuorum + ", namespace " + namespace;
  }
}
