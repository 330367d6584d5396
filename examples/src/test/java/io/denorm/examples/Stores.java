package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;

/**
 * The two real stores the contract tests run on. A store builds the generated DAO of a DAO
 * interface ({@code CassandraXDao} or {@code HBaseXDao}, by reflection) over a fresh keyspace or
 * namespace holding the tables of one entity, and answers the few raw questions tests ask.
 */
final class Stores {
  private Stores() {}

  interface Store {
    String name();

    /** The keyspace or namespace of the last {@link #dao} call. */
    default String schema() {
      throw new UnsupportedOperationException(name() + " store: no schema name");
    }

    /** A generated DAO of {@code daoInterface} over a fresh schema named {@code schema} with {@code entity}'s tables. */
    default <D> D dao(Class<D> daoInterface, String schema, String entity) {
      return dao(daoInterface, schema, List.of(entity));
    }

    /** As above, the fresh schema holding the tables of every one of {@code entities}. */
    <D> D dao(Class<D> daoInterface, String schema, List<String> entities);

    /** Another generated DAO over the schema of the last {@link #dao} call, left as it is. */
    <D> D sameSchema(Class<D> daoInterface);

    /**
     * As {@link #sameSchema}, over a session or connection of its own (added to {@code clients}, for
     * the test to close): another application instance.
     */
    default <D> D ownClient(Class<D> daoInterface, List<AutoCloseable> clients) {
      throw new UnsupportedOperationException(name() + " store built without a target: use the overload that takes one");
    }

    /** Rows in {@code table} of the schema of the last {@link #dao} call. */
    long count(String table);

    /** Deletes every row of {@code table}, behind the DAO's back. */
    void truncate(String table);

    /** How many segments a full scan of one table is split into for index maintenance. */
    int scanSegments();

    /** How many segments a full scan of {@code table} is split into: token ranges, or the table's regions. */
    int scanSegments(String table);
  }

  static Store cassandra(CqlSession session) {
    return cassandra(session, null);
  }

  /** A Cassandra store whose {@link Store#ownClient} opens sessions on {@code target}. */
  static Store cassandra(CqlSession session, io.denorm.testkit.CassandraTarget target) {
    return new Store() {
      String keyspace;

      @Override
      public String name() {
        return "Cassandra";
      }

      @Override
      public String schema() {
        return keyspace;
      }

      @Override
      public <D> D dao(Class<D> daoInterface, String schema, List<String> entities) {
        keyspace = TestKeyspaces.fresh(session, schema, entities);
        return construct(daoInterface, "Cassandra", CqlSession.class, session, keyspace);
      }

      @Override
      public <D> D sameSchema(Class<D> daoInterface) {
        return construct(daoInterface, "Cassandra", CqlSession.class, session, keyspace);
      }

      @Override
      public <D> D ownClient(Class<D> daoInterface, List<AutoCloseable> clients) {
        if (target == null) {
          return Store.super.ownClient(daoInterface, clients);
        }
        CqlSession own = target.newSession();
        clients.add(own);
        return construct(daoInterface, "Cassandra", CqlSession.class, own, keyspace);
      }

      @Override
      public long count(String table) {
        return session.execute("SELECT count(*) FROM " + keyspace + "." + table).one().getLong(0);
      }

      @Override
      public void truncate(String table) {
        session.execute("TRUNCATE " + keyspace + "." + table);
      }

      @Override
      public int scanSegments() {
        return 16;
      }

      @Override
      public int scanSegments(String table) {
        return 16;
      }
    };
  }

  static Store hbase(Connection connection) {
    return hbase(connection, null);
  }

  /** An HBase store whose {@link Store#ownClient} opens connections on {@code target}. */
  static Store hbase(Connection connection, io.denorm.testkit.HBaseTarget target) {
    return new Store() {
      String namespace;

      @Override
      public String name() {
        return "HBase";
      }

      @Override
      public <D> D sameSchema(Class<D> daoInterface) {
        return construct(daoInterface, "HBase", Connection.class, connection, namespace);
      }

      @Override
      public <D> D ownClient(Class<D> daoInterface, List<AutoCloseable> clients) {
        if (target == null) {
          return Store.super.ownClient(daoInterface, clients);
        }
        Connection own = target.newConnection();
        clients.add(own);
        return construct(daoInterface, "HBase", Connection.class, own, namespace);
      }

      @Override
      public <D> D dao(Class<D> daoInterface, String schema, List<String> entities) {
        namespace = io.denorm.testkit.HBaseSchemas.freshNamespace(connection, schema, entities.toArray(String[]::new));
        return construct(daoInterface, "HBase", Connection.class, connection, schema);
      }

      @Override
      public long count(String table) {
        try (Table t = connection.getTable(TableName.valueOf(namespace, table));
            ResultScanner rows = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()))) {
          long n = 0;
          for (var ignored : rows) {
            n++;
          }
          return n;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public void truncate(String table) {
        try (Admin admin = connection.getAdmin()) {
          TableName name = TableName.valueOf(namespace, table);
          admin.disableTable(name);
          admin.truncateTable(name, true);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public int scanSegments() {
        return 1; // one region per table: standalone HBase, no pre-splits
      }

      @Override
      public int scanSegments(String table) {
        try (var locator = connection.getRegionLocator(TableName.valueOf(namespace, table))) {
          return locator.getAllRegionLocations().size();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  private static <D> D construct(Class<D> daoInterface, String prefix, Class<?> clientType, Object client, String schema) {
    String name = daoInterface.getPackageName() + "." + prefix + daoInterface.getSimpleName();
    try {
      return daoInterface.cast(Class.forName(name).getConstructor(clientType, String.class).newInstance(client, schema));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build " + name, e);
    }
  }
}
