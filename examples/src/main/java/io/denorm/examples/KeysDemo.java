package io.denorm.examples;

import static io.denorm.examples.DemoSupport.eachPage;
import static io.denorm.examples.DemoSupport.heading;
import static io.denorm.examples.DemoSupport.inThreads;
import static io.denorm.examples.DemoSupport.say;
import io.denorm.PageRequest;
import io.denorm.examples.calibrations.Calibration;
import io.denorm.examples.calibrations.CalibrationDao;
import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The part of the {@link Demo} about keys: partition and clustering keys read as a whole, by a
 * range, one row or page by page (readings, calibrations), rows salted over buckets (trades), ids
 * from a sequence with the step to the previous and next row (messages), and time buckets walked
 * across empty days (mailbox).
 */
final class KeysDemo {

  private KeysDemo() {}

  static void readings(ReadingDao dao) {
    heading("== ReadingDao -> %s, table readings: key (sensor_id, day), at DESC (HBase: one row key, at inverted)", dao);
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
    say("findBySensorIdAndDayAndAt(08:30) -> %s", one.map(KeysDemo::show).orElse("empty"));

    try (Stream<Reading> between = dao.findBySensorIdAndDayAndAtBetween(sensor, day, start.plus(20, ChronoUnit.MINUTES), start.plus(50, ChronoUnit.MINUTES))) {
      say("findBySensorIdAndDayAndAtBetween(08:20, 08:50), both ends included -> %s",
          between.map(KeysDemo::show).collect(Collectors.joining(", ")));
    }

    eachPage(PageRequest.ofSize(5), request -> dao.findBySensorIdAndDay(sensor, day, request), (page, pageNo) ->
        say("findBySensorIdAndDay(page %d of size 5) -> %s%s", pageNo,
            page.content().stream().map(KeysDemo::time).collect(Collectors.joining(" ")),
            page.hasNext() ? "  [cursor " + page.nextCursor().substring(0, 12) + "...]" : "  [last page]"));

    say("findFirstBySensorIdAndDay (latest) -> %s", dao.findFirstBySensorIdAndDay(sensor, day).map(KeysDemo::show).orElse("empty"));
    say("countBySensorIdAndDay -> %d (counted by the store); existsBySensorIdAndDayAndAt(08:30) -> %s",
        dao.countBySensorIdAndDay(sensor, day), dao.existsBySensorIdAndDayAndAt(sensor, day, at));
    boolean deleted = dao.deleteBySensorIdAndDayAndAt(sensor, day, at);
    boolean again = dao.deleteBySensorIdAndDayAndAt(sensor, day, at);
    say("deleteBySensorIdAndDayAndAt(08:30) -> %s; again -> %s; now %d rows", deleted, again, dao.findBySensorIdAndDay(sensor, day).size());
    try {
      dao.save(new Reading(null, start, 1.0, "C"));
    } catch (io.denorm.InvalidEntityException e) {
      say("save(reading without sensorId) -> %s: %s", e.getClass().getSimpleName(), e.getMessage());
    }
  }

  static void calibrations(CalibrationDao dao) {
    heading("== CalibrationDao -> %s (a record), table calibration: key (sensor_id), version, at", dao);
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

  static void trades(io.denorm.examples.trades.TradeDao dao) {
    heading("== TradeDao -> %s, table trades: key (symbol), at DESC, trade_id; HBase rows salted on (symbol, at) into 16 buckets",
        dao);
    Instant open = Instant.parse("2026-11-20T14:30:00Z");
    for (int i = 0; i < 40; i++) {
      dao.save(new io.denorm.examples.trades.Trade("ACME", open.plusSeconds(i / 2 * 5L), 500 + i, "acct-" + i % 4, 101.0 + i * 0.125, 100));
    }
    say("save x40: ACME trades, two per time, 14:30:00 to 14:31:35");
    List<io.denorm.examples.trades.Trade> history = dao.findBySymbol("ACME");
    say("findBySymbol(ACME) -> %d rows, newest first: %s ... %s (HBase: 16 buckets read in parallel, merged in key order)",
        history.size(), trade(history.get(0)), trade(history.get(history.size() - 1)));
    say("findFirst5BySymbol(ACME) -> %s", dao.findFirst5BySymbol("ACME").stream().map(KeysDemo::trade).collect(Collectors.joining(", ")));
    int pages = eachPage(PageRequest.ofSize(15), request -> dao.findBySymbol("ACME", request), (page, pageNo) -> {});
    say("findBySymbol(ACME, pages of 15) -> %d pages", pages);
    Instant at = open.plusSeconds(50);
    say("findBySymbolAndAt(ACME, 14:30:50) -> %s (HBase: one bucket)", dao.findBySymbolAndAt("ACME", at).stream().map(KeysDemo::trade).collect(Collectors.joining(", ")));
    say("findByAccount(acct-1) -> %d trades through index trades_by_account", dao.findByAccount("acct-1").size());
  }

  /** The example enumerable keys: message ids from a store-backed sequence, and the step to the previous and next message. */
  static void mailbox(io.denorm.examples.mailbox.MessageDao messages, io.denorm.examples.mailbox.MessageDao otherProcess) throws Exception {
    heading("== MessageDao -> %s, table messages: key (userId, id DESC), id from @Sequence(\"message_id\") (blocks of 100 reserved in denorm_sequences)",
        messages);
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
    inThreads(4, t -> {
      var dao = t % 2 == 0 ? messages : otherProcess;
      for (int i = 0; i < 100; i++) {
        seen.add(dao.save(new io.denorm.examples.mailbox.Message("alice", "list", "digest " + i, java.time.Instant.now())).id());
        saves.incrementAndGet();
      }
    });
    say("4 threads x 100 saves through two DAO instances -> %d saves, %d distinct ids", saves.get(), seen.size());
  }

  /** The example daily buckets: a mailbox walked backward and forward from any date, skipping empty days. */
  static void mailboxByDay(io.denorm.examples.mailbox.MailboxDao mailbox) {
    heading("== MailboxDao -> %s, table mailbox: partition (userId, day), @Bucket(field = \"sentAt\", unit = DAYS) on day, sentAt DESC",
        mailbox);
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

  private static String trade(io.denorm.examples.trades.Trade t) {
    return "#" + t.tradeId() + "@" + t.at().toString().substring(11, 19);
  }

  private static String show(Reading r) {
    return time(r) + "=" + r.value() + r.unit();
  }

  private static String time(Reading r) {
    return r.at().toString().substring(11, 16);
  }
}
