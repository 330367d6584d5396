package io.denorm.cli;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.DenormException;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaCheck;
import io.denorm.cassandra.SchemaManager;
import io.denorm.index.IndexedDao;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A Cassandra keyspace, through a session the command opened (closed with it) or was given. */
final class CassandraStore implements Store {

  private final CqlSession session;
  private final boolean owned;
  private final String keyspace;
  private final Replication replication;

  /**
   * @param replication how to create the keyspace when it is missing; null: a missing keyspace is
   *     reported, not created
   */
  CassandraStore(CqlSession session, boolean owned, String keyspace, Replication replication) {
    this.session = session;
    this.owned = owned;
    this.keyspace = keyspace;
    this.replication = replication;
  }

  @Override
  public String name() {
    return "cassandra";
  }

  @Override
  public String schema() {
    return "keyspace " + keyspace;
  }

  @Override
  public List<Change> diff(Model model) {
    List<Change> out = new ArrayList<>();
    for (SchemaCheck.Difference d : SchemaCheck.differences(session, keyspace, model.loader())) {
      out.add(new Change(d.table(), kind(d.kind()), d.column(), d.problem(), d.kind().destructive()));
    }
    for (SchemaCheck.Difference d : SchemaCheck.extraTables(session, keyspace, model.loader())) {
      out.add(new Change(d.table(), kind(d.kind()), null, d.problem() + " (left alone: apply never drops it)", false));
    }
    return out;
  }

  private static String kind(SchemaCheck.Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  @Override
  public List<String> apply(Model model, List<Change> changes, boolean destructive, PrintWriter out) {
    SchemaManager schema = SchemaManager.of(session);
    if (changes.stream().anyMatch(c -> c.kind().equals("keyspace-missing"))) {
      if (replication == null) {
        throw new DenormException("keyspace " + keyspace + " does not exist: create it, or give --replication-factor or --datacenter-replication");
      }
      schema.createKeyspace(keyspace, replication);
      out.println("created keyspace " + keyspace + " (" + replication + ")");
    }
    Set<String> recreate = new LinkedHashSet<>();
    for (Change c : changes) {
      if (c.destructive() && !c.kind().equals("extra-table")) {
        recreate.add(c.table());
      }
    }
    if (destructive) {
      for (String table : recreate) {
        schema.dropTable(keyspace, table);
        out.println("dropped " + table + " to recreate it (" + changes.stream().filter(c -> c.table().equals(table) && c.destructive())
            .map(Change::problem).findFirst().orElse("changed") + ")");
      }
    }
    List<String> created = new ArrayList<>();
    changes.stream().filter(c -> c.kind().equals("table-missing")).forEach(c -> created.add(c.table()));
    if (destructive) {
      created.addAll(recreate);
    }
    List<String> run = schema.addMissing(keyspace, model.loader());
    changes.stream().filter(c -> c.kind().equals("type-missing")).forEach(c -> out.println("created type " + c.table()));
    created.forEach(t -> out.println("created table " + t));
    run.stream().filter(statement -> statement.startsWith("ALTER")).forEach(out::println);
    return created;
  }

  @Override
  public IndexedDao<?> daoForIndex(Model model, String index) {
    return (IndexedDao<?>) model.daoForIndex(index, name(), new Class<?>[] {CqlSession.class, String.class}, session, keyspace);
  }

  @Override
  public void close() {
    if (owned) {
      session.close();
    }
  }
}
