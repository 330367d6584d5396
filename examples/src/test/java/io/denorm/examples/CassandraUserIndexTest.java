package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link UserIndexContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraUserIndexTest extends UserIndexContract {

  static CqlSession client;

  @BeforeAll
  static void open(CqlSession c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.cassandra(client);
  }

  /**
   * The plain index rows of one step go as one unlogged batch, then the master row: a new user with
   * 3 categories and 2 skills sends its 6 plain rows (location, categories, skills) in one batch; a
   * move that drops 2 categories and the old location deletes those 3 rows in one batch; a row
   * whose values exceed the batch's byte budget (a 3,000-character name, included in the location
   * index) goes on its own. Every finder answers the saved state afterwards.
   */
  @org.junit.jupiter.api.Test
  void theRowsOfOneStepGoAsOneUnloggedBatch() throws InterruptedException {
    SentRequests sent = new SentRequests();
    try (CqlSession tracked = CassandraExtension.sharedTarget().newSession(b -> b.addRequestTracker(sent))) {
      io.denorm.examples.users.UserDao users = Stores.cassandra(tracked).dao(io.denorm.examples.users.UserDao.class, "users_grouped_rows", "User");
      java.util.UUID id = java.util.UUID.randomUUID();
      java.util.List<io.denorm.examples.users.Skill> skills = java.util.List.of(new io.denorm.examples.users.Skill("chess", "good"),
          new io.denorm.examples.users.Skill("math", "basic"));
      io.denorm.examples.users.User u = new io.denorm.examples.users.User(id, "Ada", "ada-grouped@example.org", "CA", "Oakland",
          new java.util.TreeSet<>(java.util.Set.of("art", "books", "music")), skills);
      users.insert(u); // prepares every statement once
      users.deleteById(id);
      Thread.sleep(300); // the tracker hears of the delete's requests late: none of them may count below
      sent.clear();
      users.insert(u);
      java.util.List<com.datastax.oss.driver.api.core.cql.BatchStatement> batches = sent.batches(1);
      org.junit.jupiter.api.Assertions.assertEquals(1, batches.size(), "one batch for the entries step: " + sent.all());
      org.junit.jupiter.api.Assertions.assertEquals(com.datastax.oss.driver.api.core.cql.BatchType.UNLOGGED, batches.get(0).getBatchType());
      org.junit.jupiter.api.Assertions.assertEquals(6, batches.get(0).size(), "location, 3 categories, 2 skills");

      sent.clear();
      io.denorm.examples.users.User moved = new io.denorm.examples.users.User(id, "Ada", "ada-grouped@example.org", "NY", "Buffalo",
          new java.util.TreeSet<>(java.util.Set.of("books")), skills);
      users.save(moved, u);
      batches = sent.batches(2);
      org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(4, 3), batches.stream().map(com.datastax.oss.driver.api.core.cql.BatchStatement::size).toList(),
          "entries (new location, books, 2 skills), then the deletes (old location, art, music)");
      org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(id), users.findByStateAndCity("NY", "Buffalo").stream().map(io.denorm.examples.users.User::id).toList());
      org.junit.jupiter.api.Assertions.assertTrue(users.findByStateAndCity("CA", "Oakland").isEmpty());
      org.junit.jupiter.api.Assertions.assertEquals(1, users.findByCategoriesContains("books").filter(x -> x.id().equals(id)).count());
      org.junit.jupiter.api.Assertions.assertEquals(0, users.findByCategoriesContains("art").filter(x -> x.id().equals(id)).count());
      org.junit.jupiter.api.Assertions.assertEquals(1, users.findBySkillsNameAndSkillsLevel("chess", "good").filter(x -> x.id().equals(id)).count());

      sent.clear();
      String longName = "n".repeat(3_000);
      io.denorm.examples.users.User renamed = new io.denorm.examples.users.User(id, longName, "ada-grouped@example.org", "NY", "Buffalo",
          new java.util.TreeSet<>(java.util.Set.of("books")), skills);
      users.save(renamed, moved);
      batches = sent.batches(1);
      org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(3), batches.stream().map(com.datastax.oss.driver.api.core.cql.BatchStatement::size).toList(),
          "books and 2 skills together; the location row with the long name on its own");
      org.junit.jupiter.api.Assertions.assertEquals(longName, users.findByStateAndCity("NY", "Buffalo").get(0).name());
    }
  }

  /**
   * A DAO's timeout reaches every statement of a save: the driver keeps no timeout on a batch
   * statement, so the batch of the entries step is sent with an execution profile whose request
   * timeout is the DAO's, and the master row's insert carries it itself. A DAO without one sends its
   * batch with the session's profile (30 s in the tests); options set again with another timeout
   * reach the next batch.
   */
  @org.junit.jupiter.api.Test
  void theDaosTimeoutReachesTheBatchOfAStepAndTheMasterRow() throws InterruptedException {
    SentRequests sent = new SentRequests();
    try (CqlSession tracked = CassandraExtension.sharedTarget().newSession(b -> b.addRequestTracker(sent))) {
      io.denorm.examples.users.UserDao users = Stores.cassandra(tracked).dao(io.denorm.examples.users.UserDao.class, "users_timeout", "User");
      io.denorm.examples.users.User u = new io.denorm.examples.users.User(java.util.UUID.randomUUID(), "Ada", "ada-timeout@example.org", "CA",
          "Oakland", new java.util.TreeSet<>(java.util.Set.of("art", "books")), java.util.List.of());
      users.insert(u); // prepares every statement once
      org.junit.jupiter.api.Assertions.assertEquals(java.time.Duration.ofSeconds(30), timeoutOf(profileOfInsert(users, u, sent, null, null)));
      for (java.time.Duration timeout : java.util.List.of(java.time.Duration.ofMillis(7_321), java.time.Duration.ofMillis(8_123))) {
        ((io.denorm.cassandra.CassandraReadBase) users).setStatementOptions(io.denorm.cassandra.StatementOptions.DEFAULTS.withTimeout(timeout));
        org.junit.jupiter.api.Assertions.assertEquals(timeout, timeoutOf(profileOfInsert(users, u, sent, timeout, null)));
      }
      org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(u.id()),
          users.findByStateAndCity("CA", "Oakland").stream().map(io.denorm.examples.users.User::id).toList());
    }
  }

  /**
   * A DAO whose options name an execution profile: its batch goes with that profile, and with the
   * DAO's timeout set, with one derived from that profile (its page size kept), not from the default.
   */
  @org.junit.jupiter.api.Test
  void aBatchOfADaoThatNamesAProfileIsSentWithThatProfileAndTheDaosTimeout() throws InterruptedException {
    SentRequests sent = new SentRequests();
    try (CqlSession tracked = CassandraExtension.sharedTarget().newSession(c -> c
        .startProfile("denorm-writes")
        .withDuration(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_TIMEOUT, java.time.Duration.ofSeconds(45))
        .withInt(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_PAGE_SIZE, 1_234)
        .endProfile(), b -> b.addRequestTracker(sent))) {
      io.denorm.examples.users.UserDao users = Stores.cassandra(tracked).dao(io.denorm.examples.users.UserDao.class, "users_named_profile", "User");
      io.denorm.examples.users.User u = new io.denorm.examples.users.User(java.util.UUID.randomUUID(), "Ada", "ada-profile@example.org", "CA",
          "Oakland", new java.util.TreeSet<>(java.util.Set.of("art", "books")), java.util.List.of());
      users.insert(u); // prepares every statement once
      io.denorm.cassandra.StatementOptions named = io.denorm.cassandra.StatementOptions.DEFAULTS.withExecutionProfile("denorm-writes");
      ((io.denorm.cassandra.CassandraReadBase) users).setStatementOptions(named);
      com.datastax.oss.driver.api.core.config.DriverExecutionProfile batch = profileOfInsert(users, u, sent, null, "denorm-writes");
      org.junit.jupiter.api.Assertions.assertEquals(java.time.Duration.ofSeconds(45), timeoutOf(batch));
      org.junit.jupiter.api.Assertions.assertEquals(1_234, batch.getInt(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_PAGE_SIZE));
      java.time.Duration timeout = java.time.Duration.ofMillis(6_789);
      ((io.denorm.cassandra.CassandraReadBase) users).setStatementOptions(named.withTimeout(timeout));
      batch = profileOfInsert(users, u, sent, timeout, "denorm-writes");
      // derived from the profile the DAO names, not from the default one: its page size is kept
      org.junit.jupiter.api.Assertions.assertEquals(timeout, timeoutOf(batch));
      org.junit.jupiter.api.Assertions.assertEquals(1_234, batch.getInt(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_PAGE_SIZE));
    }
  }

  private static java.time.Duration timeoutOf(com.datastax.oss.driver.api.core.config.DriverExecutionProfile profile) {
    return profile.getDuration(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_TIMEOUT);
  }

  /**
   * {@code u} deleted and inserted again; the profile its one batch was sent with, once its master
   * insert (checked to carry {@code timeout}, the profile name {@code profileName} and the DAO's
   * consistency) has been reported.
   */
  private static com.datastax.oss.driver.api.core.config.DriverExecutionProfile profileOfInsert(io.denorm.examples.users.UserDao users,
      io.denorm.examples.users.User u, SentRequests sent, java.time.Duration timeout, String profileName) throws InterruptedException {
    users.deleteById(u.id());
    Thread.sleep(300); // the tracker hears of the delete's requests late: none of them may count below
    sent.clear();
    users.insert(u);
    java.util.List<com.datastax.oss.driver.api.core.cql.BoundStatement> masters = java.util.List.of();
    for (int i = 0; i < 100 && masters.isEmpty(); i++) { // reported once the insert has returned: waited for
      Thread.sleep(50);
      masters = sent.all().stream().filter(com.datastax.oss.driver.api.core.cql.BoundStatement.class::isInstance)
          .map(com.datastax.oss.driver.api.core.cql.BoundStatement.class::cast)
          .filter(b -> b.getPreparedStatement().getQuery().startsWith("INSERT INTO ") && b.getPreparedStatement().getQuery().contains(".users (")).toList();
    }
    org.junit.jupiter.api.Assertions.assertEquals(1, masters.size(), "the master row's insert: " + sent.all());
    org.junit.jupiter.api.Assertions.assertEquals(timeout, masters.get(0).getTimeout());
    org.junit.jupiter.api.Assertions.assertEquals(profileName, masters.get(0).getExecutionProfileName());
    org.junit.jupiter.api.Assertions.assertEquals(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_QUORUM, masters.get(0).getConsistencyLevel());
    java.util.List<com.datastax.oss.driver.api.core.cql.BatchStatement> batches = sent.batches(1);
    org.junit.jupiter.api.Assertions.assertEquals(1, batches.size(), "one batch for the entries step: " + sent.all());
    return sent.profileOf(batches.get(0));
  }
}
