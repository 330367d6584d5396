package io.denorm.testkit;

import java.nio.file.Path;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Hands JUnit 5 tests an HBase {@link Connection} (or the {@link HBaseTarget}): to the cluster named
 * by {@code -Ddenorm.hbase.zookeeperQuorum}, or else to one embedded standalone server started once
 * for the whole test run, shared by every test class, stopped when the run ends.
 */
public final class HBaseExtension extends SharedServerExtension<HBaseTarget, Connection> {

  public HBaseExtension() {
    super("hbase", HBaseTarget.class, Connection.class);
  }

  /**
   * The shared target, once a test class with this extension has started (its {@code beforeAll} ran):
   * for settings read before parameters are resolved, such as Spring's {@code @DynamicPropertySource}.
   */
  public static HBaseTarget sharedTarget() {
    return started("hbase", HBaseTarget.class);
  }

  @Override
  HBaseTarget start(Path dir) {
    return HBaseTarget.fromSystemProperties(dir);
  }

  @Override
  Connection connect(HBaseTarget target) {
    return target.newConnection();
  }

  @Override
  String describe(HBaseTarget target) {
    return target.describe();
  }
}
