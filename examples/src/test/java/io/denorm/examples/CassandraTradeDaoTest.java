package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link TradeDaoContract} on a real Cassandra, where the salt changes nothing: one partition per symbol. */
@ExtendWith(CassandraExtension.class)
class CassandraTradeDaoTest extends TradeDaoContract {

  static CqlSession session;

  @BeforeAll
  static void open(CqlSession client) {
    session = client;
    use(Stores.cassandra(client));
  }

  /**
   * Issue 17, consistency levels per entity and per call: Trade's {@code @Consistency} gives its DAO
   * QUORUM, SERIAL and a 20 s timeout; {@code withStatementOptions} gives one call other options
   * (THREE, which one node cannot serve: the error names it) and leaves the DAO's own as they were.
   */
  @org.junit.jupiter.api.Test
  void theEntitysConsistencyAndPerCallOptionsReachTheStatements() {
    io.denorm.examples.trades.CassandraTradeDao trades = (io.denorm.examples.trades.CassandraTradeDao) dao;
    io.denorm.cassandra.StatementOptions own = trades.statementOptions();
    org.junit.jupiter.api.Assertions.assertEquals(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.QUORUM, own.consistency());
    org.junit.jupiter.api.Assertions.assertEquals(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.SERIAL, own.serialConsistency());
    org.junit.jupiter.api.Assertions.assertEquals(java.time.Duration.ofSeconds(20), own.timeout());
    io.denorm.examples.trades.CassandraTradeDao three = trades.withStatementOptions(own.withConsistency(
        com.datastax.oss.driver.api.core.DefaultConsistencyLevel.THREE));
    RuntimeException refused = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> three.findByAccount("acct-per-call"));
    org.junit.jupiter.api.Assertions.assertTrue(CassandraConsistencyTest.everything(refused).contains("consistency THREE"),
        CassandraConsistencyTest.everything(refused));
    org.junit.jupiter.api.Assertions.assertEquals(own, trades.statementOptions());
    org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), trades.findByAccount("acct-per-call"));
  }
}
