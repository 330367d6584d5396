package io.denorm.hbase;

import io.denorm.DenormException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Creates the namespace and the tables the processor listed in {@value #RESOURCE}: one column
 * family {@value HBaseDaoBase#FAMILY_NAME} per table, keeping one version of each cell (the one with
 * the newest timestamp wins, as on Cassandra), pre-split where the file gives split points. Tables
 * that exist are left as they are.
 */
public final class HBaseSchemaManager {

  /** Where the processor writes the table list of a compilation unit. */
  public static final String RESOURCE = "META-INF/denorm/hbase-tables.yaml";

  /** One table of the list: its name and the row keys to split it at (none: one region). */
  public record TableSpec(String name, String entity, String kind, List<byte[]> splits) {}

  private final Connection connection;

  private HBaseSchemaManager(Connection connection) {
    this.connection = Objects.requireNonNull(connection, "connection");
  }

  public static HBaseSchemaManager of(Connection connection) {
    return new HBaseSchemaManager(connection);
  }

  /** Creates {@code namespace} unless it exists. */
  public void createNamespace(String namespace) {
    try (Admin admin = connection.getAdmin()) {
      try {
        admin.getNamespaceDescriptor(namespace);
      } catch (NamespaceNotFoundException e) {
        admin.createNamespace(NamespaceDescriptor.create(namespace).build());
      }
    } catch (IOException e) {
      throw new DenormException("cannot create HBase namespace " + namespace + ": " + e.getMessage(), e);
    }
  }

  /** Creates every table listed in every {@value #RESOURCE} on the classpath; returns those it created. */
  public List<TableName> applyFromClasspath(String namespace) {
    return apply(namespace, tablesFromClasspath(Thread.currentThread().getContextClassLoader()));
  }

  /** Creates the tables of {@code specs} in {@code namespace} unless they exist; returns those it created. */
  public List<TableName> apply(String namespace, List<TableSpec> specs) {
    createNamespace(namespace);
    List<TableName> created = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableSpec spec : specs) {
        TableName name = TableName.valueOf(namespace, spec.name());
        if (admin.tableExists(name)) {
          continue;
        }
        TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(HBaseDaoBase.FAMILY).setMaxVersions(1).build());
        if (spec.splits().isEmpty()) {
          admin.createTable(table.build());
        } else {
          admin.createTable(table.build(), spec.splits().toArray(new byte[0][]));
        }
        created.add(name);
      }
    } catch (IOException e) {
      throw new DenormException("cannot create HBase tables in " + namespace + ": " + e.getMessage(), e);
    }
    return created;
  }

  /**
   * How {@code namespace} differs from every {@value #RESOURCE} {@code loader} sees: a missing
   * namespace, a missing table, or a table without the column family {@code d}; each as "table:
   * problem". Empty when in line. Tables the namespace has beyond the model are not reported.
   */
  public List<String> differences(String namespace, ClassLoader loader) {
    return differences(namespace, loader, List.of());
  }

  /** As above, for the tables of {@code entities} (simple class names; none: all) and those of no entity. */
  public List<String> differences(String namespace, ClassLoader loader, java.util.Collection<String> entities) {
    List<TableSpec> specs = tablesOf(tablesFromClasspath(loader), entities);
    if (specs.isEmpty()) {
      throw new DenormException("no " + RESOURCE + " on the classpath: is the Denorm annotation processor on annotationProcessorPaths?");
    }
    List<String> out = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      try {
        admin.getNamespaceDescriptor(namespace);
      } catch (NamespaceNotFoundException e) {
        return List.of(namespace + ": namespace missing");
      }
      for (TableSpec spec : specs) {
        TableName name = TableName.valueOf(namespace, spec.name());
        if (!admin.tableExists(name)) {
          out.add(spec.name() + ": table missing");
        } else if (!admin.getDescriptor(name).hasColumnFamily(HBaseDaoBase.FAMILY)) {
          out.add(spec.name() + ": column family " + org.apache.hadoop.hbase.util.Bytes.toString(HBaseDaoBase.FAMILY) + " missing");
        }
      }
    } catch (IOException e) {
      throw new DenormException("cannot read the tables of HBase namespace " + namespace + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** What kind of difference between a namespace and the model. */
  public enum Kind { NAMESPACE_MISSING, TABLE_MISSING, FAMILY_MISSING, EXTRA_TABLE }

  /** One way a namespace differs from the model: the table (or namespace), the kind, and what is wrong in words. */
  public record Difference(String table, Kind kind, String problem) {
    @Override
    public String toString() {
      return table + ": " + problem;
    }
  }

  /**
   * {@link #differences(String, ClassLoader)} with their kinds, and the tables of {@code namespace}
   * that the model does not have ({@link Kind#EXTRA_TABLE}: nothing of Denorm drops them).
   */
  public List<Difference> compare(String namespace, ClassLoader loader) {
    List<TableSpec> specs = tablesFromClasspath(loader);
    List<Difference> out = new ArrayList<>();
    for (String d : differences(namespace, loader)) {
      int colon = d.indexOf(": ");
      String table = d.substring(0, colon);
      String problem = d.substring(colon + 2);
      out.add(new Difference(table, problem.equals("namespace missing") ? Kind.NAMESPACE_MISSING
          : problem.equals("table missing") ? Kind.TABLE_MISSING : Kind.FAMILY_MISSING, problem));
    }
    if (out.stream().anyMatch(d -> d.kind() == Kind.NAMESPACE_MISSING)) {
      return out;
    }
    java.util.Set<String> model = new java.util.HashSet<>();
    specs.forEach(t -> model.add(t.name()));
    try (Admin admin = connection.getAdmin()) {
      for (TableName t : admin.listTableNamesByNamespace(namespace)) {
        if (!model.contains(t.getQualifierAsString())) {
          out.add(new Difference(t.getQualifierAsString(), Kind.EXTRA_TABLE, "table not in the model"));
        }
      }
    } catch (IOException e) {
      throw new DenormException("cannot list the tables of HBase namespace " + namespace + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** Adds Denorm's column family to {@code table} of {@code namespace}, which lacks it. */
  public void addFamily(String namespace, String table) {
    try (Admin admin = connection.getAdmin()) {
      admin.addColumnFamily(TableName.valueOf(namespace, table),
          ColumnFamilyDescriptorBuilder.newBuilder(HBaseDaoBase.FAMILY).setMaxVersions(1).build());
    } catch (IOException e) {
      throw new DenormException("cannot add column family d to HBase table " + namespace + ":" + table + ": " + e.getMessage(), e);
    }
  }

  /** Disables and deletes {@code table} of {@code namespace}, with its data, if it exists. */
  public void dropTable(String namespace, String table) {
    try (Admin admin = connection.getAdmin()) {
      TableName name = TableName.valueOf(namespace, table);
      if (!admin.tableExists(name)) {
        return;
      }
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    } catch (IOException e) {
      throw new DenormException("cannot drop HBase table " + namespace + ":" + table + ": " + e.getMessage(), e);
    }
  }

  /** Disables and deletes every table of {@code namespace}, then the namespace. */
  public void dropNamespace(String namespace) {
    try (Admin admin = connection.getAdmin()) {
      try {
        admin.getNamespaceDescriptor(namespace);
      } catch (NamespaceNotFoundException e) {
        return;
      }
      for (TableName t : admin.listTableNamesByNamespace(namespace)) {
        if (admin.isTableEnabled(t)) {
          admin.disableTable(t);
        }
        admin.deleteTable(t);
      }
      admin.deleteNamespace(namespace);
    } catch (IOException e) {
      throw new DenormException("cannot drop HBase namespace " + namespace + ": " + e.getMessage(), e);
    }
  }

  /** The tables of {@code entities} (simple class names; none: all), and those of no entity or shared (sequences). */
  public static List<TableSpec> tablesOf(List<TableSpec> tables, java.util.Collection<String> entities) {
    return tables.stream()
        .filter(t -> entities.isEmpty() || t.entity() == null || "sequences".equals(t.kind()) || entities.contains(t.entity())).toList();
  }

  /** The tables listed in every {@value #RESOURCE} that {@code loader} sees, in file order. */
  public static List<TableSpec> tablesFromClasspath(ClassLoader loader) {
    Map<String, TableSpec> specs = new LinkedHashMap<>();
    try {
      Enumeration<URL> files = loader.getResources(RESOURCE);
      while (files.hasMoreElements()) {
        URL url = files.nextElement();
        try (InputStream in = url.openStream()) {
          for (TableSpec spec : parse(in, url.toString())) {
            specs.putIfAbsent(spec.name(), spec);
          }
        }
      }
    } catch (IOException e) {
      throw new DenormException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
    }
    return List.copyOf(specs.values());
  }

  @SuppressWarnings("unchecked")
  static List<TableSpec> parse(InputStream in, String source) {
    Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
    if (!(doc instanceof Map<?, ?> root) || !(root.get("tables") instanceof List<?> tables)) {
      throw new DenormException(source + ": expected a map with a list 'tables'", null);
    }
    List<TableSpec> out = new ArrayList<>();
    for (Object t : tables) {
      Map<String, Object> m = (Map<String, Object>) t;
      List<byte[]> splits = new ArrayList<>();
      Object s = m.get("splits");
      if (s instanceof List<?> list) {
        for (Object split : list) {
          splits.add(Base64.getDecoder().decode((String) split));
        }
      }
      out.add(new TableSpec((String) m.get("name"), (String) m.get("entity"), (String) m.get("kind"), List.copyOf(splits)));
    }
    return out;
  }
}
