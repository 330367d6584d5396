package io.denorm.examples;

import static io.denorm.examples.DemoSupport.say;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import io.denorm.examples.calibrations.CassandraCalibrationDao;
import io.denorm.examples.calibrations.HBaseCalibrationDao;
import io.denorm.examples.readings.CassandraReadingDao;
import io.denorm.examples.readings.HBaseReadingDao;
import io.denorm.examples.users.CassandraUserDao;
import io.denorm.examples.users.HBaseUserDao;
import io.denorm.hbase.HBaseSchemaManager;
import io.denorm.testkit.CassandraTarget;
import io.denorm.testkit.HBaseTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Runs the generated DAOs against a real Cassandra, then the same DAO interfaces against a real HBase,
 * and prints what each call did. Starts embedded servers unless {@code
 * -Ddenorm.cassandra.contactPoints=host:port} or {@code -Ddenorm.hbase.zookeeperQuorum=host:port}
 * names a cluster; {@code -Ddenorm.demo.store=cassandra} or {@code hbase} runs one store only.
 *
 * <p>The examples themselves are grouped by technique: {@link KeysDemo}, {@link IndexesDemo},
 * {@link AggregatesDemo}, {@link TreesDemo} and {@link ApplicationDemo}; this class connects to each store and runs them all
 * in order ({@link #runExamples}) on the DAO classes generated for it.
 */
public final class Demo {

  private Demo() {}

  public static void main(String[] args) throws Exception {
    String store = System.getProperty("denorm.demo.store", "both");
    if (!Set.of("both", "cassandra", "hbase").contains(store)) {
      throw new IllegalArgumentException("-Ddenorm.demo.store is both, cassandra or hbase, not " + store);
    }
    long t0 = System.nanoTime();
    if (!store.equals("hbase")) {
      cassandra();
    }
    if (!store.equals("cassandra")) {
      hbase();
    }
    say("");
    say("done in %d ms", (System.nanoTime() - t0) / 1_000_000);
  }

  /** The same DAO interfaces on Cassandra: CassandraXDao classes over a CqlSession. */
  private static void cassandra() throws Exception {
    String keyspace = System.getProperty("denorm.demo.keyspace", "denorm_demo");
    say("######## Denorm demo: generated DAOs on a real Cassandra");
    long t0 = System.nanoTime();
    try (CassandraTarget target = CassandraTarget.fromSystemProperties(Path.of("target", "denorm-servers", "demo-cassandra"));
         CqlSession session = target.newSession()) {
      say("connected to %s in %d ms", target.describe(), (System.nanoTime() - t0) / 1_000_000);
      SchemaManager schema = SchemaManager.of(session);
      schema.createKeyspace(keyspace, Replication.simple(1));
      List<String> applied = schema.applyFromClasspath(keyspace);
      say("keyspace %s: applied %d statements of %s (CREATE ... IF NOT EXISTS)", keyspace, applied.size(), SchemaManager.SCHEMA_RESOURCE);
      runExamples(new Store(session, null, keyspace), () -> {
        var raw = session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement
            .newInstance("SELECT attributes, history FROM orders WHERE id = ?", "o-1").setKeyspace(keyspace)).one();
        say("  as cqlsh shows the row: attributes %s, history '%s'", raw.getMap(0, String.class, String.class), raw.getString(1));
      });
      io.denorm.examples.shop.ShopDemo.run(java.util.Map.of("spring.cassandra.contact-points", target.contactPointList(),
          "spring.cassandra.local-datacenter", target.localDatacenter(), "denorm.keyspace", keyspace));
    }
  }

  /** The same DAO interfaces on HBase: HBaseXDao classes over an HBase Connection. */
  private static void hbase() throws Exception {
    String namespace = System.getProperty("denorm.demo.namespace", "denorm_demo");
    say("");
    say("######## Denorm demo: the same DAO interfaces, generated for a real HBase");
    long t0 = System.nanoTime();
    try (HBaseTarget target = HBaseTarget.fromSystemProperties(Path.of("target", "denorm-servers", "demo-hbase"));
         Connection connection = target.newConnection()) {
      say("connected to %s in %d ms", target.describe(), (System.nanoTime() - t0) / 1_000_000);
      HBaseSchemaManager schema = HBaseSchemaManager.of(connection);
      List<?> created = schema.applyFromClasspath(namespace);
      say("namespace %s: created %d tables of %s (one column family 'd' each; existing tables kept)", namespace, created.size(),
          HBaseSchemaManager.RESOURCE);
      runExamples(new Store(null, connection, namespace), () -> {});
      io.denorm.examples.shop.ShopDemo.run(java.util.Map.of("denorm.hbase.zookeeper-quorum", target.quorum(), "denorm.namespace", namespace,
          "spring.autoconfigure.exclude", "org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration"));
      try (var locator = connection.getRegionLocator(org.apache.hadoop.hbase.TableName.valueOf(namespace, "trades"))) {
        say("table trades: %d regions, pre-split at each salt bucket (hbase-tables.yaml 'splits')", locator.getAllRegionLocations().size());
      }
      io.denorm.hbase.HBaseConnections.close(connection);
    }
  }

  /**
   * The store the examples run on: a Cassandra session or an HBase connection, and the keyspace or
   * namespace its tables are in.
   */
  private record Store(CqlSession session, Connection connection, String keyspace) {

    /** A new DAO of one interface, of the class generated for this store: {@code cassandra} or {@code hbase}, given the store. */
    <T> T dao(BiFunction<CqlSession, String, ? extends T> cassandra, BiFunction<Connection, String, ? extends T> hbase) {
      return session != null ? cassandra.apply(session, keyspace) : hbase.apply(connection, keyspace);
    }
  }

  /**
   * Every example, in order, each on new DAOs of the classes generated for {@code store};
   * {@code afterOrders} runs between the orders and the portfolios (a look at a row as the store shows it).
   */
  private static void runExamples(Store store, Runnable afterOrders) throws Exception {
    KeysDemo.readings(store.dao(CassandraReadingDao::new, HBaseReadingDao::new));
    KeysDemo.calibrations(store.dao(CassandraCalibrationDao::new, HBaseCalibrationDao::new));
    IndexesDemo.users(store.dao(CassandraUserDao::new, HBaseUserDao::new));
    KeysDemo.trades(store.dao(io.denorm.examples.trades.CassandraTradeDao::new, io.denorm.examples.trades.HBaseTradeDao::new));
    AggregatesDemo.people(store.dao(io.denorm.examples.people.CassandraPersonDao::new, io.denorm.examples.people.HBasePersonDao::new));
    AggregatesDemo.orders(store.dao(io.denorm.examples.orders.CassandraOrderDao::new, io.denorm.examples.orders.HBaseOrderDao::new));
    afterOrders.run();
    AggregatesDemo.portfolios(store.dao(io.denorm.examples.portfolios.CassandraStockDao::new, io.denorm.examples.portfolios.HBaseStockDao::new),
        store.dao(io.denorm.examples.portfolios.CassandraPortfolioDao::new, io.denorm.examples.portfolios.HBasePortfolioDao::new));
    AggregatesDemo.library(store.dao(io.denorm.examples.library.CassandraAuthorDao::new, io.denorm.examples.library.HBaseAuthorDao::new),
        store.dao(io.denorm.examples.library.CassandraBookDao::new, io.denorm.examples.library.HBaseBookDao::new),
        store.dao(io.denorm.examples.library.CassandraPublisherDao::new, io.denorm.examples.library.HBasePublisherDao::new));
    AggregatesDemo.posts(store.dao(io.denorm.examples.posts.CassandraPostDao::new, io.denorm.examples.posts.HBasePostDao::new),
        store.dao(io.denorm.examples.posts.CassandraCommentDao::new, io.denorm.examples.posts.HBaseCommentDao::new));
    KeysDemo.mailbox(store.dao(io.denorm.examples.mailbox.CassandraMessageDao::new, io.denorm.examples.mailbox.HBaseMessageDao::new),
        store.dao(io.denorm.examples.mailbox.CassandraMessageDao::new, io.denorm.examples.mailbox.HBaseMessageDao::new));
    KeysDemo.mailboxByDay(store.dao(io.denorm.examples.mailbox.CassandraMailboxDao::new, io.denorm.examples.mailbox.HBaseMailboxDao::new));
    IndexesDemo.places(store.dao(io.denorm.examples.places.CassandraPlaceDao::new, io.denorm.examples.places.HBasePlaceDao::new));
    IndexesDemo.clicks(store.dao(io.denorm.examples.clicks.CassandraClickDao::new, io.denorm.examples.clicks.HBaseClickDao::new));
    IndexesDemo.audience(store.dao(io.denorm.examples.audience.CassandraVisitorDao::new, io.denorm.examples.audience.HBaseVisitorDao::new));
    TreesDemo.thread(store.dao(io.denorm.examples.threads.CassandraDiscussionDao::new, io.denorm.examples.threads.HBaseDiscussionDao::new));
    TreesDemo.catalog(store.dao(io.denorm.examples.catalog.CassandraCategoryDao::new, io.denorm.examples.catalog.HBaseCategoryDao::new));
    TreesDemo.shopPaths(store.dao(io.denorm.examples.catalog.CassandraShopCategoryDao::new, io.denorm.examples.catalog.HBaseShopCategoryDao::new));
    TreesDemo.nestedSets(store.dao(io.denorm.examples.catalog.CassandraCatalogNodeDao::new, io.denorm.examples.catalog.HBaseCatalogNodeDao::new));
    ApplicationDemo.sessions(store.dao(io.denorm.examples.sessions.CassandraSessionDao::new, io.denorm.examples.sessions.HBaseSessionDao::new));
    ApplicationDemo.users(store.dao(CassandraUserDao::new, HBaseUserDao::new));
    ApplicationDemo.readings(store.dao(CassandraReadingDao::new, HBaseReadingDao::new));
    ApplicationDemo.trades(store.dao(io.denorm.examples.trades.CassandraTradeDao::new, io.denorm.examples.trades.HBaseTradeDao::new));
  }
}
