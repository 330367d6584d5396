package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import io.denorm.examples.calibrations.Calibration;
import io.denorm.examples.calibrations.CalibrationDao;
import io.denorm.examples.calibrations.CassandraCalibrationDao;
import io.denorm.examples.calibrations.HBaseCalibrationDao;
import io.denorm.examples.readings.CassandraReadingDao;
import io.denorm.examples.readings.HBaseReadingDao;
import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import io.denorm.examples.users.CassandraUserDao;
import io.denorm.examples.users.HBaseUserDao;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import io.denorm.hbase.HBaseSchemaManager;
import io.denorm.index.IndexedDao;
import io.denorm.testkit.CassandraTarget;
import io.denorm.testkit.HBaseTarget;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Runs the generated DAOs against a real Cassandra, then the same DAO interfaces against a real HBase,
 * and prints what each call did. Starts embedded servers unless {@code
 * -Ddenorm.cassandra.contactPoints=host:port} or {@code -Ddenorm.hbase.zookeeperQuorum=host:port}
 * names a cluster; {@code -Ddenorm.demo.store=cassandra} or {@code hbase} runs one store only.
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
      readings(new CassandraReadingDao(session, keyspace));
      calibrations(new CassandraCalibrationDao(session, keyspace));
      users(new CassandraUserDao(session, keyspace));
      trades(new io.denorm.examples.trades.CassandraTradeDao(session, keyspace));
      people(new io.denorm.examples.people.CassandraPersonDao(session, keyspace));
      orders(new io.denorm.examples.orders.CassandraOrderDao(session, keyspace));
      var raw = session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement
          .newInstance("SELECT attributes, history FROM orders WHERE id = ?", "o-1").setKeyspace(keyspace)).one();
      say("  as cqlsh shows the row: attributes %s, history '%s'", raw.getMap(0, String.class, String.class), raw.getString(1));
      portfolios(new io.denorm.examples.portfolios.CassandraStockDao(session, keyspace),
          new io.denorm.examples.portfolios.CassandraPortfolioDao(session, keyspace));
      library(new io.denorm.examples.library.CassandraAuthorDao(session, keyspace), new io.denorm.examples.library.CassandraBookDao(session, keyspace),
          new io.denorm.examples.library.CassandraPublisherDao(session, keyspace));
      posts(new io.denorm.examples.posts.CassandraPostDao(session, keyspace), new io.denorm.examples.posts.CassandraCommentDao(session, keyspace));
      mailbox(new io.denorm.examples.mailbox.CassandraMessageDao(session, keyspace), new io.denorm.examples.mailbox.CassandraMessageDao(session, keyspace));
      mailboxByDay(new io.denorm.examples.mailbox.CassandraMailboxDao(session, keyspace));
      places(new io.denorm.examples.places.CassandraPlaceDao(session, keyspace));
      clicks(new io.denorm.examples.clicks.CassandraClickDao(session, keyspace));
      audience(new io.denorm.examples.audience.CassandraVisitorDao(session, keyspace));
      thread(new io.denorm.examples.threads.CassandraDiscussionDao(session, keyspace));
      catalog(new io.denorm.examples.catalog.CassandraCategoryDao(session, keyspace));
      shopPaths(new io.denorm.examples.catalog.CassandraShopCategoryDao(session, keyspace));
      nestedSets(new io.denorm.examples.catalog.CassandraCatalogNodeDao(session, keyspace));
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
      readings(new HBaseReadingDao(connection, namespace));
      calibrations(new HBaseCalibrationDao(connection, namespace));
      users(new HBaseUserDao(connection, namespace));
      trades(new io.denorm.examples.trades.HBaseTradeDao(connection, namespace));
      people(new io.denorm.examples.people.HBasePersonDao(connection, namespace));
      orders(new io.denorm.examples.orders.HBaseOrderDao(connection, namespace));
      portfolios(new io.denorm.examples.portfolios.HBaseStockDao(connection, namespace),
          new io.denorm.examples.portfolios.HBasePortfolioDao(connection, namespace));
      library(new io.denorm.examples.library.HBaseAuthorDao(connection, namespace), new io.denorm.examples.library.HBaseBookDao(connection, namespace),
          new io.denorm.examples.library.HBasePublisherDao(connection, namespace));
      posts(new io.denorm.examples.posts.HBasePostDao(connection, namespace), new io.denorm.examples.posts.HBaseCommentDao(connection, namespace));
      mailbox(new io.denorm.examples.mailbox.HBaseMessageDao(connection, namespace), new io.denorm.examples.mailbox.HBaseMessageDao(connection, namespace));
      mailboxByDay(new io.denorm.examples.mailbox.HBaseMailboxDao(connection, namespace));
      places(new io.denorm.examples.places.HBasePlaceDao(connection, namespace));
      clicks(new io.denorm.examples.clicks.HBaseClickDao(connection, namespace));
      audience(new io.denorm.examples.audience.HBaseVisitorDao(connection, namespace));
      thread(new io.denorm.examples.threads.HBaseDiscussionDao(connection, namespace));
      catalog(new io.denorm.examples.catalog.HBaseCategoryDao(connection, namespace));
      shopPaths(new io.denorm.examples.catalog.HBaseShopCategoryDao(connection, namespace));
      nestedSets(new io.denorm.examples.catalog.HBaseCatalogNodeDao(connection, namespace));
      try (var locator = connection.getRegionLocator(org.apache.hadoop.hbase.TableName.valueOf(namespace, "trades"))) {
        say("table trades: %d regions, pre-split at each salt bucket (hbase-tables.yaml 'splits')", locator.getAllRegionLocations().size());
      }
      io.denorm.hbase.HBaseConnections.close(connection);
    }
  }

  private static void readings(ReadingDao dao) {
    say("");
    say("== ReadingDao -> %s, table readings: key (sensor_id, day), at DESC (HBase: one row key, at inverted)", dao.getClass().getSimpleName());
    String sensor = "greenhouse-7";
    LocalDate day = LocalDate.now(ZoneOffset.UTC);
    Instant start = day.atTime(8, 0).toInstant(ZoneOffset.UTC);
    for (int i = 0; i < 12; i++) {
      dao.save(new Reading(sensor, start.plus(i * 10L, ChronoUnit.MINUTES), 18.0 + i * 0.5, "C"));
    }
    dao.saveAsync(new Reading(sensor, start.plus(2, ChronoUnit.HOURS), 24.0, "C")).toCompletableFuture().join();
    say("save x12 + saveAsync x1: 13 readings of %s on %s, 08:00 to 10:00", sensor, day);

    List<Reading> all = dao.findBySensorIdAndDay(sensor, day);
    say("findBySensorIdAndDay -> %d rows, newest first: %s ... %s", all.size(), time(all.get(0)), time(all.get(all.size() - 1)));

    Instant at = start.plus(30, ChronoUnit.MINUTES);
    Optional<Reading> one = dao.findBySensorIdAndDayAndAt(sensor, day, at);
    say("findBySensorIdAndDayAndAt(08:30) -> %s", one.map(Demo::show).orElse("empty"));

    try (Stream<Reading> between = dao.findBySensorIdAndDayAndAtBetween(sensor, day, start.plus(20, ChronoUnit.MINUTES), start.plus(50, ChronoUnit.MINUTES))) {
      say("findBySensorIdAndDayAndAtBetween(08:20, 08:50), both ends included -> %s",
          between.map(Demo::show).collect(Collectors.joining(", ")));
    }

    PageRequest request = PageRequest.ofSize(5);
    int pageNo = 1;
    while (true) {
      Page<Reading> page = dao.findBySensorIdAndDay(sensor, day, request);
      say("findBySensorIdAndDay(page %d of size 5) -> %s%s", pageNo++,
          page.content().stream().map(Demo::time).collect(Collectors.joining(" ")),
          page.hasNext() ? "  [cursor " + page.nextCursor().substring(0, 12) + "...]" : "  [last page]");
      if (!page.hasNext()) {
        break;
      }
      request = request.next(page.nextCursor());
    }

    say("findFirstBySensorIdAndDay (latest) -> %s", dao.findFirstBySensorIdAndDay(sensor, day).map(Demo::show).orElse("empty"));
    boolean deleted = dao.deleteBySensorIdAndDayAndAt(sensor, day, at);
    boolean again = dao.deleteBySensorIdAndDayAndAt(sensor, day, at);
    say("deleteBySensorIdAndDayAndAt(08:30) -> %s; again -> %s; now %d rows", deleted, again, dao.findBySensorIdAndDay(sensor, day).size());
    try {
      dao.save(new Reading(null, start, 1.0, "C"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(reading without sensorId) -> %s: %s", e.getClass().getSimpleName(), e.getMessage());
    }
  }

  private static void trades(io.denorm.examples.trades.TradeDao dao) {
    say("");
    say("== TradeDao -> %s, table trades: key (symbol), at DESC, trade_id; HBase rows salted on (symbol, at) into 16 buckets",
        dao.getClass().getSimpleName());
    Instant open = Instant.parse("2026-11-20T14:30:00Z");
    for (int i = 0; i < 40; i++) {
      dao.save(new io.denorm.examples.trades.Trade("ACME", open.plusSeconds(i / 2 * 5L), 500 + i, "acct-" + i % 4, 101.0 + i * 0.125, 100));
    }
    say("save x40: ACME trades, two per time, 14:30:00 to 14:31:35");
    List<io.denorm.examples.trades.Trade> history = dao.findBySymbol("ACME");
    say("findBySymbol(ACME) -> %d rows, newest first: %s ... %s (HBase: 16 buckets read in parallel, merged in key order)",
        history.size(), trade(history.get(0)), trade(history.get(history.size() - 1)));
    say("findFirst5BySymbol(ACME) -> %s", dao.findFirst5BySymbol("ACME").stream().map(Demo::trade).collect(Collectors.joining(", ")));
    int pages = 0;
    PageRequest request = PageRequest.ofSize(15);
    while (true) {
      Page<io.denorm.examples.trades.Trade> page = dao.findBySymbol("ACME", request);
      pages++;
      if (!page.hasNext()) {
        break;
      }
      request = request.next(page.nextCursor());
    }
    say("findBySymbol(ACME, pages of 15) -> %d pages", pages);
    Instant at = open.plusSeconds(50);
    say("findBySymbolAndAt(ACME, 14:30:50) -> %s (HBase: one bucket)", dao.findBySymbolAndAt("ACME", at).stream().map(Demo::trade).collect(Collectors.joining(", ")));
    say("findByAccount(acct-1) -> %d trades through index trades_by_account", dao.findByAccount("acct-1").size());
  }

  /** The document guide's person: an aggregate with its addresses, and an atomic one (@Version). */
  private static void people(io.denorm.examples.people.PersonDao dao) {
    say("");
    say("== PersonDao -> %s, table people: key (id), addresses and contact details embedded, @Version version, index people_by_last_name",
        dao.getClass().getSimpleName());
    dao.deleteById("1"); // a demo run before this one left Thomas behind
    var home = new io.denorm.examples.people.Address("100 Some Street", "Unit 1", "Seattle", "WA", 98012);
    var thomas = new io.denorm.examples.people.Person("1", "Thomas", "Andersen", List.of(home));
    java.util.Map<String, Object> phone = new java.util.LinkedHashMap<>();
    phone.put("phone", "+1 555 555-5555");
    phone.put("extension", 5555);
    thomas.contactDetails(List.of(java.util.Map.of("email", "thomas@andersen.com"), phone));
    dao.save(thomas);
    say("save(Thomas Andersen, version 0) -> INSERT ... IF NOT EXISTS / checkAndMutate(no version cell): now version %d", thomas.version());
    var read = dao.findById("1").orElseThrow();
    say("findById(1) -> %s (one read: addresses and contact details are in the row)", read);
    say("  contact details of different shapes, stored as JSON attribute values: extension %s is a %s again",
        read.contactDetails().get(1).get("extension"), read.contactDetails().get(1).get("extension").getClass().getSimpleName());
    var mine = dao.findById("1").orElseThrow();
    var theirs = mine.copy();
    mine.lastName("Anderson");
    dao.save(mine);
    say("client A: rename to Anderson, save -> version %d", mine.version());
    theirs.lastName("Andersson");
    try {
      dao.save(theirs);
      say("client B: save succeeded (unexpected)");
    } catch (io.denorm.ConcurrentUpdateException e) {
      say("client B: rename to Andersson from version %d -> ConcurrentUpdateException: stored version %d", e.expectedVersion(), e.currentVersion());
    }
    say("findByLastName(Andersson) -> %s (the losing save left no index row); findByLastName(Anderson) -> %d row",
        dao.findByLastName("Andersson"), dao.findByLastName("Anderson").size());
  }

  /** An order as one aggregate: a single embedded object, nested objects, maps of objects and of lists, an attribute bag. */
  private static void orders(io.denorm.examples.orders.OrderDao dao) {
    say("");
    say("== OrderDao -> %s, table orders: key (id), everything else embedded in the row", dao.getClass().getSimpleName());
    var price = io.denorm.examples.orders.Money.of("12.50", "EUR");
    var order = new io.denorm.examples.orders.Order("o-1", "c-1", java.time.Instant.parse("2026-11-21T10:15:30Z"),
        new io.denorm.examples.people.Address("100 Some Street", null, "Seattle", "WA", 98012),
        List.of(new io.denorm.examples.orders.LineItem("sku-1", 2, price, java.util.Map.of("color", "blue"), java.util.Set.of("sale"))),
        java.util.Map.of("net", io.denorm.examples.orders.Money.of("25.00", "EUR")),
        java.util.Map.of("dhl", List.of("JD0001", "JD0002")),
        java.util.Map.of("gift", true, "box", java.util.Map.of("w", 30, "h", 20)),
        List.of(new io.denorm.examples.orders.StatusChange(io.denorm.examples.orders.StatusChange.Status.PLACED,
            java.time.Instant.parse("2026-11-21T10:15:30.123456789Z"), null, 0f, null)));
    dao.save(order);
    var read = dao.findById("o-1").orElseThrow();
    say("save(order o-1) then findById(o-1) -> equal to what was saved: %s", read.equals(order));
    say("  shipTo %s; items %s; totals %s; tracking %s; attributes %s; history (a JSON column) %s", read.shipTo(), read.items(),
        read.totals(), read.trackingByCarrier(), read.attributes(), read.history());
    var bad = new io.denorm.examples.orders.Order("o-2", "c-1", null, null, List.of(), java.util.Map.of(), java.util.Map.of(),
        java.util.Map.of("when", new java.util.Date(0)), null);
    try {
      dao.save(bad);
    } catch (io.denorm.InvalidEntityException e) {
      say("save(order o-2 with a Date attribute) -> InvalidEntityException: %s; findById(o-2) -> %s", e.getMessage(), dao.findById("o-2"));
    }
  }

  /** The document guide's portfolio: holdings reference stocks by id; a load is an application-side join. */
  private static void portfolios(io.denorm.examples.portfolios.StockDao stocks, io.denorm.examples.portfolios.PortfolioDao dao) {
    say("");
    say("== PortfolioDao -> %s, table portfolios: holdings reference rows of table stocks (@Reference(Stock.class, field = \"stockId\"))",
        dao.getClass().getSimpleName());
    stocks.save(new io.denorm.examples.portfolios.Stock("1", "zaza", 1, 2, 0.5, 11_970_000L, 42_000_000L, 5.89));
    stocks.save(new io.denorm.examples.portfolios.Stock("2", "xcxc", 89, 93.24, 88.87, 2_970_200L, 1_005_000L, 75.82));
    var portfolio = new io.denorm.examples.portfolios.Portfolio("thomas", List.of(
        new io.denorm.examples.portfolios.Holding("1", 100), new io.denorm.examples.portfolios.Holding("2", 50)));
    dao.save(portfolio);
    say("save: stocks zaza and xcxc; portfolio of thomas holding 100 x stock 1 and 50 x stock 2");
    var read = dao.findByOwner("thomas").orElseThrow();
    var joined = dao.loadHoldings(read);
    for (var h : read.holdings()) {
      var s = joined.get(h.stockId());
      say("  %4d x %s  open %.2f high %.2f low %.2f", h.numberHeld(), s.symbol(), s.open(), s.high(), s.low());
    }
    say("loadHoldings(thomas) -> %d stocks in one request (Cassandra: SELECT ... WHERE id IN ?; HBase: one multi-get)", joined.size());
  }

  /**
   * The document guide's authors and books: books show their authors' name and thumbnail (copied on
   * save, rewritten when the author changes); the publisher is referenced from the book side.
   */
  @SuppressWarnings("unchecked")
  private static void library(io.denorm.examples.library.AuthorDao authors, io.denorm.examples.library.BookDao books,
      io.denorm.examples.library.PublisherDao publishers) {
    say("");
    say("== BookDao -> %s, table library_books: authors copied as snippets (@Denormalized(source = Author.class, fields = {\"name\", \"thumbnailUrl\"}))",
        books.getClass().getSimpleName());
    publishers.save(new io.denorm.examples.library.Publisher("p1", "Contoso Press"));
    authors.save(new io.denorm.examples.library.Author("a1", "Thomas Andersen", "http://img/a1.png"));
    authors.save(new io.denorm.examples.library.Author("a2", "William Wakefield", "http://img/a2.png"));
    books.save(new io.denorm.examples.library.Book("b1", "Azure Cosmos DB 101", "p1",
        List.of(io.denorm.examples.library.AuthorSnippet.of("a1"), io.denorm.examples.library.AuthorSnippet.of("a2"))));
    books.save(new io.denorm.examples.library.Book("b2", "Azure Cosmos DB for RDBMS Users", "p1",
        List.of(io.denorm.examples.library.AuthorSnippet.of("a1"))));
    say("save: authors a1 Thomas Andersen, a2 William Wakefield; books b1 (a1, a2) and b2 (a1) given author ids only, publisher p1");
    for (String id : List.of("b1", "b2")) {
      var b = books.findById(id).orElseThrow();
      say("  findById(%s) -> %s: %s", id, b.name(), b.authors());
    }
    var stats = ((io.denorm.snippet.SnippetSource<io.denorm.examples.library.Author>) authors).fanOutStats();
    long before = stats.updated();
    authors.save(new io.denorm.examples.library.Author("a1", "Tom Andersen", "http://img/a1-new.png"));
    say("save(a1 renamed Tom Andersen): fan-out through library_books_by_authors_id rewrote %d book(s)", stats.updated() - before);
    for (var b : books.findByAuthorsId("a1")) {
      say("  findByAuthorsId(a1) -> %s: %s", b.name(), b.authors());
    }
    long skippedBefore = stats.skipped();
    authors.save(new io.denorm.examples.library.Author("a1", "Tom Andersen", "http://img/a1-new.png"));
    say("save(a1 unchanged): %d fan-out skipped, no book read", stats.skipped() - skippedBefore);
    say("countOfBooks (@Count(of = Book.class, by = \"authors\"), kept by the books' saves): a1 %d, a2 %d",
        authors.findById("a1").orElseThrow().countOfBooks(), authors.findById("a2").orElseThrow().countOfBooks());
    say("bookIds (@References(value = Book.class, mappedBy = \"authors\"), the many-to-many's other side): a1 %s, a2 %s",
        sorted(authors.findById("a1").orElseThrow().bookIds()), sorted(authors.findById("a2").orElseThrow().bookIds()));
    books.save(books.findById("b2").orElseThrow());
    books.save(new io.denorm.examples.library.Book("b3", "Taking over the world one JSON doc at a time", List.of(io.denorm.examples.library.AuthorSnippet.of("a1"))));
    say("save(b2 unchanged), save(b3 by a1): a1 %d (b2 not counted twice)", authors.findById("a1").orElseThrow().countOfBooks());
    books.deleteById("b3");
    say("deleteById(b3): a1 %d", authors.findById("a1").orElseThrow().countOfBooks());
    var a2 = authors.findById("a2").orElseThrow();
    authors.save(a2.withBooks(java.util.Set.of("b1", "b2")));
    say("save(a2 with bookIds [b1, b2]): b2 now shows %s; a2 bookIds %s, countOfBooks %d", books.findById("b2").orElseThrow().authors(),
        sorted(authors.findById("a2").orElseThrow().bookIds()), authors.findById("a2").orElseThrow().countOfBooks());
    try {
      authors.save(a2.withBooks(java.util.Set.of("b1", "b404")));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(a2 with bookIds [b1, b404]) refused, nothing written: %s", e.getMessage());
    }
    var b1 = books.findById("b1").orElseThrow();
    say("findByPublisherId(p1) -> %s; loadPublisherId(b1) -> %s", books.findByPublisherId("p1").stream().map(b -> b.id()).sorted().toList(),
        books.loadPublisherId(b1).map(p -> p.name()).orElse("none"));
  }

  private static void posts(io.denorm.examples.posts.PostDao posts, io.denorm.examples.posts.CommentDao comments) {
    say("");
    say("== PostDao -> %s, table posts: the 3 newest comments in the row (@Recent(of = Comment.class, by = \"postId\", limit = 3)), all in table comments",
        posts.getClass().getSimpleName());
    posts.save(new io.denorm.examples.posts.Post("1", "What's new in the coolest Cloud", "A blog post by someone real famous"));
    String[][] seed = {{"anon", "something useful, I'm sure"}, {"bob", "wisdom from the interwebs"}, {"jane", "....."},
        {"anon", "more goodness"}, {"bob", "tails from the field"}};
    for (int i = 0; i < seed.length; i++) {
      comments.save(new io.denorm.examples.posts.Comment("1", i + 1, seed[i][0], seed[i][1]));
    }
    say("save: post 1, comments 1..5");
    say("  findById(1).recentComments -> %s", posts.findById("1").orElseThrow().recentComments().stream()
        .map(c -> "#" + c.seq() + " " + c.author() + ": " + c.comment()).toList());
    comments.deleteByPostIdAndBucketAndSeq("1", 0, 5);
    say("deleteByPostIdAndBucketAndSeq(1, 0, 5): recentComments -> %s (comment 2 read back in from table comments)",
        posts.findById("1").orElseThrow().recentComments().stream().map(c -> "#" + c.seq()).toList());
    posts.save(new io.denorm.examples.posts.Post("1", "What's new in the coolest Cloud (updated)", "A blog post by someone real famous"));
    say("save(post 1 renamed): recentComments kept -> %s", posts.findById("1").orElseThrow().recentComments().stream().map(c -> "#" + c.seq()).toList());
    var page = comments.findByPostId("1", io.denorm.PageRequest.ofSize(2));
    say("findByPostId(1, page of 2) -> %s, more: %s", page.content().stream().map(c -> "#" + c.seq()).toList(), page.hasNext());
    posts.save(new io.denorm.examples.posts.Post("2", "A busy post", null));
    for (long seq = 0; seq < 250; seq++) {
      comments.save(new io.denorm.examples.posts.Comment("2", seq, "reader" + seq, "comment " + seq));
    }
    say("save: post 2, comments 0..249 -> buckets of 100 (@Bucket(field = \"seq\", size = 100) on Comment.bucket)");
    for (long bucket = 2; bucket >= 0; bucket--) {
      var rows = comments.findByPostIdAndBucket("2", bucket);
      say("  findByPostIdAndBucket(2, %d) -> %d comments, #%d..#%d", bucket, rows.size(), rows.get(0).seq(), rows.get(rows.size() - 1).seq());
    }
    var request = io.denorm.PageRequest.ofSize(100);
    List<String> pages = new java.util.ArrayList<>();
    while (true) {
      var p = comments.findByPostId("2", request);
      pages.add(p.content().size() + " (#" + p.content().get(0).seq() + "..#" + p.content().get(p.content().size() - 1).seq() + ")");
      if (!p.hasNext()) {
        break;
      }
      request = io.denorm.PageRequest.of(100, p.nextCursor());
    }
    say("findByPostId(2) page by page, 100 at a time, newest first -> %s", pages);
    try {
      comments.save(new io.denorm.examples.posts.Comment("2", 0, 250, "reader", "in the wrong bucket"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(comment 250 in bucket 0) refused: %s", e.getMessage());
    }
    say("  findById(2).recentComments -> %s", posts.findById("2").orElseThrow().recentComments().stream().map(c -> "#" + c.seq()).toList());
  }

  /** The seed's enumerable keys: message ids from a store-backed sequence, and the step to the previous and next message. */
  private static void mailbox(io.denorm.examples.mailbox.MessageDao messages, io.denorm.examples.mailbox.MessageDao otherProcess) throws Exception {
    say("");
    say("== MessageDao -> %s, table messages: key (userId, id DESC), id from @Sequence(\"message_id\") (blocks of 100 reserved in denorm_sequences)",
        messages.getClass().getSimpleName());
    for (var stale : messages.findByUserId("alice", io.denorm.PageRequest.ofSize(1000)).content()) {
      messages.deleteByUserIdAndId("alice", stale.id()); // an earlier run's messages
    }
    String[][] mail = {{"bob", "Lunch?"}, {"carol", "Quarterly report"}, {"dave", "Re: Quarterly report"}, {"erin", "Slides for Monday"}};
    List<Long> ids = new java.util.ArrayList<>();
    java.time.Instant at = java.time.Instant.parse("2026-11-20T09:00:00Z");
    for (String[] m : mail) {
      var saved = messages.save(new io.denorm.examples.mailbox.Message("alice", m[0], m[1], at));
      ids.add(saved.id());
      at = at.plusSeconds(3600);
      say("save(new Message(alice, %s, \"%s\")) -> id %d", m[0], m[1], saved.id());
    }
    long third = ids.get(2);
    say("findPrevious(alice, %d) -> %s", third, messages.findPrevious("alice", third).map(x -> x.id() + " \"" + x.subject() + "\"").orElse("none"));
    say("findNext(alice, %d)     -> %s", third, messages.findNext("alice", third).map(x -> x.id() + " \"" + x.subject() + "\"").orElse("none"));
    say("findNext(alice, %d)     -> %s (the newest)", ids.get(3), messages.findNext("alice", ids.get(3)).map(x -> x.id() + "").orElse("none"));
    java.util.Set<Long> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicInteger saves = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int t = 0; t < 4; t++) {
        var dao = t % 2 == 0 ? messages : otherProcess;
        done.add(pool.submit(() -> {
          for (int i = 0; i < 100; i++) {
            seen.add(dao.save(new io.denorm.examples.mailbox.Message("alice", "list", "digest " + i, java.time.Instant.now())).id());
            saves.incrementAndGet();
          }
          return null;
        }));
      }
      for (var f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    say("4 threads x 100 saves through two DAO instances -> %d saves, %d distinct ids", saves.get(), seen.size());
  }

  /** The seed's daily buckets: a mailbox walked backward and forward from any date, skipping empty days. */
  private static void mailboxByDay(io.denorm.examples.mailbox.MailboxDao mailbox) {
    say("");
    say("== MailboxDao -> %s, table mailbox: partition (userId, day), @Bucket(field = \"sentAt\", unit = DAYS) on day, sentAt DESC",
        mailbox.getClass().getSimpleName());
    for (var stale : mailbox.findByUserId("bob", io.denorm.PageRequest.ofSize(1000)).content()) {
      mailbox.delete(stale); // an earlier run's messages
    }
    java.time.Instant[] sent = {
        java.time.Instant.parse("2026-10-30T08:15:00Z"), java.time.Instant.parse("2026-11-02T09:00:00Z"), java.time.Instant.parse("2026-11-02T17:30:00Z"),
        java.time.Instant.parse("2026-11-15T12:00:00Z"), java.time.Instant.parse("2026-11-20T07:45:00Z"), java.time.Instant.parse("2026-11-21T10:05:00Z")};
    for (int i = 0; i < sent.length; i++) {
      var saved = mailbox.save(new io.denorm.examples.mailbox.MailboxMessage("bob", sent[i], "alice", "note " + (i + 1)));
      if (i == 0 || i == sent.length - 1) {
        say("save(new MailboxMessage(bob, %s, \"note %d\")) -> day %d (%s), id %d", sent[i], i + 1, saved.day(),
            io.denorm.TimeBuckets.start(java.time.temporal.ChronoUnit.DAYS, saved.day()).toString().substring(0, 10), saved.id());
      }
    }
    say("  ... %d messages on 5 days between 2026-10-30 and 2026-11-21; the 18 days between them hold none", sent.length);
    java.util.function.Function<io.denorm.Page<io.denorm.examples.mailbox.MailboxMessage>, String> show = p -> p.content().stream()
        .map(x -> x.subject() + " (" + x.sentAt().toString().substring(5, 10) + ")").toList() + (p.hasNext() ? " + cursor" : " (end)");
    var page = mailbox.findByUserId("bob", io.denorm.PageRequest.ofSize(4));
    say("findByUserId(bob, pages of 4), newest first -> %s", show.apply(page));
    say("  next page                                 -> %s", show.apply(mailbox.findByUserId("bob", io.denorm.PageRequest.of(4, page.nextCursor()))));
    java.time.Instant from = java.time.Instant.parse("2026-11-10T00:00:00Z");
    say("findByUserIdAndSentAtLessThanEqual(bob, %s): backward -> %s", from,
        show.apply(mailbox.findByUserIdAndSentAtLessThanEqual("bob", from, io.denorm.PageRequest.ofSize(10))));
    say("findByUserIdAndSentAtGreaterThanEqualOrderBySentAtAsc(bob, %s): forward -> %s", from,
        show.apply(mailbox.findByUserIdAndSentAtGreaterThanEqualOrderBySentAtAsc("bob", from, io.denorm.PageRequest.ofSize(10))));
    try {
      mailbox.save(new io.denorm.examples.mailbox.MailboxMessage("bob", 0, sent[0], 0, "alice", "in the wrong day"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(a message filed under day 0) -> %s: %s", e.getClass().getSimpleName(), e.getMessage());
    }
  }

  /** The seed's geohash: places near a point, inside a box, across the antimeridian. */
  private static void places(io.denorm.examples.places.PlaceDao places) {
    say("");
    say("== PlaceDao -> %s, table places: @GeoIndex(name = \"places_by_geo\", lat = \"lat\", lon = \"lon\", precision = 6)", places.getClass().getSimpleName());
    Object[][] london = {
        {"nelson", "Nelson's Column", "monument", 51.50773, -0.12797}, {"gallery", "National Gallery", "museum", 51.50894, -0.12831},
        {"covent", "Covent Garden", "market", 51.51174, -0.12268}, {"eye", "London Eye", "attraction", 51.50329, -0.11953},
        {"bigben", "Big Ben", "monument", 51.50073, -0.12463}, {"stpauls", "St Paul's Cathedral", "church", 51.51381, -0.09840},
        {"tower", "Tower of London", "castle", 51.50811, -0.07595}, {"british", "British Museum", "museum", 51.51943, -0.12700},
        {"taveuni-e", "Taveuni, east of 180", "island", -16.80, 179.99}, {"taveuni-w", "Taveuni, west of -180", "island", -16.85, -179.98}};
    for (Object[] p : london) {
      places.save(new io.denorm.examples.places.Place((String) p[0], (String) p[1], (String) p[2], (double) p[3], (double) p[4]));
    }
    say("save: %d places (8 in central London, 2 on Taveuni either side of the antimeridian); geohash of Nelson's Column: %s",
        london.length, io.denorm.geo.GeoHash.encode(51.50773, -0.12797, 6));
    double lat = 51.50808;
    double lon = -0.12804; // Trafalgar Square
    java.util.function.Function<List<io.denorm.examples.places.Place>, String> show = found -> found.stream()
        .map(x -> x.name() + String.format(" %.0f m", io.denorm.geo.GeoHash.distanceMeters(lat, lon, x.lat(), x.lon()))).toList().toString();
    say("findNear(Trafalgar Square, 800 m)   -> %s", show.apply(places.findNear(lat, lon, 800)));
    say("  the cells read: %s", io.denorm.geo.GeoCover.circle(lat, lon, 800, 6, 3));
    say("findNear(Trafalgar Square, 2500 m)  -> %s", show.apply(places.findNear(lat, lon, 2500)));
    io.denorm.geo.GeoBox box = new io.denorm.geo.GeoBox(51.505, -0.13, 51.515, -0.12);
    say("findWithin(%s) -> %s", box, places.findWithin(box).stream().map(io.denorm.examples.places.Place::name).toList());
    say("findNear(-16.82, 180.0, 20 km), across the antimeridian -> %s",
        places.findNear(-16.82, 180.0, 20_000).stream().map(x -> x.name() + " (lon " + x.lon() + ")").toList());
    places.save(new io.denorm.examples.places.Place("eye", "London Eye", "attraction", 51.51381, -0.09840 + 0.001));
    say("save(London Eye moved next to St Paul's) -> findNear(Trafalgar Square, 800 m) %s", show.apply(places.findNear(lat, lon, 800)));
    try {
      places.save(new io.denorm.examples.places.Place("nowhere", "Nowhere", "x", 91.0, 0.0));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(a place at latitude 91) -> %s: %s", e.getClass().getSimpleName(), e.getMessage());
    }
    places.save(new io.denorm.examples.places.Place("eye", "London Eye", "attraction", 51.50329, -0.11953)); // back, for the next run
  }

  /** The seed's click stream: unique users per site, kept as the clicks arrive. */
  private static void clicks(io.denorm.examples.clicks.ClickDao clicks) throws Exception {
    say("");
    say("== ClickDao -> %s, table clicks: key (userId, at DESC), @CountDistinct(name = \"unique_visitors\", group = \"site\", distinct = \"userId\")",
        clicks.getClass().getSimpleName());
    String run = Long.toString(System.currentTimeMillis(), 36); // sites of this run: the counts of earlier runs stay as they were
    String news = "news-" + run + ".example";
    String shop = "shop-" + run + ".example";
    java.time.Instant t = java.time.Instant.parse("2026-11-21T09:00:00Z");
    String[][] stream = {{"alice", news}, {"bob", news}, {"alice", news}, {"alice", shop}, {"carol", news}, {"bob", news}, {"alice", news}};
    for (int i = 0; i < stream.length; i++) {
      clicks.save(new io.denorm.examples.clicks.Click(stream[i][0], t.plusSeconds(i), stream[i][1], "Paris"));
    }
    say("save: %d clicks: alice, bob, alice, alice, carol, bob, alice on %s (and alice on %s)", stream.length, news, shop);
    say("uniqueVisitors(%s) -> %d (alice, bob, carol; repeats not counted); uniqueVisitors(%s) -> %d", news, clicks.uniqueVisitors(news), shop,
        clicks.uniqueVisitors(shop));
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int thread = 0; thread < 8; thread++) {
        int th = thread;
        done.add(pool.submit(() -> {
          for (int u = 0; u < 50; u++) {
            clicks.save(new io.denorm.examples.clicks.Click("reader" + u, t.plusMillis(th), shop, "Lyon"));
          }
          return null;
        }));
      }
      for (var f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    say("8 threads each save the same 50 readers' first clicks on %s -> uniqueVisitors %d", shop, clicks.uniqueVisitors(shop));
    say("recountUniqueVisitors(%s) -> %d (counted again from table unique_visitors_members)", news, clicks.recountUniqueVisitors(news));
  }

  /** The seed's inverted search with direct aggregation: an audience by site and city, described by category. */
  private static void audience(io.denorm.examples.audience.VisitorDao visitors) {
    say("");
    say("== VisitorDao -> %s, table visitors: inverted indexes visitors_by_site, visitors_by_category, visitors_by_city; the row is the direct index",
        visitors.getClass().getSimpleName());
    String[] cities = {"Paris", "Lyon", "Nice"};
    String[] sites = {"news.example", "shop.example", "blog.example"};
    String[] categories = {"Men", "Women", "Bloggers", "Students"};
    java.util.Random random = new java.util.Random(1);
    for (int i = 0; i < 300; i++) {
      java.util.Set<String> s = new java.util.TreeSet<>();
      java.util.Set<String> c = new java.util.TreeSet<>();
      for (String site : sites) {
        if (random.nextInt(2) == 0) {
          s.add(site);
        }
      }
      for (String cat : categories) {
        if (random.nextInt(3) == 0) {
          c.add(cat);
        }
      }
      visitors.save(new io.denorm.examples.audience.Visitor(String.format("user-%03d", i), cities[random.nextInt(cities.length)], s, c));
    }
    say("save: 300 visitors, each with a city, the sites visited and the categories they belong to");
    say("findIdsBySitesContains(news.example) -> %s ... (sorted ids, read lazily from the index)",
        visitors.findIdsBySitesContains("news.example").limit(5).toList());
    java.util.List<Integer> batches = new java.util.ArrayList<>();
    io.denorm.search.DirectAggregation.Report<String> report;
    try (java.util.stream.Stream<String> audience = io.denorm.search.SortedIds.intersect(visitors.findIdsBySitesContains("news.example"),
        io.denorm.search.SortedIds.union(visitors.findIdsByCity("Paris"), visitors.findIdsByCity("Lyon")))) {
      report = io.denorm.search.DirectAggregation.countEach(audience, 50, ids -> {
        batches.add(ids.size());
        return visitors.findAllById(ids);
      }, v -> v.sites() != null && v.sites().contains("news.example") && ("Paris".equals(v.city()) || "Lyon".equals(v.city())),
          io.denorm.examples.audience.Visitor::categories);
    }
    say("audience: news.example AND (Paris OR Lyon) -> %d visitors, rows read in batches %s", report.rowsCounted(), batches);
    say("  by category (unique visitors, counted from their rows in one pass): %s", report.counts());
  }

  /** The seed's tree aggregation: a post's whole comment thread in one row. */
  private static void thread(io.denorm.examples.threads.DiscussionDao discussions) {
    say("");
    say("== DiscussionDao -> %s, table discussions: the whole comment tree of a post in one JSON column (Reply holds List<Reply> replies)",
        discussions.getClass().getSimpleName());
    java.util.function.BiFunction<String, String, io.denorm.examples.threads.Reply> leaf = io.denorm.examples.threads.Reply::new;
    var plusOne = List.of(leaf.apply("anon", "+1"));
    var fair = List.of(new io.denorm.examples.threads.Reply("jane", "Fair enough", plusOne));
    var depends = List.of(new io.denorm.examples.threads.Reply("alice", "It depends on the load", fair));
    var thanks = List.of(new io.denorm.examples.threads.Reply("alice", "Thanks Bob", List.of(leaf.apply("bob", "Anytime"))));
    var thread = List.of(new io.denorm.examples.threads.Reply("bob", "Great post!", thanks),
        new io.denorm.examples.threads.Reply("jane", "What about the cost?", depends));
    discussions.save(new io.denorm.examples.threads.Discussion("1", "What's new in the coolest Cloud", thread));
    say("save(post 1 with a thread of 7 comments, 4 levels deep) -> one row");
    say("findByPostId(1), one read, shown as the page would:");
    printThread(discussions.findByPostId("1").orElseThrow().comments(), "  ");
  }

  private static void printThread(List<io.denorm.examples.threads.Reply> replies, String indent) {
    for (var r : replies) {
      say("%s%s: %s", indent, r.author(), r.text());
      printThread(r.replies(), indent + "    ");
    }
  }

  /** The seed's eShop categories as an adjacency list: children, and a subtree read level by level. */
  private static void catalog(io.denorm.examples.catalog.CategoryDao categories) {
    say("");
    say("== CategoryDao -> %s, table categories: @ParentId parentId, index categories_by_parent_id kept by every save",
        categories.getClass().getSimpleName());
    String[][] tree = {{"all", null, "All Products"}, {"men", "all", "Men"}, {"women", "all", "Women"}, {"men-shoes", "men", "Men's Shoes"},
        {"men-clothing", "men", "Men's Clothing"}, {"sneakers", "men-shoes", "Sneakers"}, {"boots", "men-shoes", "Boots"},
        {"running", "sneakers", "Running Shoes"}, {"women-shoes", "women", "Women's Shoes"}};
    for (String[] c : tree) {
      categories.save(new io.denorm.examples.catalog.Category(c[0], c[1], c[2]));
    }
    say("save: %d categories, All Products > Men > Men's Shoes > Sneakers > Running Shoes, ...", tree.length);
    java.util.function.Function<List<io.denorm.examples.catalog.Category>, List<String>> names = l -> l.stream()
        .map(io.denorm.examples.catalog.Category::name).sorted().toList();
    say("findChildren(men) -> %s", names.apply(categories.findChildren("men")));
    say("findSubtree(men-shoes, 10) -> %s (Men's Shoes and everything below it: 2 levels, one read per node of a level)",
        categories.findSubtree("men-shoes", 10).stream().map(io.denorm.examples.catalog.Category::name).toList());
    say("findSubtree(all, 2) -> %s", names.apply(categories.findSubtree("all", 2)));
  }

  /** The seed's materialized paths: "Men's Shoes and everything below it" in one read, and a move. */
  private static void shopPaths(io.denorm.examples.catalog.ShopCategoryDao categories) {
    say("");
    say("== ShopCategoryDao -> %s, table shop_categories: @ParentId parentId, @MaterializedPath path (index shop_categories_by_path)",
        categories.getClass().getSimpleName());
    String[][] tree = {{"all", null, "All Products"}, {"men", "all", "Men"}, {"women", "all", "Women"}, {"men-shoes", "men", "Men's Shoes"},
        {"men-clothing", "men", "Men's Clothing"}, {"sneakers", "men-shoes", "Sneakers"}, {"boots", "men-shoes", "Boots"},
        {"running", "sneakers", "Running Shoes"}};
    for (String[] c : tree) {
      var saved = categories.save(new io.denorm.examples.catalog.ShopCategory(c[0], c[1], c[2]));
      if (c[0].equals("running")) {
        say("save(Running Shoes under Sneakers) -> path %s (its parent's path, read, and its id)", saved.path());
      }
    }
    java.util.function.Function<List<io.denorm.examples.catalog.ShopCategory>, List<String>> names = l -> l.stream()
        .map(io.denorm.examples.catalog.ShopCategory::name).toList();
    say("findDescendants(men-shoes) -> %s (Men's Shoes and everything below it: one range read, path order)",
        names.apply(categories.findDescendants("men-shoes")));
    categories.save(new io.denorm.examples.catalog.ShopCategory("men-shoes", "women", "Men's Shoes"));
    say("save(Men's Shoes moved under Women) -> Running Shoes' path now %s; findDescendants(women) -> %s",
        categories.findById("running").orElseThrow().path(), names.apply(categories.findDescendants("women")));
    try {
      categories.save(new io.denorm.examples.catalog.ShopCategory("men-shoes", "sneakers", "Men's Shoes"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(Men's Shoes under its own Sneakers) -> %s: %s", e.getClass().getSimpleName(), e.getMessage());
    }
    categories.save(new io.denorm.examples.catalog.ShopCategory("men-shoes", "men", "Men's Shoes")); // back, for the next run
  }

  /** The seed's nested sets: the products under a category from one range read of the numbering, a change, a rebuild. */
  private static void nestedSets(io.denorm.examples.catalog.CatalogNodeDao catalog) {
    say("");
    say("== CatalogNodeDao -> %s, table catalog_nodes: @ParentId parentId, @NestedSet(name = \"catalog_leaves\", order = \"name\")",
        catalog.getClass().getSimpleName());
    String[][] tree = {{"all", null, "All Products"}, {"men", "all", "Men"}, {"women", "all", "Women"}, {"men-shoes", "men", "Men's Shoes"},
        {"men-clothing", "men", "Men's Clothing"}, {"women-shoes", "women", "Women's Shoes"}, {"p-oxford", "men-shoes", "Oxford"},
        {"p-runner", "men-shoes", "Runner"}, {"p-boot", "men-shoes", "Boot"}, {"p-jeans", "men-clothing", "Jeans"}, {"p-shirt", "men-clothing", "Shirt"},
        {"p-heels", "women-shoes", "Heels"}, {"p-flats", "women-shoes", "Flats"}};
    for (String[] n : tree) {
      catalog.save(new io.denorm.examples.catalog.CatalogNode(n[0], n[1], n[2]));
    }
    catalog.deleteById("p-loafer"); // from an earlier run
    java.util.function.Function<List<io.denorm.examples.catalog.CatalogNode>, List<String>> names = l -> l.stream()
        .map(io.denorm.examples.catalog.CatalogNode::name).toList();
    say("saved %d categories and products; isNestedSetCurrent(all) -> %s", tree.length, catalog.isNestedSetCurrent("all"));
    var numbering = catalog.rebuildNestedSet("all");
    say("rebuildNestedSet(all) -> generation %d: %d nodes, %d leaves numbered depth first, siblings by name (tables catalog_leaves, _nodes, _trees)",
        numbering.generation(), numbering.nodes(), numbering.leaves());
    say("findLeaves(men-shoes) -> %s (its range read, then one range read of catalog_leaves)", names.apply(catalog.findLeaves("men-shoes")));
    say("findLeaves(all) -> %s", names.apply(catalog.findLeaves("all")));
    say("countLeaves(men) -> %d (from the range of Men alone)", catalog.countLeaves("men"));
    catalog.save(new io.denorm.examples.catalog.CatalogNode("p-loafer", "men-shoes", "Loafer"));
    say("save(Loafer under Men's Shoes) -> isNestedSetCurrent(all) %s; findLeaves(men-shoes) -> %s (walked until the next rebuild)",
        catalog.isNestedSetCurrent("all"), names.apply(catalog.findLeaves("men-shoes")));
    numbering = catalog.rebuildNestedSet("all");
    say("rebuildNestedSet(all) -> generation %d, %d leaves; isNestedSetCurrent(all) %s; countLeaves(men-shoes) -> %d", numbering.generation(),
        numbering.leaves(), catalog.isNestedSetCurrent("all"), catalog.countLeaves("men-shoes"));
  }

  private static List<String> sorted(java.util.Collection<String> ids) {
    return ids == null ? List.of() : ids.stream().sorted().toList();
  }

  private static String trade(io.denorm.examples.trades.Trade t) {
    return "#" + t.tradeId() + "@" + t.at().toString().substring(11, 19);
  }

  private static void calibrations(CalibrationDao dao) {
    say("");
    say("== CalibrationDao -> %s (a record), table calibration: key (sensor_id), version, at", dao.getClass().getSimpleName());
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    for (int version = 1; version <= 3; version++) {
      for (int k = 0; k < 2; k++) {
        dao.save(new Calibration("greenhouse-7", version, t.plus(version * 10L + k, ChronoUnit.DAYS), 0.1 * version, 1.0 + k / 10.0, 42));
      }
    }
    say("save x6: versions 1..3, two calibrations each");
    say("findBySensorId -> %d rows in clustering order: %s", dao.findBySensorId("greenhouse-7").size(),
        dao.findBySensorId("greenhouse-7").stream().map(c -> "v" + c.version() + "@" + c.at().toString().substring(0, 10)).collect(Collectors.joining(" ")));
    say("findBySensorIdAndVersionBetween(2, 3) -> %d rows; transient computedChecksum read back as %d",
        dao.findBySensorIdAndVersionBetween("greenhouse-7", 2, 3).size(),
        dao.findBySensorIdAndVersionBetween("greenhouse-7", 2, 3).get(0).computedChecksum());
  }

  @SuppressWarnings("unchecked")
  private static void users(UserDao dao) {
    IndexedDao<User> indexed = (IndexedDao<User>) dao;
    say("");
    say("== UserDao -> %s: table users, index tables", dao.getClass().getSimpleName());
    say("   users_by_location ((state), city, id) covering name,");
    say("   users_by_email (unique), users_by_category (one row per category) and users_by_skill (one row per skill),");
    say("   kept in step on every save and delete");
    User ann = new User(UUID.randomUUID(), "Ann", "ann@example.org", "CA", "San Francisco", Set.of("books", "music"));
    User bob = new User(UUID.randomUUID(), "Bob", "bob@example.org", "CA", "San Francisco Bay", Set.of("music"));
    User cy = new User(UUID.randomUUID(), "Cy", "cy@example.org", "CA", "Oakland", Set.of("art"));
    User di = new User(UUID.randomUUID(), "Di", "di@example.org", "NY", "Buffalo", Set.of("books"));
    for (User u : List.of(ann, bob, cy, di)) {
      dao.save(u);
    }
    say("save x4: Ann (San Francisco), Bob (San Francisco Bay), Cy (Oakland), Di (Buffalo, NY)");
    try (Stream<User> ca = dao.findByState("CA")) {
      say("findByState(CA) -> %s", ca.map(User::name).collect(Collectors.joining(", ")));
    }
    say("findByStateAndCity(CA, San Francisco) -> %s   (a prefix never matches 'San Francisco Bay')", names(dao.findByStateAndCity("CA", "San Francisco")));
    dao.save(ann.movedTo("NY", "Buffalo"));
    say("Ann moves to Buffalo, NY: findByStateAndCity(CA, San Francisco) -> %s; findByStateAndCity(NY, Buffalo) -> %s",
        names(dao.findByStateAndCity("CA", "San Francisco")), names(dao.findByStateAndCity("NY", "Buffalo")));
    try (Stream<User> music = dao.findByCategoriesContains("music")) {
      say("findByCategoriesContains(music) -> %s", music.map(User::name).collect(Collectors.joining(", ")));
    }
    say("findByEmail(cy@example.org) -> %s", dao.findByEmail("cy@example.org").map(User::name).orElse("none"));
    dao.save(di.withSkills(List.of(new io.denorm.examples.users.Skill("poetry", "excellent"))));
    dao.save(cy.withSkills(List.of(new io.denorm.examples.users.Skill("math", "excellent"), new io.denorm.examples.users.Skill("poetry", "basic"))));
    say("Di: poetry excellent; Cy: math excellent, poetry basic (skills stored in the row: Cassandra frozen<skill>, HBase one cell)");
    try (Stream<User> poets = dao.findBySkillsNameAndSkillsLevel("poetry", "excellent")) {
      say("findBySkillsNameAndSkillsLevel(poetry, excellent) -> %s   (users_by_skill has one row per skill: Cy never matches)",
          poets.map(User::name).collect(Collectors.joining(", ")));
    }
    try {
      dao.save(new User(UUID.randomUUID(), "Eve", "cy@example.org", "TX", "Austin", Set.of()));
    } catch (io.denorm.index.UniqueConstraintViolationException e) {
      say("save(Eve with Cy's email) -> %s; findByState(TX) -> %d users", e.getClass().getSimpleName(), dao.findByStateAndCity("TX", "Austin").size());
    }
    say("deleteById(Bob) -> %s; findByCategoriesContains(music) -> %s", dao.deleteById(bob.id()),
        names(dao.findByCategoriesContains("music").toList()));
    say("index reads so far: %s", indexed.indexReadStats());

    // A save that stops after writing its new index entries, as a crashed client would.
    indexed.setWriteObserver((step, e) -> {
      if (step == io.denorm.index.WriteStep.INDEX_INSERTS) {
        throw new IllegalStateException("simulated crash after " + step);
      }
    });
    try {
      dao.save(dao.findById(cy.id()).orElseThrow().movedTo("TX", "Austin"));
    } catch (IllegalStateException e) {
      say("save(Cy moves to Austin) -> %s: the master still says Oakland", e.getMessage());
    }
    indexed.setWriteObserver(null);
    say("findByStateAndCity(TX, Austin) -> %s   (the stray entry is checked against the master and left out)",
        names(dao.findByStateAndCity("TX", "Austin")));
    var maintenance = indexed.indexMaintenance().parallelism(4).repairGrace(java.time.Duration.ZERO);
    say("verify users_by_location, scanning each table by segments (Cassandra: 16 token ranges; HBase: its regions), 4 at a time:");
    var report = maintenance.verify("users_by_location", p -> say("  %s", p));
    say("  -> %s", report);
    say("rebuild users_by_location -> %s", maintenance.rebuild("users_by_location", null));
    say("verify users_by_location -> %s", maintenance.verify("users_by_location", null));
  }

  private static String names(List<User> users) {
    return users.stream().map(User::name).collect(Collectors.joining(", ", "[", "]"));
  }

  private static String show(Reading r) {
    return time(r) + "=" + r.value() + r.unit();
  }

  private static String time(Reading r) {
    return r.at().toString().substring(11, 16);
  }

  private static void say(String format, Object... args) {
    System.out.println(args.length == 0 ? format : String.format(format, args));
  }
}
