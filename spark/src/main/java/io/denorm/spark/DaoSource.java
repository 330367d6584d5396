package io.denorm.spark;

import java.io.Serializable;

/**
 * How a Spark task opens the application's generated DAO in whatever JVM it runs in: a value sent
 * with the job, opened once per JVM ({@link #key()} names the DAO and its connection) and kept
 * open for the JVM's life.
 */
public interface DaoSource<D> extends Serializable {

  /** The DAO, with a connection of its own; called once per JVM and key (see {@link #shared()}). */
  D open();

  /** The DAO this JVM opened for this source's key, opened on first use. */
  default D shared() {
    return OpenDaos.open(this);
  }

  /** Equal for sources that open the same DAO over the same connection. */
  String key();

  /**
   * A generated Cassandra DAO ({@code daoClass}, e.g. {@code CassandraUserDao}, constructed with a
   * {@code CqlSession} and a keyspace) over {@code connection}.
   */
  static <D> DaoSource<D> cassandra(CassandraConnection connection, Class<D> daoClass) {
    return new CassandraSource<>(connection, daoClass.getName());
  }

  /**
   * A generated HBase DAO ({@code daoClass}, e.g. {@code HBaseUserDao}, constructed with a {@code
   * Connection} and a namespace) over {@code connection}; needs {@code denorm-runtime-hbase} and the
   * HBase client on the executors' class path.
   */
  static <D> DaoSource<D> hbase(HBaseConnection connection, Class<D> daoClass) {
    return new HBaseSource<>(connection, daoClass.getName());
  }
}
