package io.denorm.testkit;

import io.denorm.hbase.HBaseSchemaManager;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Fresh namespaces for tests: dropped with their tables if they exist, created again, and given the
 * tables the processor generated ({@code META-INF/denorm/hbase-tables.yaml} on the class path), all
 * of them or only those of some entities. The HBase side of {@link CassandraSchemas}.
 */
public final class HBaseSchemas {
  private HBaseSchemas() {}

  /**
   * Namespace {@code name} created afresh with the tables of {@code entities} (simple class names;
   * none: every entity) and the shared tables ({@code denorm_sequences}). Returns {@code name}.
   */
  public static String freshNamespace(Connection connection, String name, String... entities) {
    Objects.requireNonNull(connection, "connection");
    List<String> only = List.of(entities);
    ClassLoader loader = Thread.currentThread().getContextClassLoader() != null ? Thread.currentThread().getContextClassLoader()
        : HBaseSchemas.class.getClassLoader();
    List<HBaseSchemaManager.TableSpec> tables = HBaseSchemaManager.tablesOf(HBaseSchemaManager.tablesFromClasspath(loader), only);
    HBaseSchemaManager manager = HBaseSchemaManager.of(connection);
    manager.dropNamespace(name);
    manager.apply(name, tables);
    return name;
  }
}
