package io.denorm.spark;

import io.denorm.index.IndexedDao;
import java.io.Serializable;

/**
 * How a Spark task opens the application's generated DAO in whatever JVM it runs in: a value sent
 * with the job, opened once per JVM ({@link #key()} names the DAO and its connection) and kept
 * open for the JVM's life.
 */
public interface DaoSource extends Serializable {

  /** The DAO, with a connection of its own; called once per JVM and key. */
  IndexedDao<?> open();

  /** Equal for sources that open the same DAO over the same connection. */
  String key();

  /**
   * A generated Cassandra DAO ({@code daoClass}, e.g. {@code CassandraUserDao}, constructed with a
   * {@code CqlSession} and a keyspace) over {@code connection}.
   */
  static DaoSource cassandra(CassandraConnection connection, Class<?> daoClass) {
    return new CassandraSource(connection, daoClass.getName());
  }

  /**
   * A generated HBase DAO ({@code daoClass}, e.g. {@code HBaseUserDao}, constructed with a {@code
   * Connection} and a namespace) over {@code connection}; needs {@code denorm-runtime-hbase} and the
   * HBase client on the executors' class path.
   */
  static DaoSource hbase(HBaseConnection connection, Class<?> daoClass) {
    return new HBaseSource(connection, daoClass.getName());
  }
}
