package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PortfolioJoinContract} on a real Cassandra: {@code SELECT … WHERE id IN ?} per batch. */
@ExtendWith(CassandraExtension.class)
class CassandraPortfolioJoinTest extends PortfolioJoinContract {

  @BeforeAll
  static void open(CqlSession client) {
    use(Stores.cassandra(client));
  }
}
