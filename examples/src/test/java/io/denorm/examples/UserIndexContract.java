package io.denorm.examples;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.examples.users.Skill;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import io.denorm.index.IndexedDao;
import io.denorm.index.UniqueConstraintViolationException;
import io.denorm.index.WriteStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Index tables kept by the generated UserDao, on a real store (run by each store's subclass): every finder
 * answers exactly what the master rows say, after moves, deletes, crashes between steps and races.
 */
abstract class UserIndexContract {

  static final List<String> STATES = List.of("CA", "NY", "TX");
  static final Map<String, List<String>> CITIES = Map.of(
      "CA", List.of("San Francisco", "San Francisco Bay", "Oakland"),
      "NY", List.of("New York", "Buffalo"),
      "TX", List.of("Austin", "Dallas"));
  static final List<String> CATEGORIES = List.of("books", "music", "art", "sport", "food");
  static final List<String> SKILLS = List.of("poetry", "math", "chess");
  static final List<String> LEVELS = List.of("basic", "good", "excellent");

  Stores.Store store;
  UserDao dao;
  /** The same DAO, with the index maintenance and test hooks every backend's DAO offers. */
  IndexedDao<User> indexed;

  /** The store this run of the contract uses. */
  abstract Stores.Store store();

  @BeforeEach
  @SuppressWarnings("unchecked")
  void schema(org.junit.jupiter.api.TestInfo info) {
    store = store();
    String name = "users_" + info.getTestMethod().orElseThrow().getName().toLowerCase().replaceAll("[^a-z0-9]", "");
    dao = store.dao(UserDao.class, name.substring(0, Math.min(name.length(), 48)), "User");
    indexed = (IndexedDao<User>) dao;
  }

  static User randomUser(Random r, UUID id, int emailSpace) {
    String state = STATES.get(r.nextInt(STATES.size()));
    List<String> cities = CITIES.get(state);
    Set<String> categories = new TreeSet<>();
    for (String c : CATEGORIES) {
      if (r.nextInt(3) == 0) {
        categories.add(c);
      }
    }
    List<Skill> skills = new ArrayList<>();
    for (String skill : SKILLS) {
      if (r.nextInt(3) == 0) {
        skills.add(new Skill(skill, LEVELS.get(r.nextInt(LEVELS.size()))));
      }
    }
    return new User(id, "user-" + r.nextInt(1000), "u" + r.nextInt(emailSpace) + "@example.org", state, cities.get(r.nextInt(cities.size())),
        categories, skills);
  }

  /** Every finder of UserDao, compared with what {@code truth} (id → master state) implies. */
  void assertFindersAgreeWith(Collection<User> truth) {
    for (String state : STATES) {
      Set<UUID> expected = truth.stream().filter(u -> state.equals(u.state())).map(User::id).collect(Collectors.toSet());
      List<User> found;
      try (var stream = dao.findByState(state)) {
        found = stream.toList();
      }
      assertEquals(expected, ids(found), "findByState(" + state + ")");
      assertEquals(found.size(), ids(found).size(), "findByState(" + state + ") returned a user twice");
      for (String city : CITIES.get(state)) {
        Set<UUID> inCity = truth.stream().filter(u -> state.equals(u.state()) && city.equals(u.city())).map(User::id).collect(Collectors.toSet());
        assertEquals(inCity, ids(dao.findByStateAndCity(state, city)), "findByStateAndCity(" + state + ", " + city + ")");
      }
    }
    for (String category : CATEGORIES) {
      Set<UUID> expected = truth.stream().filter(u -> u.categories() != null && u.categories().contains(category)).map(User::id).collect(Collectors.toSet());
      try (var stream = dao.findByCategoriesContains(category)) {
        assertEquals(expected, ids(stream.toList()), "findByCategoriesContains(" + category + ")");
      }
    }
    for (String skill : SKILLS) {
      for (String level : LEVELS) {
        Set<UUID> expected = truth.stream().filter(u -> u.skills().contains(new Skill(skill, level))).map(User::id).collect(Collectors.toSet());
        try (var stream = dao.findBySkillsNameAndSkillsLevel(skill, level)) {
          assertEquals(expected, ids(stream.toList()), "findBySkillsNameAndSkillsLevel(" + skill + ", " + level + ")");
        }
      }
    }
    Map<String, User> byEmail = new HashMap<>();
    truth.forEach(u -> byEmail.put(u.email(), u));
    for (User u : truth) {
      assertEquals(Optional.of(u), dao.findByEmail(u.email()), "findByEmail(" + u.email() + ")");
      assertEquals(Optional.of(u), dao.findById(u.id()));
    }
  }

  static Set<UUID> ids(Collection<User> users) {
    return users.stream().map(User::id).collect(Collectors.toSet());
  }

  /**
   * UUID keys sort alike on both stores, in Cassandra's order of {@code uuid} values (version,
   * then a time-based UUID's timestamp or another's high half unsigned, then the low half
   * unsigned), which is not Java's {@code UUID.compareTo}: the users of one city come back from the
   * index (clustered by id) in {@code SortedIds.KEY_ORDER}, on Cassandra because the server sorts so
   * and on HBase because the row-key codec does.
   */
  @Test
  void uuidKeysSortAsCassandraSortsThem() {
    Random r = new Random(23);
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      long lo = r.nextLong();
      ids.add(switch (i % 4) {
        case 0 -> UUID.randomUUID(); // version 4
        case 1 -> new UUID((r.nextLong() & ~0xF000L) | 0x1000L, lo); // version 1, time-based: by timestamp
        case 2 -> UUID.nameUUIDFromBytes(("user " + i).getBytes(java.nio.charset.StandardCharsets.UTF_8)); // version 3
        default -> new UUID(i % 8 < 4 ? r.nextLong() | Long.MIN_VALUE : r.nextLong() & Long.MAX_VALUE, lo); // any version, both signs
      });
    }
    for (UUID id : ids) {
      dao.save(new User(id, "sorted", id + "@example.org", "OR", "Portland", Set.of()));
    }
    List<UUID> expected = new ArrayList<>(ids);
    expected.sort(io.denorm.search.SortedIds.KEY_ORDER);
    List<UUID> javaOrder = new ArrayList<>(ids);
    java.util.Collections.sort(javaOrder);
    assertNotEquals(javaOrder, expected, "the ids must tell the two orders apart");
    assertEquals(expected, dao.findByStateAndCity("OR", "Portland").stream().map(User::id).toList());
  }

  @Test
  void findersFollowSavesMovesAndDeletes() {
    Random r = new Random(7);
    Map<UUID, User> truth = new HashMap<>();
    for (int i = 0; i < 60; i++) {
      User u = randomUser(r, UUID.randomUUID(), 1_000_000);
      dao.save(u);
      truth.put(u.id(), u);
    }
    assertFindersAgreeWith(truth.values());
    List<UUID> ids = new ArrayList<>(truth.keySet());
    for (int i = 0; i < 40; i++) {
      UUID id = ids.get(r.nextInt(ids.size()));
      User moved = randomUser(r, id, 1_000_000);
      dao.save(moved);
      truth.put(id, moved);
    }
    for (int i = 0; i < 10; i++) {
      UUID id = ids.remove(r.nextInt(ids.size()));
      assertTrue(dao.deleteById(id));
      assertFalse(dao.deleteById(id));
      truth.remove(id);
    }
    assertFindersAgreeWith(truth.values());
    // Nothing stale was left behind by orderly saves and deletes.
    assertEquals(0, indexed.indexReadStats().stale(), indexed.indexReadStats().toString());
  }

  @Test
  void countsAndExistsAgreeWithTheMasterRowsAfterMovesDeletesAndACrash() {
    Random r = new Random(11);
    Map<UUID, User> truth = new HashMap<>();
    for (int i = 0; i < 50; i++) {
      User u = randomUser(r, UUID.randomUUID(), 1_000_000);
      dao.save(u);
      truth.put(u.id(), u);
    }
    List<UUID> ids = new ArrayList<>(truth.keySet());
    for (int i = 0; i < 20; i++) {
      UUID id = ids.get(r.nextInt(ids.size()));
      User moved = randomUser(r, id, 1_000_000);
      dao.save(moved);
      truth.put(id, moved);
    }
    for (int i = 0; i < 8; i++) {
      UUID id = ids.remove(r.nextInt(ids.size()));
      assertTrue(dao.deleteById(id));
      truth.remove(id);
    }
    // A move that stops after its new index rows: they point at a master that still disagrees.
    User crashed = truth.get(ids.get(0));
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.INDEX_INSERTS) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(crashed.movedTo("NY", "Buffalo").withCategories(Set.of("music", "sport"))));
    indexed.setWriteObserver(null);
    assertCountsAgreeWith(truth.values());
    assertTrue(indexed.indexReadStats().stale() > 0, "the crash's rows were read and left out: " + indexed.indexReadStats());
    // More users in one city than an index page holds: the count reads page after page.
    for (int i = 0; i < 150; i++) {
      User u = new User(UUID.randomUUID(), "austin-" + i, "austin" + i + "@example.org", "TX", "Austin", Set.of("food"));
      dao.save(u);
      truth.put(u.id(), u);
    }
    assertCountsAgreeWith(truth.values());
  }

  /** countBy…/existsBy… of UserDao, compared with what {@code truth} (the master states) implies. */
  void assertCountsAgreeWith(Collection<User> truth) {
    for (String state : STATES) {
      boolean any = truth.stream().anyMatch(u -> state.equals(u.state()));
      assertEquals(any, dao.existsByStateAsync(state).toCompletableFuture().join(), "existsByStateAsync(" + state + ")");
      for (String city : CITIES.get(state)) {
        long inCity = truth.stream().filter(u -> state.equals(u.state()) && city.equals(u.city())).count();
        assertEquals(inCity, dao.countByStateAndCity(state, city), "countByStateAndCity(" + state + ", " + city + ")");
      }
    }
    for (String category : CATEGORIES) {
      long expected = truth.stream().filter(u -> u.categories() != null && u.categories().contains(category)).count();
      assertEquals(expected, dao.countByCategoriesContainsAsync(category).toCompletableFuture().join(), "countByCategoriesContainsAsync(" + category + ")");
    }
    for (User u : truth) {
      assertTrue(dao.existsByEmail(u.email()), "existsByEmail(" + u.email() + ")");
    }
    assertFalse(dao.existsByEmail("nobody@example.org"));
  }

  @Test
  void saveWithAKnownPreviousStateSkipsTheRead() {
    User u = new User(UUID.randomUUID(), "Fay", "fay@x", "CA", "Oakland", Set.of("art"));
    dao.save(u, null);
    User moved = u.movedTo("NY", "Buffalo").withCategories(Set.of("music"));
    dao.save(moved, u);
    assertFindersAgreeWith(List.of(moved));
    // A wrong previous state (here: claims the user is new) leaves stale rows, never missing ones.
    User again = moved.movedTo("TX", "Austin");
    dao.save(again, null);
    assertFindersAgreeWith(List.of(again));
    assertEquals(0, indexed.indexMaintenance().verify("users_by_location", null).missing());
    assertEquals(1, indexed.indexMaintenance().verify("users_by_location", null).stale(), "Buffalo is left behind, filtered on read");
  }

  @Test
  void insertWritesANewUserWithoutAReadAndAnExistingOneLeavesOnlyStaleEntries() throws Exception {
    User u = new User(UUID.randomUUID(), "Gil", "gil@x", "CA", "Oakland", Set.of("art"));
    dao.insertAsync(u).toCompletableFuture().get();
    User other = new User(UUID.randomUUID(), "Hal", "hal@x", "NY", "Buffalo", Set.of("books"));
    dao.insert(other);
    assertFindersAgreeWith(List.of(u, other));
    assertThrows(UniqueConstraintViolationException.class,
        () -> dao.insert(new User(UUID.randomUUID(), "Ida", "gil@x", "TX", "Austin", Set.of())), "an insert claims unique values as a save does");
    assertFindersAgreeWith(List.of(u, other));

    // Breaking the promise: Gil existed. Nothing is missing; his old entries are stale until repaired.
    User moved = u.movedTo("TX", "Dallas").withEmail("gil2@x").withCategories(Set.of("music"));
    dao.insert(moved);
    assertFindersAgreeWith(List.of(moved, other));
    var report = indexed.indexMaintenance().verify("users_by_location", null);
    assertEquals(0, report.missing());
    assertEquals(1, report.stale(), "Oakland is left behind, filtered on read");
    assertEquals(0, indexed.indexMaintenance().verify("users_by_email", null).missing());
    indexed.setIndexRepairGrace(Duration.ZERO);
    dao.save(new User(UUID.randomUUID(), "Jo", "gil@x", "CA", "Oakland", Set.of()));
    assertEquals(1, dao.findByStateAndCity("CA", "Oakland").size(), "gil@x, held by a master that no longer needs it, was taken over");
    indexed.indexMaintenance().rebuild("users_by_location", null);
    assertEquals(0, indexed.indexMaintenance().verify("users_by_location", null).stale());
  }

  /**
   * A take-over of a unique value is logged through SLF4J at info level, naming the entity, the
   * index, the value and both masters (the test's simplelogger.properties enables that logger;
   * slf4j-simple writes to System.err, read here).
   */
  @Test
  void aTakeOverOfAUniqueValueIsLoggedWithTheEntityTheValueAndBothKeys() {
    User first = new User(UUID.randomUUID(), "Lou", "logged@x", "CA", "Oakland", Set.of());
    dao.save(first);
    dao.insert(first.withEmail("lou2@x")); // an insert reads nothing: logged@x stays claimed by a row that no longer holds it
    indexed.setIndexRepairGrace(Duration.ZERO);
    User second = new User(UUID.randomUUID(), "Max", "logged@x", "CA", "Oakland", Set.of());
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      dao.save(second);
    } finally {
      System.setErr(err);
    }
    assertEquals(Optional.of(second), dao.findByEmail("logged@x"));
    String log = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
    String line = log.lines().filter(l -> l.contains("taken over")).findFirst().orElse(null);
    assertNotNull(line, "a take-over line in " + log);
    assertTrue(line.contains("INFO io.denorm.index.Claims - User: value [logged@x] of unique index users_by_email taken over by ["
        + second.id() + "] from [" + first.id() + "]"), line);
  }

  /** A back-fill writes every entry of an emptied index without reading it; a unique index is rebuilt instead. */
  @Test
  void backfillRefillsAnEmptiedIndex() {
    Random r = new Random(11);
    List<User> truth = new ArrayList<>();
    for (int i = 0; i < 80; i++) {
      User u = new User(UUID.randomUUID(), "b" + i, "backfill" + i + "@x", STATES.get(i % 3), CITIES.get(STATES.get(i % 3)).get(0),
          Set.of(CATEGORIES.get(r.nextInt(CATEGORIES.size()))));
      dao.save(u);
      truth.add(u);
    }
    store.truncate("users_by_location");
    store.truncate("users_by_email");
    assertEquals(80, indexed.indexMaintenance().verify("users_by_location", null).missing());
    var filled = indexed.indexMaintenance().backfill("users_by_location", null);
    assertEquals(80, filled.masterRows());
    assertEquals(80, filled.fixed(), "one entry written per user: " + filled);
    assertEquals(0, filled.missing(), "a back-fill reads no index row, so it counts none missing");
    var email = indexed.indexMaintenance().backfill("users_by_email", null);
    assertEquals(80, email.missing(), "the unique index was rebuilt, which counts what it found missing: " + email);
    for (String index : List.of("users_by_location", "users_by_email")) {
      var report = indexed.indexMaintenance().verify(index, null);
      assertEquals(0, report.problems(), report.toString());
    }
    assertFindersAgreeWith(truth);
  }

  /** Nested documents: (skill, level) must come from one element, never from two. */
  @Test
  void skillAndLevelMatchWithinOneElementOnly() {
    User poet = new User(UUID.randomUUID(), "Poet", "poet@x", "CA", "Oakland", Set.of(),
        List.of(new Skill("poetry", "excellent")));
    User mathematician = new User(UUID.randomUUID(), "Math", "math@x", "CA", "Oakland", Set.of(),
        List.of(new Skill("math", "excellent"), new Skill("poetry", "basic")));
    dao.save(poet);
    dao.save(mathematician);
    try (var found = dao.findBySkillsNameAndSkillsLevel("poetry", "excellent")) {
      assertEquals(List.of(poet), found.toList());
    }
    try (var found = dao.findBySkillsNameAndSkillsLevel("poetry", "basic")) {
      assertEquals(List.of(mathematician), found.toList());
    }
    assertEquals(mathematician, dao.findById(mathematician.id()).orElseThrow(), "the skills round-trip as embedded values");
    dao.save(mathematician.withSkills(List.of(new Skill("poetry", "excellent"))));
    try (var found = dao.findBySkillsNameAndSkillsLevel("poetry", "excellent")) {
      assertEquals(Set.of(poet.id(), mathematician.id()), ids(found.toList()));
    }
    try (var found = dao.findBySkillsNameAndSkillsLevel("math", "excellent")) {
      assertEquals(0, found.count());
    }
  }

  @Test
  void aPrefixNeverMatchesALongerValue() {
    User sf = new User(UUID.randomUUID(), "Ann", "ann@x", "CA", "San Francisco", Set.of());
    User bay = new User(UUID.randomUUID(), "Bob", "bob@x", "CA", "San Francisco Bay", Set.of());
    dao.save(sf);
    dao.save(bay);
    assertEquals(List.of(sf), dao.findByStateAndCity("CA", "San Francisco"));
    assertEquals(List.of(bay), dao.findByStateAndCity("CA", "San Francisco Bay"));
  }

  @Test
  void uniqueEmailRejectsASecondOwnerAndWritesNothing() {
    User ann = new User(UUID.randomUUID(), "Ann", "same@x", "CA", "Oakland", Set.of("art"));
    dao.save(ann);
    User bob = new User(UUID.randomUUID(), "Bob", "same@x", "NY", "Buffalo", Set.of("music"));
    UniqueConstraintViolationException e = assertThrows(UniqueConstraintViolationException.class, () -> dao.save(bob));
    assertEquals("users_by_email", e.index());
    assertEquals(List.of(ann.id()), e.owner());
    assertTrue(dao.findById(bob.id()).isEmpty(), "no master row");
    assertEquals(1, count("users_by_location"), "Ann's entry only: none of Bob's");
    assertEquals(1, count("users_by_category"), "Ann's entry only: none of Bob's");
    assertEquals(1, count("users_by_email"), "one row for same@x, Ann's (the owner the exception named)");
    try (var music = dao.findByCategoriesContains("music")) {
      assertEquals(0, music.count());
    }
    assertEquals(Optional.of(ann), dao.findByEmail("same@x"));
    // Ann changes her address: the old one is released and Bob can take it.
    dao.save(ann.withEmail("ann@x"));
    assertTrue(dao.findByEmail("same@x").isEmpty());
    dao.save(bob);
    assertEquals(Optional.of(bob), dao.findByEmail("same@x"));
    assertEquals(Optional.of(ann.withEmail("ann@x")), dao.findByEmail("ann@x"));
    // Saving the owner again is not a conflict.
    dao.save(bob);
    assertTrue(dao.deleteById(bob.id()));
    assertTrue(dao.findByEmail("same@x").isEmpty());
  }

  @Test
  void pagesThroughAnIndex() {
    Set<UUID> all = new HashSet<>();
    for (int i = 0; i < 23; i++) {
      User u = new User(UUID.randomUUID(), "n" + i, "p" + i + "@x", "TX", "Austin", Set.of());
      dao.save(u);
      all.add(u.id());
    }
    Set<UUID> seen = new HashSet<>();
    PageRequest request = PageRequest.ofSize(10);
    int pages = 0;
    while (request != null) {
      Page<User> page = dao.findByStateAndCity("TX", "Austin", request);
      page.content().forEach(u -> assertTrue(seen.add(u.id()), "seen twice"));
      pages++;
      request = page.hasNext() ? request.next(page.nextCursor()) : null;
    }
    assertEquals(all, seen);
    assertEquals(3, pages);
    assertEquals(all, ids(dao.findByStateAsync("TX").toCompletableFuture().join()));
  }

  /** Partial updates move the index entries of the fields they set, keep the others, and write nothing for a missing row. */
  @Test
  void partialUpdatesKeepEveryIndexOfTheFieldsTheySet() {
    User u = new User(UUID.randomUUID(), "Ed", "ed@x", "CA", "Oakland", Set.of("books"));
    dao.save(u);
    User other = new User(UUID.randomUUID(), "Flo", "flo@x", "TX", "Austin", Set.of());
    dao.save(other);
    assertTrue(dao.updateStateAndCityById(u.id(), "NY", "Buffalo"));
    User moved = u.movedTo("NY", "Buffalo");
    assertEquals(Optional.of(moved), dao.findById(u.id()), "name, email and categories kept");
    assertEquals(List.of(moved), dao.findByStateAndCity("NY", "Buffalo"));
    assertEquals(List.of(), dao.findByStateAndCity("CA", "Oakland"));
    var refused = assertThrows(java.util.concurrent.CompletionException.class, () -> dao.updateEmailByIdAsync(u.id(), "flo@x").toCompletableFuture().join());
    assertTrue(refused.getCause() instanceof UniqueConstraintViolationException, String.valueOf(refused.getCause()));
    assertEquals(Optional.of(moved), dao.findById(u.id()), "a refused update writes nothing");
    assertTrue(dao.updateEmailByIdAsync(u.id(), null).toCompletableFuture().join());
    assertEquals(Optional.empty(), dao.findByEmail("ed@x"), "a null value removes the field's index entry");
    dao.save(new User(UUID.randomUUID(), "Gus", "ed@x", "CA", "Oakland", Set.of()));
    dao.updateCategoriesById(u.id(), Set.of("music"));
    try (var music = dao.findByCategoriesContains("music")) {
      assertEquals(List.of(u.id()), music.map(User::id).toList());
    }
    assertFalse(dao.updateStateAndCityById(UUID.randomUUID(), "NY", "Buffalo"), "no row: nothing to update");
    assertEquals(List.of(moved.withEmail(null).withCategories(Set.of("music"))), dao.findByStateAndCity("NY", "Buffalo"), "nothing written for it");
    for (String index : List.of("users_by_location", "users_by_email", "users_by_category")) {
      var report = indexed.indexMaintenance().verify(index, null);
      assertEquals(0, report.missing(), index);
      assertEquals(0, report.stale(), index);
    }
  }

  @Test
  void staleEntriesAreFilteredThenRepaired() {
    User u = new User(UUID.randomUUID(), "Cy", "cy@x", "CA", "Oakland", Set.of("books"));
    dao.save(u);
    // A move that stops after the new entries: the master still says Oakland.
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.INDEX_INSERTS) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(u.movedTo("NY", "Buffalo").withCategories(Set.of("music"))));
    indexed.setWriteObserver(null);
    assertEquals(2, count("users_by_location"), "the crash left an extra entry");
    assertEquals(List.of(), dao.findByStateAndCity("NY", "Buffalo"), "an entry whose master disagrees is not returned");
    try (var music = dao.findByCategoriesContains("music")) {
      assertEquals(0, music.count());
    }
    assertEquals(List.of(u), dao.findByStateAndCity("CA", "Oakland"), "the real entry is still there");
    assertEquals(2, indexed.indexReadStats().stale());
    assertEquals(0, indexed.indexReadStats().repairs(), "a young stale row may be a save in flight: filtered, not deleted");
    assertEquals(2, count("users_by_location"));

    indexed.setIndexRepairGrace(Duration.ZERO);
    assertEquals(List.of(), dao.findByStateAndCity("NY", "Buffalo"));
    try (var music = dao.findByCategoriesContains("music")) {
      assertEquals(0, music.count());
    }
    awaitRepair("users_by_location", 1, () -> assertEquals(List.of(), dao.findByStateAndCity("NY", "Buffalo")));
    awaitRepair("users_by_category", 1, () -> {
      try (var music = dao.findByCategoriesContains("music")) {
        assertEquals(0, music.count());
      }
    });
    assertEquals(List.of(u), dao.findByStateAndCity("CA", "Oakland"));
  }

  /** The DAO's counters as Micrometer meters: what reads checked, dropped and repaired. */
  @Test
  void indexReadsAndRepairsShowAsMicrometerMeters() throws InterruptedException {
    var registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    io.denorm.metrics.DenormMetrics.bind(dao, "users", registry);
    io.denorm.metrics.DenormMetrics.bindGlobal(registry);
    User u = new User(UUID.randomUUID(), "Ivy", "ivy@x", "CA", "Oakland", Set.of());
    dao.save(u);
    dao.insert(u.movedTo("TX", "Austin")); // the Oakland entry is left stale
    indexed.setIndexRepairGrace(Duration.ZERO);
    awaitRepair("users_by_location", 1, () -> assertEquals(List.of(), dao.findByStateAndCity("CA", "Oakland")
        .stream().filter(x -> x.id().equals(u.id())).toList()));
    var stats = indexed.indexReadStats();
    // a repair a read started may still be counted in the background: the figures are compared once they hold still
    for (int i = 0; i < 50 && (stats.repairs() != registry.get("denorm.index.repairs").tag("dao", "users").functionCounter().count()
        || stats.indexRows() != registry.get("denorm.index.rows").tag("dao", "users").functionCounter().count()); i++) {
      Thread.sleep(20);
    }
    assertTrue(stats.stale() >= 1 && stats.repairs() >= 1, "a stale row was dropped and repaired: " + stats);
    assertEquals(stats.indexRows(), registry.get("denorm.index.rows").tag("dao", "users").functionCounter().count());
    assertEquals(stats.stale(), registry.get("denorm.index.stale").tag("dao", "users").functionCounter().count());
    assertEquals(stats.repairs(), registry.get("denorm.index.repairs").tag("dao", "users").functionCounter().count());
    assertEquals(io.denorm.CasRetry.conflicts(), registry.get("denorm.cas.conflicts").functionCounter().count());
    var master = registry.get("denorm.write.step").tags("dao", "users", "step", "master").functionTimer();
    assertTrue(master.count() >= 2, "the save's and the insert's master writes were timed: " + master.count());
    assertTrue(master.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS) > 0);
    assertTrue(registry.get("denorm.write.step").tags("dao", "users", "step", "claims").functionTimer().count() >= 1, "the unique email's claim");
  }

  @Test
  void aRepairNeverRemovesAnEntryANewerSaveWrote() {
    User u = new User(UUID.randomUUID(), "Di", "di@x", "CA", "Oakland", Set.of());
    dao.save(u);
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.INDEX_INSERTS) {
        throw new IllegalStateException("crash");
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(u.movedTo("TX", "Dallas")));
    indexed.setWriteObserver(null);
    // The stale Dallas row is repaired (deleted at its own write time)…
    indexed.setIndexRepairGrace(Duration.ZERO);
    assertEquals(List.of(), dao.findByStateAndCity("TX", "Dallas"));
    awaitRepair("users_by_location", 1, () -> assertEquals(List.of(), dao.findByStateAndCity("TX", "Dallas")));
    // …and a later save that needs the same row writes it again, at a newer time, so it stays.
    dao.save(u.movedTo("TX", "Dallas"));
    assertEquals(List.of(u.movedTo("TX", "Dallas")), dao.findByStateAndCity("TX", "Dallas"));
  }

  /**
   * At least 1,000 saves and deletes, a third of them stopped after a random step as a crash
   * would; afterwards every finder answers exactly what the master rows say.
   */
  @Test
  void faultInjection() {
    Random r = new Random(20261121);
    Map<UUID, User> truth = new HashMap<>();
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ids.add(UUID.randomUUID());
    }
    WriteStep[] steps = WriteStep.values();
    int crashed = 0;
    int conflicts = 0;
    for (int op = 0; op < 1_000; op++) {
      UUID id = ids.get(r.nextInt(ids.size()));
      WriteStep failAfter = r.nextInt(3) == 0 ? steps[r.nextInt(steps.length)] : null;
      indexed.setWriteObserver(failAfter == null ? null : (step, e) -> {
        if (step == failAfter) {
          throw new IllegalStateException("injected crash after " + step);
        }
      });
      boolean delete = r.nextInt(5) == 0;
      try {
        if (delete) {
          dao.deleteById(id);
          truth.remove(id);
        } else {
          User next = randomUser(r, id, 400);
          dao.save(next);
          truth.put(id, next);
        }
      } catch (IllegalStateException e) {
        crashed++;
        boolean masterWritten = failAfter == WriteStep.MASTER || failAfter == WriteStep.INDEX_DELETES;
        if (masterWritten) {
          if (delete) {
            truth.remove(id);
          } else {
            truth.put(id, dao.findById(id).orElseThrow());
          }
        }
      } catch (UniqueConstraintViolationException e) {
        conflicts++; // another user holds the email: nothing written
      }
    }
    indexed.setWriteObserver(null);
    assertTrue(crashed > 200, "crashes injected: " + crashed);
    assertTrue(conflicts > 0, "unique conflicts met: " + conflicts);
    Map<UUID, User> masters = new HashMap<>();
    for (UUID id : ids) {
      dao.findById(id).ifPresent(u -> masters.put(id, u));
    }
    assertEquals(truth, masters, "the master rows are what the operations that reached them wrote");
    assertFindersAgreeWith(truth.values());
    long stale = verifyRebuildVerify();
    System.out.printf("[faultInjection] 1000 operations, %d stopped by an injected crash, %d unique conflicts; "
        + "verify: 0 missing, %d stale across 4 indexes; after rebuild: 0 problems; reads left out %d stale hits%n",
        crashed, conflicts, stale, indexed.indexReadStats().stale());
    assertTrue(stale > 0, "the crashes left stale entries for the rebuild to remove: " + stale);
    assertFindersAgreeWith(truth.values());
  }

  /**
   * Verify finds no missing entry (the protocol never loses one), rebuild removes what is stale,
   * and a second verify finds nothing. Returns the stale rows the first verify counted.
   */
  long verifyRebuildVerify() {
    var maintenance = indexed.indexMaintenance().repairGrace(Duration.ZERO);
    long stale = 0;
    for (String index : List.of("users_by_location", "users_by_email", "users_by_category", "users_by_skill")) {
      List<io.denorm.index.IndexProgress> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
      var before = maintenance.verify(index, progress::add);
      assertEquals(0, before.missing(), "never a missing entry: " + before);
      assertEquals(0, before.mismatched(), before.toString());
      assertEquals(2 * store.scanSegments(), progress.stream().filter(p -> !p.phase().equals("compare")).count(),
          store.scanSegments() + " segments per scan, 2 scans: " + progress);
      var compared = progress.stream().filter(p -> p.phase().equals("compare")).toList();
      assertEquals(64, compared.size(), "one report per spill file: " + compared);
      assertEquals(64, compared.get(63).segmentsDone(), compared.toString());
      stale += before.stale();
      var rebuild = maintenance.rebuild(index, null);
      assertEquals(before.stale(), rebuild.fixed(), rebuild.toString());
      var after = maintenance.verify(index, null);
      assertEquals(0, after.problems(), "after rebuild: " + after);
    }
    return stale;
  }

  @Test
  void backFillOfAnEmptiedIndex() {
    Random r = new Random(3);
    Map<UUID, User> truth = new HashMap<>();
    for (int i = 0; i < 300; i++) {
      User u = randomUser(r, UUID.randomUUID(), 1_000_000);
      dao.save(u);
      truth.put(u.id(), u);
    }
    store.truncate("users_by_location");
    store.truncate("users_by_category");
    var maintenance = indexed.indexMaintenance();
    var missing = maintenance.verify("users_by_location", null);
    assertEquals(300, missing.missing(), missing.toString());
    assertEquals(300, missing.masterRows());
    List<io.denorm.index.IndexProgress> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
    var filled = maintenance.rebuild("users_by_location", progress::add);
    assertEquals(300, filled.fixed(), filled.toString());
    var last = progress.stream().filter(p -> p.phase().equals("missing")).reduce((a, b) -> b.segmentsDone() > a.segmentsDone() ? b : a).orElseThrow();
    assertEquals(store.scanSegments(), last.segmentsDone());
    assertEquals(300, last.rowsScanned());
    long expectedCategoryRows = truth.values().stream().mapToLong(u -> u.categories().size()).sum();
    assertEquals(expectedCategoryRows, maintenance.rebuild("users_by_category", null).fixed());
    assertEquals(0, maintenance.verify("users_by_location", null).problems());
    assertEquals(0, maintenance.verify("users_by_category", null).problems());
    assertFindersAgreeWith(truth.values());
  }

  /** Four threads move the same 12 users around; afterwards every finder agrees with the masters. */
  @Test
  void concurrentUpdatesOfTheSameRows() throws Exception {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      dao.save(new User(id, "c" + i, "c" + i + "@x", "CA", "Oakland", Set.of("books")));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    Map<String, Integer> failures = new ConcurrentHashMap<>();
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int seed = t;
      done.add(pool.submit(() -> {
        Random r = new Random(seed);
        for (int i = 0; i < 150; i++) {
          int k = r.nextInt(ids.size());
          User u = randomUser(r, ids.get(k), 1).withEmail("c" + k + "@x");
          try {
            dao.save(u);
          } catch (RuntimeException e) {
            failures.merge(e.getClass().getSimpleName(), 1, Integer::sum);
          }
        }
      }));
    }
    for (Future<?> f : done) {
      f.get();
    }
    pool.shutdown();
    assertEquals(Map.of(), failures);
    List<User> masters = new ArrayList<>();
    for (UUID id : ids) {
      masters.add(dao.findById(id).orElseThrow());
    }
    assertFindersAgreeWith(masters);
    long stale = verifyRebuildVerify();
    System.out.printf("[concurrentUpdates] 4 threads x 150 saves on 12 users: verify 0 missing, %d stale; after rebuild 0 problems%n", stale);
    assertFindersAgreeWith(masters);
  }

  long count(String table) {
    return store.count(table);
  }

  /**
   * Waits until {@code table} holds {@code expected} rows, running {@code read} (a read that meets the
   * stale rows) every 100 ms. A read repairs in the background, and not every read can: a save made
   * within the rewrite band (4 ms) of the state it read is stamped just above that band, up to about
   * 70 ms ahead of the clock, and a row stamped ahead of the clock counts as young whatever the grace
   * (filtered, not deleted) until the clock passes it. It failed in CI, on HBase, when the only read
   * came within that window; a repair a busy server lost is tried again by the next read as well.
   */
  void awaitRepair(String table, long expected, Runnable read) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (count(table) != expected && System.nanoTime() < deadline) {
      read.run();
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    assertEquals(expected, count(table), table + " after repair");
  }
}
