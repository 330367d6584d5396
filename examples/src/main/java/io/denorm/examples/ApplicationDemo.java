package io.denorm.examples;

import static io.denorm.examples.DemoSupport.heading;
import static io.denorm.examples.DemoSupport.say;

import io.denorm.Attributes;
import io.denorm.examples.readings.ReadingDao;
import io.denorm.examples.sessions.Session;
import io.denorm.examples.sessions.SessionDao;
import io.denorm.examples.trades.Trade;
import io.denorm.examples.trades.TradeDao;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.UUID;

/**
 * The everyday DAO features an application uses: expiring rows, statement attributes, partial
 * updates, projections and deletes of a key range.
 */
final class ApplicationDemo {

  private ApplicationDemo() {}

  static void sessions(SessionDao dao) throws InterruptedException {
    heading("== SessionDao -> %s, table sessions (@TimeToLive(seconds = 1800)), index sessions_by_user", dao);
    Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    Session web = new Session(UUID.randomUUID(), "ada", "laptop", now);
    dao.save(web);
    Session otp = new Session(UUID.randomUUID(), "ada", "phone", now);
    SessionDao shortLived = dao.withAttributes(Attributes.none().withTtl(Duration.ofSeconds(2)));
    shortLived.save(otp);
    say("save (30 min) + withAttributes(withTtl(2 s)).save -> findByUserId(ada): %d sessions", dao.findByUserId("ada").size());
    Thread.sleep(3_000);
    say("3 s later: findByUserId(ada) -> %s; findById(the 2 s one) -> %s (its index row expired with it)",
        dao.findByUserId("ada").stream().map(Session::getDevice).toList(), dao.findById(otp.getId()).map(Session::getDevice).orElse("none"));
  }

  static void users(UserDao dao) {
    heading("== UserDao -> %s: partial updates through the save protocol", dao);
    User u = new User(UUID.randomUUID(), "Hal", "hal@x", "CA", "Oakland", Set.of("books"));
    dao.save(u);
    boolean updated = dao.updateStateAndCityById(u.id(), "WA", "Seattle");
    say("updateStateAndCityById(hal, WA, Seattle) -> %s; findByStateAndCity(WA, Seattle) -> %s; findByStateAndCity(CA, Oakland) has hal: %s",
        updated, dao.findByStateAndCity("WA", "Seattle").stream().map(User::name).toList(),
        dao.findByStateAndCity("CA", "Oakland").stream().anyMatch(x -> x.id().equals(u.id())));
    say("updateStateAndCityById(an unknown id) -> %s (nothing written)", dao.updateStateAndCityById(UUID.randomUUID(), "WA", "Seattle"));
  }

  static void readings(ReadingDao dao) {
    heading("== ReadingDao -> %s: a projection and a statement attribute", dao);
    LocalDate day = LocalDate.now(ZoneOffset.UTC);
    say("findValuesBySensorIdAndDay(greenhouse-7) -> %s ...", dao.findValuesBySensorIdAndDay("greenhouse-7", day).stream().limit(2).toList());
    ReadingDao patient = dao.withAttributes(Attributes.none().withTimeout(Duration.ofSeconds(30)));
    say("withAttributes(withTimeout(30 s)).countBySensorIdAndDay -> %d", patient.countBySensorIdAndDay("greenhouse-7", day));
  }

  static void trades(TradeDao dao) {
    heading("== TradeDao -> %s: a delete of a key range, with its index rows", dao);
    Instant start = Instant.parse("2026-01-05T09:30:00Z");
    for (int i = 0; i < 30; i++) {
      dao.save(new Trade("OLDCO", start.plusSeconds(i), i, "acct-old", 10, 1));
    }
    long deleted = dao.deleteBySymbolAndAtBefore("OLDCO", start.plusSeconds(20));
    say("deleteBySymbolAndAtBefore(OLDCO, +20 s) -> %d deleted; findBySymbol -> %d left; findByAccount(acct-old) -> %d",
        deleted, dao.findBySymbol("OLDCO").size(), dao.findByAccount("acct-old").size());
    dao.deleteBySymbol("OLDCO");
    say("deleteBySymbol(OLDCO) -> findBySymbol -> %d left", dao.findBySymbol("OLDCO").size());
  }
}
