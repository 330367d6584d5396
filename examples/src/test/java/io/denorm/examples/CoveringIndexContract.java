package io.denorm.examples;

import io.denorm.examples.accounts.Account;
import io.denorm.examples.accounts.AccountCard;
import io.denorm.examples.accounts.AccountDao;
import io.denorm.index.IndexedDao;
import io.denorm.index.WriteStep;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A covering index ({@code accounts_by_plan} holds every column of Account) whose verified rows a
 * read returns without reading the master: a row is verified by a read that found it matching its
 * master once it is older than the repair grace, and every write that can make it stale clears the
 * mark first, so that a trusted read never returns a state the master no longer has, after a crash
 * between the steps either. Run by each store's subclass; HBase reads every master (it trusts none).
 */
abstract class CoveringIndexContract {

  Stores.Store store;
  AccountDao dao;
  IndexedDao<Account> indexed;

  abstract Stores.Store store();

  /** Whether this store's DAO trusts verified rows of a covering index. */
  abstract boolean trustsVerifiedRows();

  @BeforeEach
  @SuppressWarnings("unchecked")
  void schema(org.junit.jupiter.api.TestInfo info) {
    String name = "covering_" + info.getTestMethod().orElseThrow().getName().toLowerCase().replaceAll("[^a-z0-9]", "");
    store = store();
    dao = store.dao(AccountDao.class, name.substring(0, Math.min(name.length(), 48)), "Account");
    indexed = (IndexedDao<Account>) dao;
  }

  /** A projection served by the covering index answers as its entity finder does, before and after its rows are trusted and after a move. */
  @Test
  void aProjectionOfTheCoveringIndexAnswersAsTheEntityFinder() throws Exception {
    indexed.setIndexRepairGrace(Duration.ZERO);
    dao.save(new Account("p1", "p1@x", "d", "h1", "team", "one"));
    dao.save(new Account("p2", "p2@x", "d", "h2", "team", "two"));
    dao.save(new Account("p3", "p3@x", "d", "h3", "free", "three"));
    List<AccountCard> team = List.of(new AccountCard("p1", "h1", "one"), new AccountCard("p2", "h2", "two"));
    for (int round = 0; round < 100 && (round < 3 || trustsVerifiedRows() && indexed.indexReadStats().trusted() == 0); round++) {
      assertEquals(team, sorted(dao.findCardsByPlan("team")), "round " + round);
      assertEquals(team, cards("team"), "round " + round);
      Thread.sleep(20);
    }
    if (trustsVerifiedRows()) {
      assertTrue(indexed.indexReadStats().trusted() > 0, "rows verified by the first reads were trusted later: " + indexed.indexReadStats());
      long trusted = indexed.indexReadStats().trusted();
      assertEquals(team, sorted(dao.findCardsByPlan("team")));
      assertTrue(indexed.indexReadStats().trusted() > trusted, "the projection read trusted rows: " + indexed.indexReadStats());
    }
    dao.save(new Account("p2", "p2@x", "d", "h2b", "free", "two, moved"));
    assertEquals(List.of(new AccountCard("p1", "h1", "one")), dao.findCardsByPlan("team"), "the moved account's row no longer answers");
    assertEquals(cards("free"), sorted(dao.findCardsByPlan("free")));
    assertTrue(dao.findCardsByPlan("free").contains(new AccountCard("p2", "h2b", "two, moved")));
  }

  /** The plan's accounts read by the entity finder, as cards. */
  private List<AccountCard> cards(String plan) {
    return sorted(dao.findByPlan(plan).stream().map(a -> new AccountCard(a.id(), a.handle(), a.bio())).toList());
  }

  private static List<AccountCard> sorted(List<AccountCard> cards) {
    return cards.stream().sorted(java.util.Comparator.comparing(AccountCard::id)).toList();
  }

  @Test
  void aRowYoungerThanTheGraceIsCheckedEveryTime() {
    Account a = new Account("a1", "a1@x", "d", "h1", "pro", "first");
    dao.save(a);
    for (int i = 0; i < 3; i++) {
      assertEquals(List.of("first"), bios("pro"));
    }
    assertEquals(0, indexed.indexReadStats().trusted());
    assertEquals(0, indexed.indexReadStats().verified(), "a row written within the grace may still be replaced by a save that began before it");
  }

