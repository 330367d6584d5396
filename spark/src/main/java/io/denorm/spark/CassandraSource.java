package io.denorm.spark;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A generated Cassandra DAO over a session this JVM opens once per connection. */
final class CassandraSource<D> implements DaoSource<D> {

  private static final long serialVersionUID = 1L;
  private static final Map<String, CqlSession> SESSIONS = new ConcurrentHashMap<>();

  private final CassandraConnection connection;
  private final String daoClass;

  CassandraSource(CassandraConnection connection, String daoClass) {
    this.connection = connection;
    this.daoClass = daoClass;
  }

  @Override
  public D open() {
    CqlSession session = SESSIONS.computeIfAbsent(connection.key(), k -> {
      CqlSession s = connection.open();
      Runtime.getRuntime().addShutdownHook(new Thread(s::close, "denorm-spark-session-close"));
      return s;
    });
    return GeneratedDao.construct(daoClass, CqlSession.class, session, connection.keyspace());
  }

  @Override
  public String key() {
    return "cassandra:" + connection.key() + "/" + connection.keyspace() + "/" + daoClass;
  }

  @Override
  public String toString() {
    return daoClass + " on " + connection;
  }
}
