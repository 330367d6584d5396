package io.denorm.spring;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaCheck;
import io.denorm.cassandra.SchemaManager;
import java.util.List;
import org.springframework.beans.factory.BeanFactory;

/** The starter on Cassandra: the DAOs over the application's {@link CqlSession} bean. */
final class CassandraSupport implements StoreSupport {

  private final BeanFactory beans;
  private final String keyspace;
  private final int replicationFactor;

  CassandraSupport(BeanFactory beans, String keyspace, int replicationFactor) {
    this.beans = beans;
    this.keyspace = keyspace;
    this.replicationFactor = replicationFactor;
  }

  private CqlSession session() {
    return beans.getBean(CqlSession.class);
  }

  @Override
  public String store() {
    return "cassandra";
  }

  @Override
  public String schema() {
    return keyspace;
  }

  @Override
  public Object dao(Class<?> implementation) throws ReflectiveOperationException {
    return implementation.getConstructor(CqlSession.class, String.class).newInstance(session(), keyspace);
  }

  @Override
  public void apply(DenormProperties.SchemaAction action, ClassLoader loader, java.util.Collection<String> entities) {
    switch (action) {
      case NONE -> {}
      case CREATE_IF_NOT_EXISTS -> {
        SchemaManager schema = SchemaManager.of(session());
        schema.createKeyspace(keyspace, Replication.simple(replicationFactor));
        schema.applyFromClasspath(keyspace, loader, entities);
      }
      case VALIDATE -> {
        List<SchemaCheck.Difference> differences = SchemaCheck.differences(session(), keyspace, loader, entities);
        if (!differences.isEmpty()) {
          throw new IllegalStateException("Denorm: keyspace " + keyspace + " differs from the model (denorm.schema-action=validate):\n  "
              + String.join("\n  ", differences.stream().map(Object::toString).toList()));
        }
      }
    }
  }

  @Override
  public void probe() {
    session().execute("SELECT release_version FROM system.local");
  }
}
