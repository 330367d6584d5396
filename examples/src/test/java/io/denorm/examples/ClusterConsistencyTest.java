package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.denorm.examples.accounts.Account;
import io.denorm.examples.accounts.CassandraAccountDao;
import io.denorm.index.IndexReport;
import io.denorm.index.IndexedDao;
import io.denorm.testkit.EmbeddedCassandraCluster;
import io.denorm.testkit.history.Faults;
import io.denorm.testkit.history.HistoryChecker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The history checker on a 3-node Cassandra (127.0.0.1–127.0.0.3), keyspace replicated 3 times,
 * every statement at LOCAL_QUORUM (LOCAL_SERIAL for compare-and-sets): while the load runs, one node
 * is killed with SIGKILL and started again. Afterwards no acknowledged write is lost, no unique value
 * has two holders, and every index equals its recomputation from the masters without a rebuild.
 * Runs with {@code mvn -B verify -Pcluster}.
 */
@Tag("cluster")
class ClusterConsistencyTest {

  static final int CLIENTS = 4;
  static final int OPERATIONS = 3_000;
  static final Duration GRACE = Duration.ofSeconds(2);
  /** Fewer writes acknowledged than this: the run exercised too little to count, and is reported as aborted, not passed. */
  static final int ENOUGH_ACKNOWLEDGED = 150;
  /** How long a client waits, before its next operation, after one that found no connection to any node. */
  static final Duration BACK_OFF = Duration.ofSeconds(1);

  static EmbeddedCassandraCluster cluster;
  static final List<AutoCloseable> sessions = new ArrayList<>();

  @BeforeAll
  static void start() {
    long t0 = System.nanoTime();
    cluster = EmbeddedCassandraCluster.start(Path.of("target/denorm-servers/cluster"), 3);
    System.out.printf("[cluster] 3 nodes up on %s in %d ms%n", cluster.contactPointList(), (System.nanoTime() - t0) / 1_000_000);
  }

