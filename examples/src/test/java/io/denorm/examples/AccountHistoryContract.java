package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.WriteClock;
import io.denorm.examples.accounts.AccountDao;
import io.denorm.index.IndexedDao;
import io.denorm.testkit.history.Faults;
import io.denorm.testkit.history.HistoryChecker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The history checker on accounts, on a real store: 8 application instances, each with a client
 * (session or connection), a clock and injected faults of its own, 5,000 operations per run. Once
 * with clocks that agree (every invariant, durability included), once with clocks up to 5 s apart.
 */
abstract class AccountHistoryContract {

  static final int CLIENTS = 8;
  static final int OPERATIONS = 5_000;
  static final Duration GRACE = Duration.ofSeconds(2);

  /**
   * The repair grace a run needs: longer than the spread of its clocks, or a client whose clock is
   * ahead could judge a row that a client behind it is still writing as old.
   */
  static Duration grace(Duration maxSkew) {
    return GRACE.plus(maxSkew.multipliedBy(2));
  }

  final List<AutoCloseable> resources = new ArrayList<>();

  abstract Stores.Store store();

  /** A DAO over {@code schema} through a client of its own, closed after the test. */
  abstract AccountDao ownClient(String schema, List<AutoCloseable> resources);

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : resources) {
      c.close();
    }
    resources.clear();
  }

  HistoryChecker.Report run(String schema, Duration maxSkew) throws Exception {
    store().dao(AccountDao.class, schema, "Account");
    HistoryChecker.Settings settings = HistoryChecker.Settings.fromSystemProperties(CLIENTS, OPERATIONS);
    Random skews = new Random(settings.seed());
    AccountHistory workload = new AccountHistory(maxSkew.isZero());
    HistoryChecker.Report report = HistoryChecker.run(settings, i -> {
      AccountDao dao = ownClient(schema, resources);
      IndexedDao<?> indexed = (IndexedDao<?>) dao;
      long skew = maxSkew.isZero() ? 0 : (long) ((skews.nextDouble() * 2 - 1) * maxSkew.toMillis());
      indexed.setWriteClock(WriteClock.skewed(Duration.ofMillis(skew)));
      indexed.setIndexRepairGrace(grace(maxSkew));
      System.out.println("[denorm-history] client " + i + " clock " + (skew >= 0 ? "+" : "") + skew + " ms");
      return new AccountHistory.Client(dao, new Faults(settings.faultRate()));
    }, new HistoryChecker.Workload<AccountHistory.Client>() {
      @Override
      public HistoryChecker.Action next(AccountHistory.Client c, Random r) {
        return workload.next(c, r);
      }

      @Override
      public void awaitQuiet(List<AccountHistory.Client> clients) throws InterruptedException {
        workload.awaitQuiet(clients);
        Thread.sleep(grace(maxSkew).toMillis() + 2 * maxSkew.toMillis() + 500); // claims of failed saves are free after the grace
      }

      @Override
      public List<HistoryChecker.Violation> check(List<HistoryChecker.Operation> history, List<AccountHistory.Client> clients) {
        return workload.check(history, clients);
      }
    });
    System.out.println("[denorm-history] " + store().name() + " " + schema + ": " + report);
    assertEquals(OPERATIONS, report.history().size());
    assertTrue(report.faults() > 0, "faults were injected");
    assertTrue(report.outcomes().getOrDefault(HistoryChecker.Outcome.CONFLICT, 0L) > 0, "unique values were contended: " + report.outcomes());
    return report;
  }

  @Test
  void historyWithClocksThatAgree() throws Exception {
    run("history_ordered", Duration.ZERO).assertClean();
  }

  /** With clocks up to 5 s apart, every invariant holds, and every acknowledged write stands. */
  @Test
  void historyWithClocksFiveSecondsApart() throws Exception {
    HistoryChecker.Report report = run("history_skewed", Duration.ofSeconds(5));
    System.out.println("[denorm-history] " + store().name() + " skewed: " + report.count("durable") + " acknowledged writes not standing");
    report.violations().stream().limit(5).forEach(v -> System.out.println("[denorm-history]   " + v));
    List<HistoryChecker.Violation> broken = report.violations();
    assertEquals(List.of(), broken, "seed " + report.settings().seed());
  }
}
