package io.denorm.cli;

import io.denorm.hbase.HBaseSchemaManager;
import io.denorm.index.IndexedDao;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.client.Connection;

/** An HBase namespace, through a connection the command opened (closed with it) or was given. */
final class HBaseStore implements Store {

  private final Connection connection;
  private final boolean owned;
  private final String namespace;

  HBaseStore(Connection connection, boolean owned, String namespace) {
    this.connection = connection;
    this.owned = owned;
    this.namespace = namespace;
  }

  @Override
  public String name() {
    return "hbase";
  }

  @Override
  public String schema() {
    return "namespace " + namespace;
  }

  @Override
  public List<Change> diff(Model model) {
    List<Change> out = new ArrayList<>();
    for (HBaseSchemaManager.Difference d : HBaseSchemaManager.of(connection).compare(namespace, model.loader())) {
      boolean extra = d.kind() == HBaseSchemaManager.Kind.EXTRA_TABLE;
      out.add(new Change(d.table(), d.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'), null,
          extra ? d.problem() + " (left alone: apply never drops it)" : d.problem(), false));
    }
    return out;
  }

  @Override
  public List<String> apply(Model model, List<Change> changes, boolean destructive, PrintWriter out) {
    HBaseSchemaManager schema = HBaseSchemaManager.of(connection);
    List<String> created = new ArrayList<>();
    for (var name : schema.apply(namespace, HBaseSchemaManager.tablesFromClasspath(model.loader()))) {
      out.println("created table " + name.getNameAsString());
      created.add(name.getQualifierAsString());
    }
    for (Change c : changes) {
      if (c.kind().equals("family-missing")) {
        schema.addFamily(namespace, c.table());
        out.println("added column family d to " + c.table());
      }
    }
    return created;
  }

  @Override
  public IndexedDao<?> daoForIndex(Model model, String index) {
    return (IndexedDao<?>) model.daoForIndex(index, name(), new Class<?>[] {Connection.class, String.class}, connection, namespace);
  }

  @Override
  public void close() {
    if (owned) {
      try {
        connection.close();
      } catch (IOException e) {
        // closing: nothing more to do
      }
    }
  }
}
