package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.WriteClock;
import io.denorm.examples.accounts.Account;
import io.denorm.examples.accounts.AccountDao;
import io.denorm.index.IndexedDao;
import io.denorm.index.UniqueConstraintViolationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Unique values under the conditions applications run in: several DAO instances, each with a client
 * (session, connection) and a clock of its own, clocks 5 s apart; saves the store refuses half-way;
 * keys over the store's limits; keys whose values print alike. Each test is the regression test of
 * one failure seen with the public API (docs/consistency.md lists them).
 */
abstract class ConsistencyContract {

  static final Duration SKEW = Duration.ofSeconds(5);

  Stores.Store store;
  String schema;
  AccountDao dao;
  final List<AutoCloseable> clients = new ArrayList<>();

  abstract Stores.Store store();

  /** A DAO over the current schema through a client of its own (a new session or connection), closed after the test. */
  abstract AccountDao ownClient(String schema, List<AutoCloseable> clients);

  @BeforeEach
  void schema(org.junit.jupiter.api.TestInfo info) {
    store = store();
    String name = "acct_" + info.getTestMethod().orElseThrow().getName().toLowerCase().replaceAll("[^a-z0-9]", "");
    schema = name.substring(0, Math.min(name.length(), 48));
    dao = store.dao(AccountDao.class, schema, "Account");
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : clients) {
      c.close();
    }
    clients.clear();
  }

  /** An application instance: its own client, its clock {@code skew} off this machine's. */
  AccountDao instance(Duration skew) {
    AccountDao other = ownClient(schema, clients);
    ((IndexedDao<?>) other).setWriteClock(WriteClock.skewed(skew));
    return other;
  }

  /**
   * Failure 1: instance A keeps account U's email X while instance B moves U to Y. Whichever state
   * the master row ends with, its email has its unique row pointing to U, and a third account is
   * refused that email. A's clock runs 5 s ahead of B's, then behind; the saves run one after the
   * other and at the same moment.
   */
  @Test
  void keepingAndMovingAUniqueValueAtOnceNeverLosesTheRowTheMasterNeeds() throws Exception {
    for (int f = 0; f < 2; f++) {
      int flip = f;
      AccountDao a = instance(flip == 0 ? SKEW : SKEW.negated());
      AccountDao b = instance(flip == 0 ? SKEW.negated() : SKEW);
      for (int r = 0; r < 16; r++) {
        int round = r;
        String id = "u" + flip + "-" + round;
        String x = id + "-x@example.org";
        String y = id + "-y@example.org";
        dao.save(new Account(id, x, "example.org", id, "first"));
        if (round % 2 == 0) {
          a.save(new Account(id, x, "example.org", id, "kept " + round));
          b.save(new Account(id, y, "example.org", id, "moved " + round));
        } else {
          Parallel.run(2, t -> (t == 0 ? a : b).save(t == 0 ? new Account(id, x, "example.org", id, "kept " + round)
              : new Account(id, y, "example.org", id, "moved " + round)));
        }
        Account master = dao.findById(id).orElseThrow();
        String held = master.email();
        assertEquals(id, dao.findByEmail(held).map(Account::id).orElse(null),
            "round " + round + ": the master holds " + held + ", so its unique row must point to it");
        UniqueConstraintViolationException refused = assertThrows(UniqueConstraintViolationException.class,
            () -> dao.save(new Account("v" + flip + "-" + round, held, "example.org", "v" + flip + "-" + round, "thief")));
        assertTrue(refused.getMessage().contains(id), refused.getMessage());
        assertTrue(dao.findById("v" + flip + "-" + round).isEmpty(), "a refused save writes no master row");
      }
    }
  }

  /**
   * Failure 7 (unique rows): an instance whose clock runs ahead releases an email by deleting its
   * account; an instance whose clock runs behind then claims it for another account. The claim must
   * not hide behind the release.
   */
  @Test
  void aClaimAfterAReleaseFromAClockAheadIsNotHidden() {
    AccountDao ahead = instance(SKEW);
    AccountDao behind = instance(SKEW.negated());
    for (int round = 0; round < 10; round++) {
      String email = "skew" + round + "@example.org";
      ahead.save(new Account("first" + round, email, "example.org", "first" + round, null));
      assertTrue(ahead.deleteById("first" + round));
      behind.save(new Account("second" + round, email, "example.org", "second" + round, null));
      assertEquals("second" + round, dao.findByEmail(email).map(Account::id).orElse(null), "round " + round);
      assertThrows(UniqueConstraintViolationException.class,
          () -> dao.save(new Account("third", email, "example.org", "third", null)));
    }
  }

  /**
   * Failure 11 (memory): a List finder stops with a typed error once it has read more rows than the
   * DAO's limit, instead of holding them all; an Optional finder over the same index reads it a
   * batch at a time and is not limited.
   */
  @Test
  void aListFinderOverItsLimitFailsInsteadOfHoldingEveryRow() {
    for (int i = 0; i < 6; i++) {
      dao.save(new Account("many-" + i, "many" + i + "@many.org", "many.org", "m" + i, null));
    }
    AccountDao limited = instance(Duration.ZERO);
    ((IndexedDao<?>) limited).setMaxListRows(5);
    io.denorm.DenormException error = assertThrows(io.denorm.DenormException.class, () -> limited.findByDomain("many.org"));
    assertTrue(error.getMessage().contains("setMaxListRows"), error.getMessage());
    assertTrue(limited.findByDomainAndHandle("many.org", "m5").isPresent());
    ((IndexedDao<?>) limited).setMaxListRows(6);
    assertEquals(6, limited.findByDomain("many.org").size());
  }

  /**
   * A save after a delete, from an instance whose clock is 5 s behind: the account was last saved by
   * an instance 5 s ahead, so the delete, stamped just above that state, is 5 s ahead too. The save
   * finds no row, reads the delete's stamp (Cassandra: the mark the delete wrote, a tombstone cannot
   * be read; HBase: the delete marker) and is stamped above it, so it stands and can be found.
   */
  @Test
  void aSaveAfterADeleteStampedAheadStands() {
    AccountDao ahead = instance(SKEW);
    AccountDao onTime = instance(Duration.ZERO);
    AccountDao behind = instance(SKEW.negated());
    ahead.save(new Account("after", "after@example.org", "example.org", "after", "first"));
    assertTrue(onTime.deleteById("after"));
    assertTrue(dao.findById("after").isEmpty());
    behind.save(new Account("after", "after@example.org", "example.org", "after", "again"));
    assertEquals("again", dao.findById("after").map(Account::bio).orElse(null), "the save after the delete stands");
    assertEquals("after", dao.findByEmail("after@example.org").map(Account::id).orElse(null), "with its unique row");
  }

  /**
   * A delete racing a save of the same account: the delete, from an instance whose clock runs 5 s
   * ahead, reads the account, then waits (before its master write) while another instance saves the
   * account keeping its email. The delete is stamped just above the state it read, so the save,
   * stamped later, stands; the delete's release of the email is fenced by the same stamp, so the
   * unique row the standing save asserted stays, and a third account is refused the email.
   */
  @Test
  void aDeleteRacingASaveThatStandsLeavesItsUniqueRow() throws Exception {
    dao.save(new Account("racer", "racer@example.org", "example.org", "racer", "first"));
    AccountDao deleter = instance(SKEW);
    AccountDao saver = instance(Duration.ZERO);
    java.util.concurrent.CountDownLatch read = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch saved = new java.util.concurrent.CountDownLatch(1);
    pauseBeforeMaster(deleter, read, saved);
    java.util.concurrent.CompletableFuture<Boolean> delete = java.util.concurrent.CompletableFuture.supplyAsync(() -> deleter.deleteById("racer"));
    assertTrue(read.await(30, java.util.concurrent.TimeUnit.SECONDS), "the delete read the account");
    saver.save(new Account("racer", "racer@example.org", "example.org", "racer", "kept"));
    saved.countDown();
    assertTrue(delete.join());
    assertEquals("kept", dao.findById("racer").map(Account::bio).orElse(null), "the save stamped above the delete stands");
    assertEquals("racer", dao.findByEmail("racer@example.org").map(Account::id).orElse(null), "its unique row stays");
    assertThrows(UniqueConstraintViolationException.class,
        () -> dao.save(new Account("third", "racer@example.org", "example.org", "third", null)));
  }

  /**
   * A save that finds a unique row it meant to claim its own already (an insert of an account that
   * exists) asserts it at its stamp. When the save then fails, that row is checked again after the
   * grace, as every row a failed save asserted: a delete (one instance) reads the account, then waits
   * before its master write while an insert of the same account (another instance) keeps its email
   * and fails on a handle a third account holds. The delete's release of the email is then refused
   * (the insert's stamp is above its fence), and the check after the grace releases the email, which
   * no master needs: it is free again without a take-over. The same when the write of the insert's
   * index rows fails after its claims. On Cassandra the insert reads the stored row (the entity has a trusted covering
   * index), so the email is a re-assertion there.
   */
  @Test
  void aFailedSaveChecksAgainAUniqueRowItFoundItsOwn() throws Exception {
    dao.save(new Account("holder", "holder@example.org", "example.org", "taken", null));
    // the insert fails on its claims (a handle another account holds), then after them (a write of its index rows fails)
    failedInsertRacingADelete("twice", "taken", false);
    failedInsertRacingADelete("thrice", "thrice", true);
  }

  private void failedInsertRacingADelete(String id, String insertedHandle, boolean entriesFail) throws Exception {
    String email = id + "@example.org";
    dao.save(new Account(id, email, "example.org", id, null));
    AccountDao deleter = instance(Duration.ZERO);
    AccountDao inserter = instance(Duration.ZERO);
    IndexedDao<?> inserting = (IndexedDao<?>) inserter;
    inserting.setIndexRepairGrace(Duration.ofMillis(500));
    java.util.concurrent.CountDownLatch read = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch inserted = new java.util.concurrent.CountDownLatch(1);
    pauseBeforeMaster(deleter, read, inserted);
    if (entriesFail) {
      inserting.setWriteObserver(new io.denorm.index.WriteObserver() {
        @Override
        public void afterStep(io.denorm.index.WriteStep step, Object entity) {}

        @Override
        public void beforeWrite(io.denorm.index.WriteStep step, io.denorm.index.IndexEntry entry) {
          if (step == io.denorm.index.WriteStep.INDEX_INSERTS) {
            throw new IllegalStateException("an index row's write fails");
          }
        }
      });
    }
    java.util.concurrent.CompletableFuture<Boolean> delete = java.util.concurrent.CompletableFuture.supplyAsync(() -> deleter.deleteById(id));
    assertTrue(read.await(30, java.util.concurrent.TimeUnit.SECONDS), "the delete read the account");
    Account again = new Account(id, email, "example.org", insertedHandle, null);
    Class<? extends RuntimeException> failure = entriesFail ? RuntimeException.class : UniqueConstraintViolationException.class;
    assertThrows(failure, () -> inserter.insert(again));
    inserted.countDown();
    assertTrue(delete.join());
    assertEquals(java.util.Optional.empty(), dao.findById(id));
    var stats = inserting.indexReadStats();
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    while ((stats.deferred() == 0 || stats.deferredDone() < stats.deferred()) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      stats = inserting.indexReadStats();
    }
    assertEquals(stats.deferred(), stats.deferredDone(), "the checks after the grace ran: " + stats);
    assertEquals(0, ((IndexedDao<?>) dao).indexMaintenance().verify("accounts_by_email", null).stale(),
        "the email no master needs was released by the check (" + (entriesFail ? "index rows failed" : "conflict") + ")");
    long takenOver = ((IndexedDao<?>) dao).indexReadStats().takenOver();
    dao.save(new Account(id + "-next", email, "example.org", id + "-next", null));
    assertEquals(takenOver, ((IndexedDao<?>) dao).indexReadStats().takenOver(), "free again, not taken over");
  }

  /**
   * Failure 2: a save whose master write the store refuses (a 11 MB text value) takes back the
   * unique rows it claimed: another account gets the same email and handle at once, and the refused
   * account has no master row.
   */
  @Test
  void aSaveTheStoreRefusesBlocksNoOne() {
    String huge = "x".repeat(11 * 1024 * 1024);
    RuntimeException refused = assertThrows(RuntimeException.class,
        () -> dao.save(new Account("big", "big@example.org", "example.org", "big", huge)));
    System.out.println(store.name() + ": the refused save failed with " + describe(refused));
    assertTrue(dao.findById("big").isEmpty());
    dao.save(new Account("small", "big@example.org", "example.org", "big", "fits"));
    assertEquals("small", dao.findByEmail("big@example.org").map(Account::id).orElse(null));
    assertEquals("small", dao.findByDomainAndHandle("example.org", "big").map(Account::id).orElse(null));
  }

  /**
   * Failure 3: an indexed value over the store's key size limit is a typed error naming the entity
   * and the field, before anything is written: the email the same save would have claimed stays free.
   */
  @Test
  void anIndexKeyOverTheLimitIsRefusedBeforeAnyWrite() {
    String handle = "h".repeat(70_000);
    InvalidEntityException e = assertThrows(InvalidEntityException.class,
        () -> dao.save(new Account("long", "long@example.org", "example.org", handle, null)));
    assertEquals("Account", e.entity());
    assertEquals("handle", e.field());
    assertEquals(0, store.count("accounts_by_email"), "nothing was claimed");
    assertEquals(0, store.count("accounts"));
    dao.save(new Account("short", "long@example.org", "example.org", "short", null));
    assertEquals("short", dao.findByEmail("long@example.org").map(Account::id).orElse(null));
  }

  /**
   * Failure 4: index rows are told apart by their typed key, not by text: ("x, y", "z") and ("x",
   * "y, z") are two handles. Moving from one to the other releases the first and claims the second.
   */
  @Test
  void keysThatPrintAlikeAreTwoRows() {
    dao.save(new Account("a1", "a1@example.org", "x, y", "z", null));
    dao.save(new Account("a1", "a1@example.org", "x", "y, z", null));
    assertEquals("a1", dao.findByDomainAndHandle("x", "y, z").map(Account::id).orElse(null));
    assertTrue(dao.findByDomainAndHandle("x, y", "z").isEmpty());
    dao.save(new Account("a2", "a2@example.org", "x, y", "z", null));
    assertEquals("a2", dao.findByDomainAndHandle("x, y", "z").map(Account::id).orElse(null));
    assertThrows(UniqueConstraintViolationException.class, () -> dao.save(new Account("a3", "a3@example.org", "x", "y, z", null)));
    assertFalse(dao.findById("a3").isPresent());
  }

  /**
   * A claim left by a save that died after claiming (its master never written) blocks the value for
   * the repair grace only: after it, the next claimant reads the owner's master row, finds it does
   * not need the value, and takes the row over.
   */
  @Test
  void anAbandonedClaimIsTakenOverOnceItsOwnerDoesNotNeedIt() throws Exception {
    IndexedDao<?> indexed = (IndexedDao<?>) dao;
    indexed.setWriteObserver((step, entity) -> {
      if (step == io.denorm.index.WriteStep.CLAIMS && entity instanceof Account a && a.id().equals("crashed")) {
        throw new IllegalStateException("crash after the claims");
      }
    });
    assertThrows(RuntimeException.class, () -> dao.save(new Account("crashed", "gone@example.org", "example.org", "gone", null)));
    indexed.setWriteObserver(null);
    assertThrows(UniqueConstraintViolationException.class,
        () -> dao.save(new Account("next", "gone@example.org", "example.org", "next", null)), "within the grace the claim may be a save in flight");
    indexed.setIndexRepairGrace(Duration.ofMillis(500));
    Thread.sleep(700);
    dao.save(new Account("next", "gone@example.org", "example.org", "next", null));
    assertEquals("next", dao.findByEmail("gone@example.org").map(Account::id).orElse(null));
    assertTrue(indexed.indexReadStats().takenOver() >= 1, indexed.indexReadStats().toString());
  }

  /** {@code instance}'s writes wait before their master write: {@code reached} counted down, then {@code resume} awaited (30 s at most). */
  private static void pauseBeforeMaster(AccountDao instance, java.util.concurrent.CountDownLatch reached, java.util.concurrent.CountDownLatch resume) {
    ((IndexedDao<?>) instance).setWriteObserver(new io.denorm.index.WriteObserver() {
      @Override
      public void afterStep(io.denorm.index.WriteStep step, Object entity) {}

      @Override
      public void beforeWrite(io.denorm.index.WriteStep step, io.denorm.index.IndexEntry entry) {
        if (step == io.denorm.index.WriteStep.MASTER) {
          reached.countDown();
          try {
            resume.await(30, java.util.concurrent.TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    });
  }

  static String describe(Throwable t) {
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    String message = String.valueOf(t.getMessage());
    return t.getClass().getName() + ": " + message.substring(0, Math.min(160, message.length()));
  }
}
