package io.denorm.spring;

import io.denorm.hbase.HBaseSchemaManager;
import java.util.List;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.springframework.beans.factory.BeanFactory;

/** The starter on HBase: the DAOs over the application's {@link Connection} bean. */
final class HBaseSupport implements StoreSupport {

  private final BeanFactory beans;
  private final String namespace;

  HBaseSupport(BeanFactory beans, String namespace) {
    this.beans = beans;
    this.namespace = namespace;
  }

  private Connection connection() {
    return beans.getBean(Connection.class);
  }

  @Override
  public String store() {
    return "hbase";
  }

  @Override
  public String schema() {
    return namespace;
  }

  @Override
  public Object dao(Class<?> implementation) throws ReflectiveOperationException {
    return implementation.getConstructor(Connection.class, String.class).newInstance(connection(), namespace);
  }

  @Override
  public void apply(DenormProperties.SchemaAction action, ClassLoader loader, java.util.Collection<String> entities) {
    HBaseSchemaManager schema = HBaseSchemaManager.of(connection());
    switch (action) {
      case NONE -> {}
      case CREATE_IF_NOT_EXISTS -> schema.apply(namespace, HBaseSchemaManager.tablesOf(HBaseSchemaManager.tablesFromClasspath(loader), entities));
      case VALIDATE -> {
        List<String> differences = schema.differences(namespace, loader, entities);
        if (!differences.isEmpty()) {
          throw new IllegalStateException("Denorm: HBase namespace " + namespace + " differs from the model (denorm.schema-action=validate):\n  "
              + String.join("\n  ", differences));
        }
      }
    }
  }

  @Override
  public void probe() throws Exception {
    try (Admin admin = connection().getAdmin()) {
      admin.getNamespaceDescriptor(namespace);
    }
  }
}
