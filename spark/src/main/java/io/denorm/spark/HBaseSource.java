package io.denorm.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.client.Connection;

/** A generated HBase DAO over a connection this JVM opens once per quorum and settings. */
final class HBaseSource<D> implements DaoSource<D> {

  private static final long serialVersionUID = 1L;
  private static final Map<String, Connection> CONNECTIONS = new ConcurrentHashMap<>();

  private final HBaseConnection connection;
  private final String daoClass;

  HBaseSource(HBaseConnection connection, String daoClass) {
    this.connection = connection;
    this.daoClass = daoClass;
  }

  @Override
  public D open() {
    Connection c = CONNECTIONS.computeIfAbsent(connection.key(), k -> {
      Connection opened = connection.open();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          opened.close();
        } catch (java.io.IOException e) {
          // the JVM is going away
        }
      }, "denorm-spark-hbase-close"));
      return opened;
    });
    return GeneratedDao.construct(daoClass, Connection.class, c, connection.namespace());
  }

  @Override
  public String key() {
    return "hbase:" + connection.key() + "/" + connection.namespace() + "/" + daoClass;
  }

  @Override
  public String toString() {
    return daoClass + " on " + connection;
  }
}
