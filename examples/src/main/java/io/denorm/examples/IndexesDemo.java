package io.denorm.examples;

import static io.denorm.examples.DemoSupport.heading;
import static io.denorm.examples.DemoSupport.inThreads;
import static io.denorm.examples.DemoSupport.say;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import io.denorm.index.IndexedDao;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The part of the {@link Demo} about index tables: entries kept in step with every save and delete,
 * a unique value, a stray entry left by a crashed save and repaired by verify and rebuild (users),
 * a geohash index (places), a distinct count kept as rows arrive (clicks), and a search that
 * intersects inverted indexes and counts the matching rows (audience).
 */
final class IndexesDemo {

  private IndexesDemo() {}

  @SuppressWarnings("unchecked")
  static void users(UserDao dao) {
    IndexedDao<User> indexed = (IndexedDao<User>) dao;
    heading("== UserDao -> %s: table users, index tables", dao);
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
    say("countByStateAndCity(NY, Buffalo) -> %d; existsByEmail(nobody@example.org) -> %s   (index rows checked against their users)",
        dao.countByStateAndCity("NY", "Buffalo"), dao.existsByEmail("nobody@example.org"));
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

  /** The example geohash: places near a point, inside a box, across the antimeridian. */
  static void places(io.denorm.examples.places.PlaceDao places) {
    heading("== PlaceDao -> %s, table places: @GeoIndex(name = \"places_by_geo\", lat = \"lat\", lon = \"lon\", precision = 6)", places);
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

  /** The example click stream: unique users per site, kept as the clicks arrive. */
  static void clicks(io.denorm.examples.clicks.ClickDao clicks) throws Exception {
    heading("== ClickDao -> %s, table clicks: key (userId, at DESC), @CountDistinct(name = \"unique_visitors\", group = \"site\", distinct = \"userId\")",
        clicks);
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
    inThreads(8, th -> {
      for (int u = 0; u < 50; u++) {
        clicks.save(new io.denorm.examples.clicks.Click("reader" + u, t.plusMillis(th), shop, "Lyon"));
      }
    });
    say("8 threads each save the same 50 readers' first clicks on %s -> uniqueVisitors %d", shop, clicks.uniqueVisitors(shop));
    say("recountUniqueVisitors(%s) -> %d (counted again from table unique_visitors_members)", news, clicks.recountUniqueVisitors(news));
  }

  /** The example inverted search with direct aggregation: an audience by site and city, described by category. */
  static void audience(io.denorm.examples.audience.VisitorDao visitors) {
    heading("== VisitorDao -> %s, table visitors: inverted indexes visitors_by_site, visitors_by_category, visitors_by_city; the row is the direct index",
        visitors);
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

  private static String names(List<User> users) {
    return users.stream().map(User::name).collect(Collectors.joining(", ", "[", "]"));
  }
}
