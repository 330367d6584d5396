package io.denorm.examples;

import static io.denorm.examples.DemoSupport.eachPage;
import static io.denorm.examples.DemoSupport.heading;
import static io.denorm.examples.DemoSupport.say;
import java.util.List;

/**
 * The part of the {@link Demo} about aggregates and references: objects embedded in their row and
 * an optimistic lock (people, orders), references loaded by an application-side join (portfolios),
 * snippet copies rewritten by a fan-out with counts and inverse sides (library), and the newest
 * rows of another table kept in the row, with rows bucketed by sequence number (posts).
 */
final class AggregatesDemo {

  private AggregatesDemo() {}

  /** The document guide's person: an aggregate with its addresses, and an atomic one (@Version). */
  static void people(io.denorm.examples.people.PersonDao dao) {
    heading("== PersonDao -> %s, table people: key (id), addresses and contact details embedded, @Version version, index people_by_last_name",
        dao);
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
  static void orders(io.denorm.examples.orders.OrderDao dao) {
    heading("== OrderDao -> %s, table orders: key (id), everything else embedded in the row", dao);
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
  static void portfolios(io.denorm.examples.portfolios.StockDao stocks, io.denorm.examples.portfolios.PortfolioDao dao) {
    heading("== PortfolioDao -> %s, table portfolios: holdings reference rows of table stocks (@Reference(Stock.class, field = \"stockId\"))",
        dao);
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
  static void library(io.denorm.examples.library.AuthorDao authors, io.denorm.examples.library.BookDao books,
      io.denorm.examples.library.PublisherDao publishers) {
    heading("== BookDao -> %s, table library_books: authors copied as snippets (@Denormalized(source = Author.class, fields = {\"name\", \"thumbnailUrl\"}))",
        books);
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

  static void posts(io.denorm.examples.posts.PostDao posts, io.denorm.examples.posts.CommentDao comments) {
    heading("== PostDao -> %s, table posts: the 3 newest comments in the row (@Recent(of = Comment.class, by = \"postId\", limit = 3)), all in table comments",
        posts);
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
    List<String> pages = new java.util.ArrayList<>();
    eachPage(io.denorm.PageRequest.ofSize(100), request -> comments.findByPostId("2", request), (p, pageNo) ->
        pages.add(p.content().size() + " (#" + p.content().get(0).seq() + "..#" + p.content().get(p.content().size() - 1).seq() + ")"));
    say("findByPostId(2) page by page, 100 at a time, newest first -> %s", pages);
    try {
      comments.save(new io.denorm.examples.posts.Comment("2", 0, 250, "reader", "in the wrong bucket"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(comment 250 in bucket 0) refused: %s", e.getMessage());
    }
    say("  findById(2).recentComments -> %s", posts.findById("2").orElseThrow().recentComments().stream().map(c -> "#" + c.seq()).toList());
  }

  private static List<String> sorted(java.util.Collection<String> ids) {
    return ids == null ? List.of() : ids.stream().sorted().toList();
  }
}
