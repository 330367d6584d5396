package io.denorm.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The ZooKeeper quorum as every Denorm entry point (CLI, Spring starter, Spark, testkit) reads it. */
class HBaseConnectionsTest {

  private static Configuration quorum(String quorum) {
    return HBaseConnections.quorum(new Configuration(false), quorum);
  }

  @Test
  void hostsAndTheFirstPortNamed() {
    Configuration conf = quorum("zk1:2182, zk2:2182,zk3");
    assertEquals("zk1,zk2,zk3", conf.get("hbase.zookeeper.quorum"));
    assertEquals("2182", conf.get("hbase.zookeeper.property.clientPort"));
  }

  @Test
  void noPortLeavesTheConfiguredOne() {
    Configuration conf = new Configuration(false);
    conf.set("hbase.zookeeper.property.clientPort", "2281");
    HBaseConnections.quorum(conf, "127.0.0.1");
    assertEquals("127.0.0.1", conf.get("hbase.zookeeper.quorum"));
    assertEquals("2281", conf.get("hbase.zookeeper.property.clientPort"));
  }

  @Test
  void anEmptyQuorumIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> quorum(" "));
  }
}