  @Test
  void aVerifiedRowIsReadWithoutItsMasterUntilASaveWritesItAgain() throws Exception {
    indexed.setIndexRepairGrace(Duration.ZERO);
    dao.save(new Account("a1", "a1@x", "d", "h1", "pro", "first"));
    assertEquals(List.of("first"), bios("pro"));
    if (!trustsVerifiedRows()) {
      assertEquals(0, indexed.indexReadStats().verified());
      return;
    }
    awaitTrusted(1);
    assertTrue(indexed.indexReadStats().verified() >= 1, "marked by a read (each read before the mark lands marks it again)");
    assertEquals(List.of("first"), bios("pro"));

    long trusted = indexed.indexReadStats().trusted();
    dao.save(new Account("a1", "a1@x", "d", "h1", "pro", "second"));
    assertEquals(List.of("second"), bios("pro"), "the save wrote the row again, unverified: the master is read");
    assertEquals(trusted, indexed.indexReadStats().trusted());
    awaitTrusted(trusted + 1);
    assertEquals(List.of("second"), bios("pro"));
  }

  @Test
  void aMoveThatStopsAfterTheMasterLeavesNoTrustedRowBehind() throws Exception {
    indexed.setIndexRepairGrace(Duration.ZERO);
    Account a = new Account("a1", "a1@x", "d", "h1", "pro", "first");
    dao.save(a);
    verified("pro", "first");
    // The move's removal of the old row never runs: its mark was cleared before the master moved.
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.MASTER) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(new Account("a1", "a1@x", "d", "h1", "free", "moved")));
    indexed.setWriteObserver(null);
    indexed.setIndexRepairGrace(Duration.ofMinutes(1)); // the stale row stays (filtered, not yet repaired)
    assertEquals(2, store.count("accounts_by_plan"), "the crash left the old row");
    assertEquals(List.of(), bios("pro"), "the old row, once verified, is not returned");
    assertEquals(List.of("moved"), bios("free"));
  }

  @Test
  void aDeleteThatStopsAfterTheMasterLeavesNoTrustedRowBehind() throws Exception {
    indexed.setIndexRepairGrace(Duration.ZERO);
    dao.save(new Account("a1", "a1@x", "d", "h1", "pro", "first"));
    verified("pro", "first");
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.MASTER) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.deleteById("a1"));
    indexed.setWriteObserver(null);
    indexed.setIndexRepairGrace(Duration.ofMinutes(1));
    assertEquals(1, store.count("accounts_by_plan"), "the crash left the row");
    assertEquals(List.of(), bios("pro"), "the row of a deleted account, once verified, is not returned");
  }

  @Test
  void aDeleteJustAboveTheStateClearsTheMarkAfterAMoveThatFailed() throws Exception {
    indexed.setIndexRepairGrace(Duration.ZERO);
    // No unique value: the delete is stamped just above the state it reads, far below the failed move's stamp.
    dao.save(new Account("a1", null, null, null, "pro", "first"));
    verified("pro", "first");
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.INDEX_INSERTS) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(new Account("a1", null, null, null, "free", "moved")));
    indexed.setWriteObserver(null);
    Thread.sleep(50);
    assertEquals(List.of("first"), bios("pro"), "the move never reached the master: the row is still needed, and checked");
    Thread.sleep(200); // the verification that read may start: it marks the row at the master's write time, below the move's mark
    assertTrue(dao.deleteById("a1"));
    Thread.sleep(50);
    assertEquals(List.of(), bios("pro"), "the deleted account is not returned as a trusted row");
  }

  @Test
  void anInsertOrASaveGivenAWrongStateOverAVerifiedRowLeavesNoTrustedRowBehind() throws Exception {
    indexed.setIndexRepairGrace(Duration.ZERO);
    Account a = new Account("a1", null, null, null, "pro", "first");
    dao.save(a);
    verified("pro", "first");
    dao.insert(new Account("a1", null, null, null, "free", "inserted")); // breaks insert's promise: a1 exists
    assertEquals(List.of(), bios("pro"), "the row of the state the insert replaced is not returned");
    assertEquals(List.of("inserted"), bios("free"));

    dao.save(new Account("a1", null, null, null, "team", "again"));
    for (int i = 0; i < 100 && indexed.indexReadStats().trusted() < 2; i++) {
      dao.findByPlan("team");
      Thread.sleep(20);
    }
    dao.save(new Account("a1", null, null, null, "solo", "last"), a); // a wrong previous state: the row was in "team"
    assertEquals(List.of(), bios("team"), "the row of the state the save was not told about is not returned");
    assertEquals(List.of("last"), bios("solo"));
  }

  /** Reads the plan until its one row is verified (the mark is written after the read returns), then once trusted. */
  @Test
  void aRefusedMasterWriteLeavesNoMismatchedRowOnceTheGraceHasPassed() throws Exception {
    indexed.setIndexRepairGrace(Duration.ofMillis(1_000));
    dao.save(new Account("a1", null, null, null, "pro", "first"));
    // Same plan, another bio: the failing save writes its values into the row the standing state needs.
    indexed.setWriteObserver(new io.denorm.index.WriteObserver() {
      @Override
      public void afterStep(WriteStep step, Object entity) {}

      @Override
      public void beforeWrite(WriteStep step, io.denorm.index.IndexEntry entry) {
        if (step == WriteStep.MASTER) {
          throw new io.denorm.testkit.history.Faults.InjectedRefusal("master write refused");
        }
      }
    });
    assertThrows(io.denorm.testkit.history.Faults.InjectedRefusal.class, () -> dao.save(new Account("a1", null, null, null, "pro", "never stored")));
    indexed.setWriteObserver(null);
    assertEquals(1, indexed.indexMaintenance().verify("accounts_by_plan", null).mismatched(), "the failed save's values are in the row");
    for (int i = 0; i < 200 && !indexed.indexReadStats().settled(); i++) {
      Thread.sleep(50);
    }
    assertTrue(indexed.indexReadStats().settled(), "the deferred check ran");
    io.denorm.index.IndexReport report = indexed.indexMaintenance().verify("accounts_by_plan", null);
    assertEquals(0, report.problems(), "the deferred check gave the row its master's values again, without a read: " + report);
    assertEquals(List.of("first"), bios("pro"));
  }

  @Test
  void aReadRewritesARowACrashedSaveLeftWithOtherValues() throws Exception {
    indexed.setIndexRepairGrace(Duration.ofMillis(1_000));
    dao.save(new Account("a1", null, null, null, "pro", "first"));
    indexed.setWriteObserver((step, e) -> {
      if (step == WriteStep.INDEX_INSERTS) {
        throw new IllegalStateException("crash after " + step);
      }
    });
    assertThrows(IllegalStateException.class, () -> dao.save(new Account("a1", null, null, null, "pro", "never stored")));
    indexed.setWriteObserver(null);
    assertEquals(List.of("first"), bios("pro"), "a read checks the row against its master");
    assertEquals(1, indexed.indexMaintenance().verify("accounts_by_plan", null).mismatched(), "a read within the grace leaves the row");
    Thread.sleep(1_100);
    long repairs = indexed.indexReadStats().repairs();
    assertEquals(List.of("first"), bios("pro"));
    // decided in the background (on Cassandra after the row is read again for its write time)
    for (int i = 0; i < 100 && indexed.indexReadStats().repairs() == repairs; i++) {
      Thread.sleep(20);
    }
    assertEquals(repairs + 1, indexed.indexReadStats().repairs(), "the read past the grace rewrites the row");
    io.denorm.index.IndexReport report = null;
    for (int i = 0; i < 100 && (report == null || report.problems() > 0); i++) {
      Thread.sleep(20);
      report = indexed.indexMaintenance().verify("accounts_by_plan", null);
    }
    assertEquals(0, report.problems(), report.toString());
  }

  private void verified(String plan, String bio) throws InterruptedException {
    assertEquals(List.of(bio), bios(plan));
    if (trustsVerifiedRows()) {
      awaitTrusted(1);
    }
  }

  /** Reads the plan "pro" until {@code count} rows were returned trusted (the verified mark lands after the read that made it). */
  void awaitTrusted(long count) throws InterruptedException {
    LongSupplier trusted = () -> indexed.indexReadStats().trusted();
    for (int i = 0; i < 100 && trusted.getAsLong() < count; i++) {
      dao.findByPlan("pro");
      Thread.sleep(20);
    }
    assertTrue(trusted.getAsLong() >= count, "no trusted read after the row was verified");
  }

  List<String> bios(String plan) {
    return dao.findByPlan(plan).stream().map(Account::bio).toList();
  }
}
