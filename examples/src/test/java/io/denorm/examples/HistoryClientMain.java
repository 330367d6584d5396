package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.WriteClock;
import io.denorm.examples.accounts.CassandraAccountDao;
import io.denorm.testkit.CassandraTarget;
import io.denorm.testkit.history.Faults;
import io.denorm.testkit.history.HistoryChecker;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One application instance of the history checker in a JVM of its own: it runs {@link
 * AccountHistory} operations against the Cassandra named by {@code -Ddenorm.cassandra.contactPoints}
 * with its clock skewed, waits until its DAO is quiet, and writes its history (serialized
 * operations) to a file for the test that started it.
 *
 * <p>Arguments: keyspace, client number, clock skew in ms, operations, seed, fault rate, output file.
 */
public final class HistoryClientMain {

  public static void main(String[] args) throws Exception {
    String keyspace = args[0];
    int client = Integer.parseInt(args[1]);
    long skew = Long.parseLong(args[2]);
    int operations = Integer.parseInt(args[3]);
    long seed = Long.parseLong(args[4]);
    double faultRate = Double.parseDouble(args[5]);
    Path out = Path.of(args[6]);
    CassandraTarget target = CassandraTarget.fromSystemProperties(Path.of("target", "unused-embedded"));
    try (CqlSession session = target.newSession()) {
      CassandraAccountDao dao = new CassandraAccountDao(session, keyspace);
      dao.setWriteClock(WriteClock.skewed(Duration.ofMillis(skew)));
      dao.setIndexRepairGrace(AccountHistoryContract.grace(Duration.ofSeconds(5)));
      AccountHistory.Client c = new AccountHistory.Client(dao, new Faults(faultRate));
      AccountHistory workload = new AccountHistory(false);
      Random random = new Random(seed * 31 + client);
      List<HistoryChecker.Operation> history = new ArrayList<>();
      for (int i = 0; i < operations; i++) {
        HistoryChecker.Action action = workload.next(c, random);
        c.faults().arm(random);
        history.add(HistoryChecker.perform(client, action));
        c.faults().disarm();
      }
      workload.awaitQuiet(List.of(c));
      try (ObjectOutputStream o = new ObjectOutputStream(Files.newOutputStream(out))) {
        o.writeObject(history);
      }
      System.out.println("client " + client + " (clock " + skew + " ms): " + operations + " operations, " + c.faults().injected() + " faults");
    }
  }
}
