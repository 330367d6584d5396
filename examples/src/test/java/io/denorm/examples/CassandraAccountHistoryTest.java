package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.examples.accounts.CassandraAccountDao;
import io.denorm.testkit.CassandraExtension;
import io.denorm.testkit.CassandraTarget;
import io.denorm.examples.accounts.AccountDao;
import io.denorm.testkit.history.HistoryChecker;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link AccountHistoryContract} on a real Cassandra, each client with a CqlSession of its own. */
@ExtendWith(CassandraExtension.class)
class CassandraAccountHistoryTest extends AccountHistoryContract {

  static CqlSession client;
  static CassandraTarget target;

  @BeforeAll
  static void open(CqlSession c, CassandraTarget t) {
    client = c;
    target = t;
  }

  /**
   * The checker with its clients in three JVMs of their own (clocks 5 s behind, on time, 5 s ahead),
   * each with its own session, against the same keyspace; their histories merged and checked here.
   */
  @org.junit.jupiter.api.Test
  void historyFromClientsInSeparateJvms() throws Exception {
    String schema = "history_forked";
    store().dao(AccountDao.class, schema, "Account");
    HistoryChecker.Settings settings = HistoryChecker.Settings.fromSystemProperties(3, 1_500);
    long[] skews = {-5_000, 0, 5_000};
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("denorm-history");
    String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    java.util.List<Process> processes = new java.util.ArrayList<>();
    long started = System.nanoTime();
    for (int i = 0; i < skews.length; i++) {
      java.nio.file.Path log = dir.resolve("client" + i + ".log");
      processes.add(new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
          "-D" + io.denorm.testkit.CassandraTarget.CONTACT_POINTS + "=" + target.contactPointList(),
          "-D" + io.denorm.testkit.CassandraTarget.LOCAL_DATACENTER + "=" + target.localDatacenter(),
          HistoryClientMain.class.getName(), schema, Integer.toString(i), Long.toString(skews[i]),
          Integer.toString(settings.operations() / skews.length), Long.toString(settings.seed()), "0.05",
          dir.resolve("client" + i + ".history").toString())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }
    java.util.List<HistoryChecker.Operation> history = new java.util.ArrayList<>();
    for (int i = 0; i < processes.size(); i++) {
      Process p = processes.get(i);
      org.junit.jupiter.api.Assertions.assertTrue(p.waitFor(10, java.util.concurrent.TimeUnit.MINUTES), "client " + i + " ended");
      java.nio.file.Path log = dir.resolve("client" + i + ".log");
      String output = java.nio.file.Files.readString(log);
      org.junit.jupiter.api.Assertions.assertEquals(0, p.exitValue(), "client " + i + ":\n" + output.substring(Math.max(0, output.length() - 3000)));
      System.out.println("[denorm-history] forked " + output.lines().filter(l -> l.startsWith("client ")).findFirst().orElse("client " + i));
      try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(java.nio.file.Files.newInputStream(dir.resolve("client" + i + ".history")))) {
        @SuppressWarnings("unchecked")
        java.util.List<HistoryChecker.Operation> ops = (java.util.List<HistoryChecker.Operation>) in.readObject();
        history.addAll(ops);
      }
    }
    java.time.Duration grace = grace(java.time.Duration.ofSeconds(5));
    Thread.sleep(grace.toMillis() + 10_500); // the clock 5 s ahead stamped its claims 5 s into this JVM's future
    AccountDao checker = ownClient(schema, resources);
    ((io.denorm.index.IndexedDao<?>) checker).setIndexRepairGrace(grace);
    java.util.List<HistoryChecker.Violation> violations = new AccountHistory(false)
        .check(history, java.util.List.of(new AccountHistory.Client(checker, new io.denorm.testkit.history.Faults(0))));
    java.util.Map<HistoryChecker.Outcome, Long> outcomes = new java.util.EnumMap<>(HistoryChecker.Outcome.class);
    history.forEach(o -> outcomes.merge(o.outcome(), 1L, Long::sum));
    long durable = violations.stream().filter(v -> v.invariant().equals("durable")).count();
    System.out.printf("[denorm-history] Cassandra, 3 JVMs, clocks -5 s / 0 / +5 s: %d operations %s, %d violations (%d acknowledged writes not standing), %d ms, seed %d%n",
        history.size(), outcomes, violations.size(), durable, (System.nanoTime() - started) / 1_000_000, settings.seed());
    violations.stream().limit(5).forEach(v -> System.out.println("[denorm-history]   " + v));
    org.junit.jupiter.api.Assertions.assertEquals(settings.operations() / skews.length * skews.length, history.size());
    org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), violations, "seed " + settings.seed());
  }


  @Override
  Stores.Store store() {
    return Stores.cassandra(client);
  }

  @Override
  AccountDao ownClient(String schema, List<AutoCloseable> resources) {
    CqlSession session = target.newSession();
    resources.add(session);
    return new CassandraAccountDao(session, schema);
  }
}
