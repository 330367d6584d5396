package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.BulkWriteException;
import io.denorm.InvalidEntityException;
import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import io.denorm.index.IndexReport;
import io.denorm.index.IndexedDao;
import io.denorm.index.UniqueConstraintViolationException;
import io.denorm.index.WriteStep;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * {@code saveAll} of the generated DAOs on a real store (run by each store's subclass): a plain
 * entity (Reading: multi-row batches on HBase, inserts in flight on Cassandra) and an indexed one
 * (User: each entity through the index protocol), with repeated keys, bad entities, a unique
 * conflict and a crash inside one save of the call.
 */
abstract class BulkSaveContract {

  private static final LocalDate DAY = LocalDate.of(2026, 11, 24);
  private static final Instant START = DAY.atTime(0, 0).toInstant(ZoneOffset.UTC);

  abstract Stores.Store store();

  private static String schema(TestInfo info, String prefix) {
    String name = prefix + info.getTestMethod().orElseThrow().getName().toLowerCase().replaceAll("[^a-z0-9]", "");
    return name.substring(0, Math.min(name.length(), 48));
  }

  /** A reading of sensor {@code bulk-<sensor>} at {@code second} seconds into the day. */
  private static Reading reading(int sensor, int second, double value, String unit) {
    return new Reading("bulk-" + sensor, START.plus(second, ChronoUnit.SECONDS), value, unit);
  }

  @Test
  void everyRowIsWrittenAndTheLastOfAKeyIsStored(TestInfo info) {
    ReadingDao dao = store().dao(ReadingDao.class, schema(info, "bulkr_"), "Reading");
    List<Reading> readings = new ArrayList<>();
    Map<String, Reading> expected = new LinkedHashMap<>();
    for (int i = 0; i < 2_500; i++) { // three batches of the HBase DAO
      Reading r = reading(i % 7, i, i * 0.5, i % 3 == 0 ? null : "C");
      readings.add(r);
      expected.put(r.sensorId() + "@" + r.at(), r);
    }
    // the key of reading 10 twice more: the last one given is the one stored, null unit included
    readings.add(reading(10 % 7, 10, 1000.0, "F"));
    Reading last = reading(10 % 7, 10, 2000.0, null);
    readings.add(last);
    expected.put(last.sensorId() + "@" + last.at(), last);
    dao.saveAll(readings);
    Map<String, Reading> stored = new HashMap<>();
    for (int s = 0; s < 7; s++) {
      for (Reading r : dao.findBySensorIdAndDay("bulk-" + s, DAY)) {
        stored.put(r.sensorId() + "@" + r.at(), r);
      }
    }
    assertEquals(expected.size(), stored.size(), "rows stored");
    Map<String, Reading> differing = new HashMap<>(expected);
    differing.entrySet().removeIf(e -> e.getValue().equals(stored.get(e.getKey())));
    assertEquals(Map.of(), differing, "rows stored otherwise than given last");
    Reading ten = dao.findBySensorIdAndDayAndAt(last.sensorId(), DAY, last.at()).orElseThrow();
    assertEquals(2000.0, ten.value());
    assertNull(ten.unit());
  }

  @Test
  void theAsyncFormWritesEveryRow(TestInfo info) {
    ReadingDao dao = store().dao(ReadingDao.class, schema(info, "bulkr_"), "Reading");
    List<Reading> readings = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      readings.add(reading(1, i, i, "kWh"));
    }
    dao.saveAllAsync(readings).toCompletableFuture().join();
    assertEquals(300, dao.countBySensorIdAndDay("bulk-1", DAY));
    dao.saveAll(List.of());
    assertEquals(300, dao.countBySensorIdAndDay("bulk-1", DAY));
  }

  @Test
  void aBadEntityFailsTheCallBeforeAnythingIsWritten(TestInfo info) {
    ReadingDao dao = store().dao(ReadingDao.class, schema(info, "bulkr_"), "Reading");
    List<Reading> readings = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      readings.add(reading(2, i, i, "C"));
    }
    readings.set(20, new Reading(null, START, 1, "C"));
    InvalidEntityException bad = assertThrows(InvalidEntityException.class, () -> dao.saveAll(readings));
    assertTrue(bad.getMessage().contains("sensorId"), bad.getMessage());
    readings.set(20, null);
    NullPointerException none = assertThrows(NullPointerException.class, () -> dao.saveAll(readings));
    assertTrue(none.getMessage().contains("position 20"), none.getMessage());
    assertEquals(0, dao.countBySensorIdAndDay("bulk-2", DAY), "nothing of either call was written");
  }

  private static User user(int i, String state, String city) {
    return new User(new UUID(7, i), "user-" + i, "bulk" + i + "@example.org", state, city, Set.of(i % 2 == 0 ? "books" : "music"));
  }

  @Test
  void indexedEntitiesKeepEveryIndexMovesInOneCallIncluded(TestInfo info) {
    UserDao dao = store().dao(UserDao.class, schema(info, "bulku_"), "User");
    List<User> users = new ArrayList<>();
    Map<UUID, User> truth = new HashMap<>();
    for (int i = 0; i < 300; i++) {
      User u = user(i, i % 2 == 0 ? "CA" : "NY", i % 2 == 0 ? "Oakland" : "Buffalo");
      users.add(u);
      truth.put(u.id(), u);
    }
    for (int i = 0; i < 300; i += 10) { // moved later in the same call: saved after the first state of the id
      User moved = user(i, "TX", "Austin");
      users.add(moved);
      truth.put(moved.id(), moved);
    }
    dao.saveAll(users);
    assertAgree(dao, truth);
    assertClean(dao);
  }

  @Test
  void aUniqueConflictFailsOneSaveAndNotTheOthers(TestInfo info) {
    UserDao dao = store().dao(UserDao.class, schema(info, "bulku_"), "User");
    List<User> users = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      users.add(user(i, "CA", "Oakland"));
    }
    User sameEmail = new User(new UUID(8, 1), "other", users.get(5).email(), "NY", "Buffalo", Set.of("art"));
    users.add(sameEmail);
    BulkWriteException failed = assertThrows(BulkWriteException.class, () -> dao.saveAll(users));
    assertEquals(51, failed.attempted());
    assertEquals(1, failed.failures().size(), failed.getMessage());
    BulkWriteException.Failure f = failed.failures().get(0);
    assertInstanceOf(UniqueConstraintViolationException.class, f.cause());
    assertTrue(f.position() == 5 || f.position() == 50, "one of the two users of the address failed: " + f.position());
    User winner = f.position() == 5 ? sameEmail : users.get(5);
    Map<UUID, User> truth = new HashMap<>();
    users.stream().filter(u -> !u.id().equals(users.get(f.position()).id())).forEach(u -> truth.put(u.id(), u));
    assertEquals(Optional.of(winner), dao.findByEmail(winner.email()));
    assertEquals(Optional.empty(), dao.findById(users.get(f.position()).id()));
    assertAgree(dao, truth);
    assertClean(dao);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aCrashInsideOneSaveFailsItAloneAndLeavesNoWrongAnswer(TestInfo info) {
    UserDao dao = store().dao(UserDao.class, schema(info, "bulku_"), "User");
    IndexedDao<User> indexed = (IndexedDao<User>) dao;
    Map<UUID, User> truth = new HashMap<>();
    List<User> users = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      User u = user(i, "CA", "Oakland");
      users.add(u);
      truth.put(u.id(), u);
    }
    dao.saveAll(users);
    // the same users moved, one of whose saves stops after its new index rows, as a crash would
    List<User> moves = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      User u = user(i, "NY", "Buffalo");
      moves.add(u);
    }
    UUID crashing = moves.get(42).id();
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.INDEX_INSERTS && e instanceof User u && u.id().equals(crashing)) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    BulkWriteException failed = assertThrows(BulkWriteException.class, () -> dao.saveAll(moves));
    indexed.setWriteObserver(null);
    assertEquals(1, failed.failures().size(), failed.getMessage());
    assertEquals(42, failed.failures().get(0).position());
    assertEquals(List.of(crashing), failed.failures().get(0).key());
    moves.stream().filter(u -> !u.id().equals(crashing)).forEach(u -> truth.put(u.id(), u));
    assertAgree(dao, truth); // the crashed user is still in Oakland: its Buffalo row is left out on read
    IndexReport location = indexed.indexMaintenance().verify("users_by_location", null);
    assertEquals(0, location.missing(), location.toString());
    assertEquals(1, location.stale(), "the crashed move's new row: " + location);
  }

  /** deleteAll removes every entity given with its index rows (one given twice is deleted once), and no other. */
  @Test
  void deleteAllRemovesTheRowsAndTheirIndexRows(TestInfo info) {
    UserDao dao = store().dao(UserDao.class, schema(info, "bulkd_"), "User");
    List<User> users = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      users.add(user(i, i % 2 == 0 ? "CA" : "NY", i % 2 == 0 ? "Oakland" : "Buffalo"));
    }
    dao.saveAll(users);
    List<User> gone = new ArrayList<>(users.subList(0, 120));
    gone.add(users.get(5));
    dao.deleteAll(gone);
    Map<UUID, User> truth = new HashMap<>();
    users.subList(120, 200).forEach(u -> truth.put(u.id(), u));
    for (User u : users.subList(0, 120)) {
      assertEquals(Optional.empty(), dao.findById(u.id()));
      assertEquals(Optional.empty(), dao.findByEmail(u.email()), "its unique email row is released");
    }
    assertAgree(dao, truth);
    assertClean(dao);
    dao.deleteAll(List.of());
    List<User> withNull = new ArrayList<>(users.subList(120, 130));
    withNull.add(null);
    NullPointerException none = assertThrows(NullPointerException.class, () -> dao.deleteAll(withNull));
    assertTrue(none.getMessage().contains("position 10"), none.getMessage());
    assertAgree(dao, truth); // nothing was deleted
  }

  @Test
  void deleteAllAsyncDeletesPlainRows(TestInfo info) {
    ReadingDao dao = store().dao(ReadingDao.class, schema(info, "bulkda_"), "Reading");
    List<Reading> readings = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      readings.add(new Reading("del-" + (i % 5), START.plusSeconds(i), i, "C"));
    }
    dao.saveAll(readings);
    dao.deleteAllAsync(readings.subList(0, 300)).toCompletableFuture().join();
    int left = 0;
    for (int s = 0; s < 5; s++) {
      left += dao.findBySensorIdAndDay("del-" + s, DAY).size();
    }
    assertEquals(200, left);
    assertEquals(Optional.empty(), dao.findBySensorIdAndDayAndAt("del-0", DAY, START));
    assertEquals(Optional.of(readings.get(300)), dao.findBySensorIdAndDayAndAt("del-0", DAY, START.plusSeconds(300)));
  }

  private static void assertAgree(UserDao dao, Map<UUID, User> truth) {
    for (User u : truth.values()) {
      assertEquals(Optional.of(u), dao.findById(u.id()));
      assertEquals(Optional.of(u), dao.findByEmail(u.email()), "findByEmail(" + u.email() + ")");
    }
    for (var place : List.of(List.of("CA", "Oakland"), List.of("NY", "Buffalo"), List.of("TX", "Austin"))) {
      Set<UUID> expected = new java.util.HashSet<>();
      truth.values().stream().filter(u -> u.state().equals(place.get(0)) && u.city().equals(place.get(1))).forEach(u -> expected.add(u.id()));
      assertEquals(expected, UserIndexContract.ids(dao.findByStateAndCity(place.get(0), place.get(1))), "findByStateAndCity" + place);
    }
  }

  @SuppressWarnings("unchecked")
  private static void assertClean(UserDao dao) {
    IndexedDao<User> indexed = (IndexedDao<User>) dao;
    for (String index : indexed.indexMaintenance().indexes()) {
      IndexReport report = indexed.indexMaintenance().verify(index, null);
      assertEquals(0, report.missing(), report.toString());
      assertEquals(0, report.stale(), report.toString());
      assertEquals(0, report.mismatched(), report.toString());
    }
  }
}
