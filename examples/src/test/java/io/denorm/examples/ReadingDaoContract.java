package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidCursorException;
import io.denorm.InvalidEntityException;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every method kind of the generated ReadingDao, against a real store. Run on each store by its subclasses. */
abstract class ReadingDaoContract {

  static Stores.Store store;

  private static final LocalDate DAY = LocalDate.of(2026, 11, 20);
  private static final Instant START = DAY.atTime(6, 0).toInstant(ZoneOffset.UTC);

  static ReadingDao dao;

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(ReadingDao.class, "readings_test", "Reading");
  }

  /** {@code count} readings of {@code sensor}, one a minute from 06:00, values 0, 1, 2, … */
  private static List<Reading> seed(String sensor, int count) {
    List<Reading> saved = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Reading r = new Reading(sensor, START.plus(i, ChronoUnit.MINUTES), i, "C");
      dao.save(r);
      saved.add(r);
    }
    return saved;
  }

  private static Instant minute(int i) {
    return START.plus(i, ChronoUnit.MINUTES);
  }

  /**
   * Attributes this store refuses on every call: on Cassandra a consistency level the one-replica
   * test keyspace cannot reach, on HBase an operation timeout over before the operation starts.
   */
  abstract io.denorm.Attributes refused();

  /** Whether {@code t}, one of the causes of a call's failure, is how the store refuses {@link #refused()}. */
  abstract boolean isRefusal(Throwable t);

  private void assertRefused(org.junit.jupiter.api.function.Executable call) {
    Throwable thrown = assertThrows(Throwable.class, call);
    List<String> chain = new ArrayList<>();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (isRefusal(t)) {
        return;
      }
      chain.add(t.toString());
    }
    throw new AssertionError("expected the store's refusal among the causes, got " + chain, thrown);
  }

  /** Attributes that, given after {@link #refused()}, replace what made the store refuse. */
  abstract io.denorm.Attributes accepted();

  /** The attributes the DAO instance {@code d} applies to its statements, as its store keeps them. */
  abstract Object effectiveAttributes(ReadingDao d);

  /** Writes at a caller-given time resolve against the others as of that time: an older one loses, a later one wins. */
  @Test
  void aGivenWriteTimeOrdersTheWriteAsOfThatTime() {
    Instant hourAgo = Instant.now().minus(java.time.Duration.ofHours(1));
    Instant inAnHour = Instant.now().plus(java.time.Duration.ofHours(1));
    dao.save(new Reading("write-time", minute(7), 1, "C"));
    dao.withAttributes(io.denorm.Attributes.none().withWriteTime(hourAgo)).save(new Reading("write-time", minute(7), 2, "C"));
    assertEquals(1.0, dao.findBySensorIdAndDayAndAt("write-time", DAY, minute(7)).orElseThrow().value(), "a replayed older write loses");
    assertTrue(dao.withAttributes(io.denorm.Attributes.none().withWriteTime(hourAgo)).deleteBySensorIdAndDayAndAt("write-time", DAY, minute(7)));
    assertTrue(dao.findBySensorIdAndDayAndAt("write-time", DAY, minute(7)).isPresent(), "a delete as of an hour ago is older than the row");
    ReadingDao later = dao.withAttributes(io.denorm.Attributes.none().withWriteTime(inAnHour));
    later.save(new Reading("write-time", minute(7), 3, "C"));
    dao.save(new Reading("write-time", minute(7), 4, "C"));
    assertEquals(3.0, dao.findBySensorIdAndDayAndAt("write-time", DAY, minute(7)).orElseThrow().value(), "a write stamped later stands");
    later.save(new Reading("write-time", minute(7), 5, "C"));
    assertEquals(5.0, dao.findBySensorIdAndDayAndAt("write-time", DAY, minute(7)).orElseThrow().value(),
        "the same instance's next write is a microsecond later, and wins over its first");
    later.withAttributes(io.denorm.Attributes.none().withTimeout(java.time.Duration.ofSeconds(30))).save(new Reading("write-time", minute(7), 6, "C"));
    assertEquals(6.0, dao.findBySensorIdAndDayAndAt("write-time", DAY, minute(7)).orElseThrow().value(),
        "an instance derived from it shares its clock: its write is later still, not stamped at the given time again");
    assertThrows(IllegalArgumentException.class, () -> io.denorm.Attributes.none().withWriteTime(Instant.parse("1969-12-31T23:59:59Z")));
  }

  @Test
  void attributesOfADerivedDaoReachEveryStatementOfItsCallsAndOnlyThose() {
    Reading r = new Reading("attributes", minute(1), 1, "C");
    ReadingDao strict = dao.withAttributes(refused());
    assertRefused(() -> strict.save(r));
    assertTrue(dao.findBySensorIdAndDayAndAt("attributes", DAY, minute(1)).isEmpty(), "and wrote nothing");
    dao.save(r);
    assertRefused(() -> strict.findBySensorIdAndDay("attributes", DAY));
    assertRefused(() -> strict.countBySensorIdAndDay("attributes", DAY));
    assertRefused(() -> strict.findBySensorIdAndDayAsync("attributes", DAY).toCompletableFuture().join());
    assertRefused(() -> strict.deleteBySensorIdAndDayAndAt("attributes", DAY, minute(1)));
    assertEquals(List.of(r), dao.findBySensorIdAndDay("attributes", DAY), "the DAO it was derived from keeps its own attributes");
    ReadingDao relaxed = strict.withAttributes(accepted());
    assertEquals(List.of(r), relaxed.findBySensorIdAndDay("attributes", DAY), "a later attribute replaces an earlier one");
    assertTrue(relaxed.delete(r));
    assertTrue(dao.findBySensorIdAndDay("attributes", DAY).isEmpty());
  }

  /** A projection finder returns the same rows as the entity finder, each as the record of the fields it names. */
  @Test
  void projectionsReturnTheFieldsTheyNameOfTheSameRows() {
    List<Reading> saved = seed("projected", 4);
    List<Reading> rows = dao.findBySensorIdAndDay("projected", DAY);
    assertEquals(4, rows.size());
    assertEquals(rows.stream().map(r -> new io.denorm.examples.readings.ReadingValue(r.at(), r.value())).toList(),
        dao.findValuesBySensorIdAndDay("projected", DAY));
    Reading newest = saved.get(saved.size() - 1);
    assertEquals(Optional.of(new io.denorm.examples.readings.ReadingValue(newest.at(), newest.value())),
        dao.findFirstValueBySensorIdAndDayAsync("projected", DAY).toCompletableFuture().join(), "the newest row first");
    assertEquals(List.of(), dao.findValuesBySensorIdAndDay("nobody", DAY));
  }

  @Test
  void aTimeToLiveIsRefusedForAnEntityWhoseRowsDoNotExpire() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> dao.withAttributes(io.denorm.Attributes.none().withTtl(java.time.Duration.ofMinutes(5))));
    assertTrue(e.getMessage().startsWith("Reading is not @TimeToLive"), e.getMessage());
  }

  @Test
  void theDaoInterfacesStatementAttributesAreEveryInstancesDefault() {
    assertTrue(effectiveAttributes(dao).toString().contains("PT1M"), "@StatementAttributes(timeoutMillis = 60_000): " + effectiveAttributes(dao));
    assertTrue(effectiveAttributes(dao.withAttributes(io.denorm.Attributes.none())).toString().contains("PT1M"),
        "and a derived instance keeps it: " + effectiveAttributes(dao.withAttributes(io.denorm.Attributes.none())));
  }

  @Test
  void savedRowReadsBackExactlyWithoutTransientField() {
    Reading r = new Reading("exact", minute(7), 21.25, "C");
    r.setCached(99.0);
    dao.save(r);
    Reading back = dao.findBySensorIdAndDayAndAt("exact", DAY, minute(7)).orElseThrow();
    assertEquals(r, back);
    assertEquals(0.0, back.cached(), "@Transient field is not stored");
    assertTrue(dao.findBySensorIdAndDayAndAt("exact", DAY, minute(8)).isEmpty());
    assertTrue(dao.findBySensorIdAndDayAndAt("exact", DAY.plusDays(1), minute(7)).isEmpty(), "other partition");
  }

  /**
   * Instants keep milliseconds on both stores (Cassandra's {@code timestamp} has no more): a key
   * given in nanoseconds is stored, found and bounded at its millisecond, so the same calls give the
   * same answers on Cassandra and on HBase.
   */
  @Test
  void instantsKeepMillisecondsOnBothStores() {
    Instant precise = minute(9).plusNanos(123_456_789);
    Instant millis = minute(9).plusMillis(123);
    dao.save(new Reading("precise", precise, 1.5, "C"));
    Reading back = dao.findBySensorIdAndDayAndAt("precise", DAY, precise).orElseThrow();
    assertEquals(millis, back.at(), "stored at its millisecond");
    assertEquals(back, dao.findBySensorIdAndDayAndAt("precise", DAY, millis).orElseThrow(), "found by its millisecond");
    // a bound is cut to its millisecond too: 09:..:00.123999999 is 09:..:00.123, and the row is not before it
    assertTrue(dao.findFirst3BySensorIdAndDayAndAtBefore("precise", DAY, millis.plusNanos(999_999)).isEmpty());
    assertEquals(1, dao.findFirst3BySensorIdAndDayAndAtBefore("precise", DAY, millis.plusMillis(1)).size());
    dao.save(new Reading("precise", millis.plusNanos(1), 2.5, "C"));
    assertEquals(List.of(2.5), dao.findBySensorIdAndDay("precise", DAY).stream().map(Reading::value).toList(),
        "two instants within one millisecond are one key");
  }

  @Test
  void saveReplacesTheRowAndNullClearsAColumn() {
    dao.save(new Reading("upsert", minute(1), 1.0, "C"));
    dao.save(new Reading("upsert", minute(1), 2.0, null));
    Reading back = dao.findBySensorIdAndDayAndAt("upsert", DAY, minute(1)).orElseThrow();
    assertEquals(2.0, back.value());
    assertNull(back.unit());
    assertEquals(1, dao.findBySensorIdAndDay("upsert", DAY).size());
  }

  @Test
  void partitionReadsComeNewestFirstAndStayInTheirPartition() {
    List<Reading> saved = seed("desc", 6);
    seed("desc-other", 3);
    dao.save(new Reading("desc", DAY.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC), 5, "C"));
    List<Reading> rows = dao.findBySensorIdAndDay("desc", DAY);
    List<Reading> expected = new ArrayList<>(saved);
    expected.sort(Comparator.comparing(Reading::at).reversed());
    assertEquals(expected, rows);
  }

  @Test
  void betweenIncludesBothEnds() {
    seed("between", 10);
    try (Stream<Reading> rows = dao.findBySensorIdAndDayAndAtBetween("between", DAY, minute(2), minute(5))) {
      assertEquals(List.of(minute(5), minute(4), minute(3), minute(2)), rows.map(Reading::at).toList());
    }
    try (Stream<Reading> rows = dao.findBySensorIdAndDayAndAtBetween("between", DAY, minute(5), minute(2))) {
      assertEquals(0, rows.count(), "an empty range reads nothing");
    }
  }

  @Test
  void halfOpenRangeAndFirstN() {
    seed("ranges", 10);
    try (Stream<Reading> rows = dao.findBySensorIdAndDayAndAtGreaterThanEqualAndAtLessThan("ranges", DAY, minute(3), minute(6))) {
      assertEquals(List.of(minute(5), minute(4), minute(3)), rows.map(Reading::at).toList());
    }
    assertEquals(minute(9), dao.findFirstBySensorIdAndDay("ranges", DAY).orElseThrow().at());
    assertEquals(List.of(minute(6), minute(5), minute(4)),
        dao.findFirst3BySensorIdAndDayAndAtBefore("ranges", DAY, minute(7)).stream().map(Reading::at).toList());
    assertTrue(dao.findFirstBySensorIdAndDay("nobody", DAY).isEmpty());
  }

  @Test
  void pagesCoverEveryRowOnceInOrder() {
    List<Reading> saved = seed("paged", 25);
    List<Integer> sizes = new ArrayList<>();
    List<Instant> seen = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(10);
    Page<Reading> page;
    do {
      page = dao.findBySensorIdAndDay("paged", DAY, request);
      sizes.add(page.content().size());
      page.content().forEach(r -> seen.add(r.at()));
      request = page.hasNext() ? request.next(page.nextCursor()) : null;
    } while (request != null);
    assertEquals(List.of(10, 10, 5), sizes);
    List<Instant> expected = saved.stream().map(Reading::at).sorted(Comparator.reverseOrder()).toList();
    assertEquals(expected, seen);
  }

  @Test
  void asyncPagingMatchesSyncPaging() {
    seed("paged-async", 7);
    Page<Reading> first = dao.findBySensorIdAndDayAsync("paged-async", DAY, PageRequest.ofSize(4)).toCompletableFuture().join();
    assertEquals(4, first.content().size());
    assertTrue(first.hasNext());
    Page<Reading> second = dao.findBySensorIdAndDayAsync("paged-async", DAY, PageRequest.of(4, first.nextCursor())).toCompletableFuture().join();
    assertEquals(3, second.content().size());
    assertFalse(second.hasNext());
    Set<Instant> all = new HashSet<>();
    first.content().forEach(r -> all.add(r.at()));
    second.content().forEach(r -> all.add(r.at()));
    assertEquals(7, all.size());
  }

  @Test
  void aCursorOfAnotherQueryIsRejected() {
    seed("cursor-a", 5);
    seed("cursor-b", 5);
    Page<Reading> a = dao.findBySensorIdAndDay("cursor-a", DAY, PageRequest.ofSize(2));
    assertTrue(a.hasNext());
    assertThrows(InvalidCursorException.class,
        () -> dao.findBySensorIdAndDay("cursor-b", DAY, PageRequest.of(2, a.nextCursor())));
    assertThrows(InvalidCursorException.class,
        () -> dao.findBySensorIdAndDay("cursor-a", DAY, PageRequest.of(2, "not-a-cursor")));
  }

  @Test
  void deleteReportsWhetherTheRowExisted() {
    seed("delete", 3);
    assertTrue(dao.deleteBySensorIdAndDayAndAt("delete", DAY, minute(1)));
    assertFalse(dao.deleteBySensorIdAndDayAndAt("delete", DAY, minute(1)));
    assertEquals(List.of(minute(2), minute(0)), dao.findBySensorIdAndDay("delete", DAY).stream().map(Reading::at).toList());
    Reading last = dao.findBySensorIdAndDayAndAt("delete", DAY, minute(2)).orElseThrow();
    assertTrue(dao.delete(last));
    assertFalse(dao.delete(last));
    dao.deleteAllBySensorIdAndDayAndAt("delete", DAY, minute(0));
    assertTrue(dao.findBySensorIdAndDay("delete", DAY).isEmpty());
  }

  @Test
  void asyncSaveFindAndDelete() {
    Reading r = new Reading("async", minute(3), 3.5, "K");
    dao.saveAsync(r).toCompletableFuture().join();
    assertEquals(Optional.of(r), dao.findBySensorIdAndDayAndAtAsync("async", DAY, minute(3)).toCompletableFuture().join());
    assertEquals(List.of(r), dao.findBySensorIdAndDayAsync("async", DAY).toCompletableFuture().join());
    assertTrue(dao.deleteBySensorIdAndDayAndAtAsync("async", DAY, minute(3)).toCompletableFuture().join());
    assertFalse(dao.deleteBySensorIdAndDayAndAtAsync("async", DAY, minute(3)).toCompletableFuture().join());
    assertTrue(dao.findBySensorIdAndDayAndAtAsync("async", DAY, minute(3)).toCompletableFuture().join().isEmpty());
  }

  @Test
  void asyncListReadsEveryPage() {
    // More rows than the driver's default page (5000) so that the async path must fetch a second page.
    int n = 5_200;
    List<java.util.concurrent.CompletableFuture<Void>> writes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      writes.add(dao.saveAsync(new Reading("many", START.plusMillis(i), i, "C")).toCompletableFuture());
      if (writes.size() == 256) {
        writes.forEach(java.util.concurrent.CompletableFuture::join);
        writes.clear();
      }
    }
    writes.forEach(java.util.concurrent.CompletableFuture::join);
    assertEquals(n, dao.findBySensorIdAndDayAsync("many", DAY).toCompletableFuture().join().size());
    try (Stream<Reading> all = dao.findBySensorIdAndDayAndAtBetween("many", DAY, START, START.plusMillis(n))) {
      assertEquals(n, all.count());
    }
  }

  @Test
  void countsAndExistsReadTheSameRowsAsTheFinders() {
    List<Reading> saved = seed("counted", 37);
    seed("other", 5);
    assertEquals(37, dao.countBySensorIdAndDay("counted", DAY));
    assertEquals(37L, dao.countBySensorIdAndDayAsync("counted", DAY).toCompletableFuture().join());
    assertEquals(0, dao.countBySensorIdAndDay("counted", DAY.plusDays(1)), "another partition");
    try (Stream<Reading> between = dao.findBySensorIdAndDayAndAtBetween("counted", DAY, minute(10), minute(20))) {
      assertEquals(between.count(), dao.countBySensorIdAndDayAndAtBetween("counted", DAY, minute(10), minute(20)));
    }
    assertEquals(11, dao.countBySensorIdAndDayAndAtBetween("counted", DAY, minute(10), minute(20)), "both ends included");
    assertTrue(dao.existsBySensorIdAndDayAndAt("counted", DAY, minute(36)));
    assertFalse(dao.existsBySensorIdAndDayAndAt("counted", DAY, minute(37)));
    assertTrue(dao.existsBySensorIdAndDayAndAtAfterAsync("counted", DAY, minute(35)).toCompletableFuture().join());
    assertFalse(dao.existsBySensorIdAndDayAndAtAfterAsync("counted", DAY, minute(36)).toCompletableFuture().join());
    assertTrue(dao.delete(saved.get(36)));
    assertEquals(36, dao.countBySensorIdAndDay("counted", DAY), "a deleted row is not counted");
    assertFalse(dao.existsBySensorIdAndDayAndAtAfterAsync("counted", DAY, minute(35)).toCompletableFuture().join());
    assertThrows(InvalidEntityException.class, () -> dao.countBySensorIdAndDay(null, DAY), "a null key value is refused before anything is read");
  }

  @Test
  void badKeysAreRejectedBeforeAnythingIsWritten() {
    long before = count();
    InvalidEntityException nullSensor = assertThrows(InvalidEntityException.class, () -> dao.save(new Reading(null, minute(1), 1, "C")));
    assertEquals("Reading", nullSensor.entity());
    assertEquals("sensorId", nullSensor.field());
    InvalidEntityException tooLong = assertThrows(InvalidEntityException.class,
        () -> dao.save(new Reading("x".repeat(70_000), minute(1), 1, "C")));
    assertEquals("sensorId", tooLong.field());
    // Cassandra counts the component (70000 bytes), HBase the whole row key (70003): both say how big.
    assertTrue(tooLong.getMessage().matches("(?s).*\\b700\\d\\d bytes.*"), tooLong.getMessage());
    assertThrows(InvalidEntityException.class, () -> dao.saveAsync(new Reading(null, minute(1), 1, "C")));
    InvalidEntityException nullArgument = assertThrows(InvalidEntityException.class, () -> dao.findBySensorIdAndDay("bad", null));
    assertEquals("day", nullArgument.field());
    assertThrows(InvalidEntityException.class, () -> dao.deleteBySensorIdAndDayAndAt("bad", DAY, null));
    assertEquals(before, count(), "no row was written by a rejected call");
  }

  private static long count() {
    return store.count("readings");
  }
}