  @AfterAll
  static void stop() throws Exception {
    for (AutoCloseable s : sessions) {
      s.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  static CqlSession session() {
    DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ZERO)
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(20))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
        .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2))
        .build();
    CqlSession session = CqlSession.builder().addContactPoints(cluster.contactPoints()).withLocalDatacenter(cluster.localDatacenter())
        .withConfigLoader(config).build();
    sessions.add(session);
    return session;
  }

  /**
   * Waits until the driver sees every node up and in schema agreement. A schema agreement check skips
   * nodes the driver does not yet see up, and a DDL statement coordinated by a node that joined the
   * driver's view just after it failed once in CI with "Keyspace 'cluster_accounts' doesn't exist".
   * (It failed so once more with every node up and in agreement: SchemaManager now sends each DDL
   * statement to the coordinator of the one before.)
   */
  private static void awaitEveryNodeUp(CqlSession session) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (true) {
      long up = session.getMetadata().getNodes().values().stream()
          .filter(n -> n.getState() == com.datastax.oss.driver.api.core.metadata.NodeState.UP).count();
      if (up == 3 && session.checkSchemaAgreement()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the driver sees " + up + " of 3 nodes up after 60 s");
      }
      Thread.sleep(200);
    }
  }

  /**
   * Whether {@code e} says the driver had no connection to any node it tried (as opposed to a node's
   * error or timeout). A NoNodeAvailableException (no node in the query plan) has no errors at all,
   * and counts too.
   */
  static boolean noConnection(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof com.datastax.oss.driver.api.core.AllNodesFailedException a
          && a.getAllErrors().values().stream().flatMap(List::stream).allMatch(x -> x instanceof com.datastax.oss.driver.api.core.NodeUnavailableException)) {
        return true;
      }
    }
    return false;
  }

  /** What the driver's connection pools of {@code session} hold, node by node (its internal API: diagnostics only). */
  static String pools(CqlSession session) {
    try {
      return poolsOf(session);
    } catch (RuntimeException e) {
      return "pools not readable: " + e;
    }
  }

  private static String poolsOf(CqlSession session) {
    var pools = ((com.datastax.oss.driver.internal.core.context.InternalDriverContext) session.getContext()).getPoolManager().getPools();
    return pools.entrySet().stream()
        .map(e -> e.getKey().getEndPoint() + " " + e.getKey().getState() + ": " + e.getValue().size() + " connections, "
            + e.getValue().getInFlight() + " in flight, " + e.getValue().getOrphanedIds() + " orphaned, " + e.getValue().getAvailableIds() + " free ids")
        .collect(java.util.stream.Collectors.joining("; ", "{", "}"));
  }

  @Test
  void aNodeKilledDuringTheLoadLosesNoAcknowledgedWrite() throws Exception {
    long t0 = System.nanoTime();
    CqlSession schemaSession = session();
    awaitEveryNodeUp(schemaSession);
    String keyspace = TestKeyspaces.fresh(schemaSession, "cluster_accounts", List.of("Account"), 3);
    HistoryChecker.Settings settings = HistoryChecker.Settings.fromSystemProperties(CLIENTS, OPERATIONS).withFaultRate(0.02);
    AccountHistory workload = new AccountHistory(true);
    AtomicReference<String> killLog = new AtomicReference<>("not killed");
    AtomicReference<List<AccountHistory.Client>> quietClients = new AtomicReference<>(List.of());
    java.util.Map<AccountHistory.Client, CqlSession> clientSessions = java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());
    List<String> unavailable = java.util.Collections.synchronizedList(new ArrayList<>());
    java.util.Set<AccountHistory.Client> backingOff = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicLong restartedAt = new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
    Thread killer = new Thread(() -> {
      try {
        Thread.sleep(8_000);
        long k = System.nanoTime();
        cluster.kill(3);
        Thread.sleep(10_000);
        cluster.restart(3);
        restartedAt.set(HistoryChecker.now());
        killLog.set("node 3 killed with SIGKILL 8 s into the load, down " + (System.nanoTime() - k) / 1_000_000 + " ms, restarted");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        killLog.set("restart failed: " + e);
      }
    }, "node-killer");
    HistoryChecker.Report report = HistoryChecker.run(settings, i -> {
      CqlSession clientSession = session();
      CassandraAccountDao dao = new CassandraAccountDao(clientSession, keyspace);
      dao.setIndexRepairGrace(GRACE);
      if (i == 0) {
        killer.start();
      }
      AccountHistory.Client client = new AccountHistory.Client(dao, new Faults(settings.faultRate()));
      clientSessions.put(client, clientSession);
      return client;
    }, new HistoryChecker.Workload<AccountHistory.Client>() {
      @Override
      public HistoryChecker.Action next(AccountHistory.Client c, Random r) {
        if (backingOff.remove(c)) {
          // The pause after an operation that reached no node, as an application backs off: taken here,
          // before the next operation starts, so that no operation's recorded interval grows by it.
          try {
            Thread.sleep(BACK_OFF.toMillis());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        HistoryChecker.Action action = workload.next(c, r);
        return new HistoryChecker.Action(action.kind(), action.key(), action.value(), () -> {
          try {
            return action.call().call();
          } catch (Exception e) {
            if (noConnection(e)) {
              if (unavailable.size() < 6) { // what the pools held when no node could take the request
                unavailable.add(HistoryChecker.now() / 1000 + " ms: " + pools(clientSessions.get(c)));
              }
              backingOff.add(c);
            }
            throw e;
          }
        });
      }

      @Override
      public void awaitQuiet(List<AccountHistory.Client> clients) throws InterruptedException {
        quietClients.set(clients);
        killer.join();
        workload.awaitQuiet(clients);
        Thread.sleep(GRACE.toMillis() + 500);
      }

      @Override
      public List<HistoryChecker.Violation> check(List<HistoryChecker.Operation> history, List<AccountHistory.Client> clients) {
        return workload.check(history, clients);
      }
    });
    long acknowledged = report.history().stream().filter(o -> !o.isRead() && o.outcome() == HistoryChecker.Outcome.OK).count();
    System.out.printf("[cluster] %s; %s; %d writes acknowledged, %d lost%n", report, killLog.get(), acknowledged, report.count("durable"));
    java.util.Map<String, Long> unknown = new java.util.TreeMap<>();
    report.history().stream().filter(o -> o.outcome() == HistoryChecker.Outcome.UNKNOWN && o.error() != null)
        .forEach(o -> unknown.merge(o.error().replaceAll("[0-9]+", "#").lines().findFirst().orElse(""), 1L, Long::sum));
    unknown.entrySet().stream().sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).limit(5)
        .forEach(e -> System.out.printf("[cluster] unknown outcome x%d: %.300s%n", e.getValue(), e.getKey()));
    long acknowledgedAfterRestart = report.history().stream()
        .filter(o -> !o.isRead() && o.outcome() == HistoryChecker.Outcome.OK && o.start() > restartedAt.get()).count();
    System.out.printf("[cluster] %d writes acknowledged after node 3's restart%n", acknowledgedAfterRestart);
    unavailable.forEach(u -> System.out.println("[cluster] no connection to any node at " + u));
    assertTrue(cluster.alive(3), "node 3 is back");
    assertTrue(killLog.get().startsWith("node 3 killed"), killLog.get());
    report.assertClean();
    assertEquals(0, report.count("durable"));

    // Every index equal to its recomputation from the masters, without a rebuild: nothing missing or
    // mismatched at once; rows left by losing or failed saves are checked by the DAOs after the grace,
    // and what remains (plain rows a losing save wrote) is repaired by the reads that find it.
    @SuppressWarnings("unchecked")
    IndexedDao<Account> indexed = (IndexedDao<Account>) new CassandraAccountDao(session(), keyspace);
    List<String> indexes = List.of("accounts_by_email", "accounts_by_handle", "accounts_by_plan");
    long staleBefore = 0;
    for (String index : indexes) {
      IndexReport verify = indexed.indexMaintenance().repairGrace(Duration.ZERO).verify(index, null);
      System.out.println("[cluster] " + verify);
      if (verify.missing() + verify.mismatched() > 0) {
        quietClients.get().forEach(c -> System.out.println("[cluster]   client " + ((IndexedDao<?>) c.dao).indexReadStats()));
      }
      assertEquals(0, verify.missing() + verify.mismatched(), verify.toString());
      staleBefore += verify.stale();
    }
    CassandraAccountDao reader = new CassandraAccountDao(session(), keyspace);
    reader.setIndexRepairGrace(GRACE);
    for (HistoryChecker.Operation o : report.history()) {
      if (o.value() instanceof AccountHistory.State s) {
        reader.findByEmail(s.email());
        reader.findByDomain(s.domain());
        reader.findByDomainAndHandle(s.domain(), s.handle());
        reader.findByPlan(s.plan());
      }
    }
    Thread.sleep(2_000);
    for (String index : indexes) {
      IndexReport verify = indexed.indexMaintenance().repairGrace(Duration.ZERO).verify(index, null);
      System.out.println("[cluster] after a read of every value written: " + verify);
      if (verify.problems() > 0) {
        CqlSession raw = session();
        raw.execute("SELECT * FROM " + keyspace + "." + index).forEach(row -> System.out.println("[cluster]   " + index + " " + row.getFormattedContents()
            + " writetime " + raw.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
                "SELECT WRITETIME(verified) FROM " + keyspace + "." + index + " WHERE plan = ? AND id = ?", row.getObject(0), row.getObject(1)))
                .one().getObject(0)));
        raw.execute("SELECT * FROM " + keyspace + ".accounts").forEach(row -> System.out.println("[cluster]   accounts " + row.getFormattedContents()));
      }
      assertEquals(0, verify.problems(), verify.toString());
    }
    System.out.printf("[cluster] stale rows before the read pass: %d; %d repaired by reads%n", staleBefore, reader.indexReadStats().repairs());
    System.out.printf("[cluster] run time %d s%n", (System.nanoTime() - t0) / 1_000_000_000);
    // Every check above holds for what was acknowledged; a run in which nearly nothing was (clients
    // without a connection to any node for most of the load, seen in some runs on this 2-core machine
    // and not yet explained) shows too little to count as a pass, and is reported as aborted.
    assumeTrue(acknowledged >= ENOUGH_ACKNOWLEDGED, () -> "only " + acknowledged + " writes acknowledged (" + acknowledgedAfterRestart
        + " after the restart); pools when no node could take a request: " + unavailable);
  }
}
