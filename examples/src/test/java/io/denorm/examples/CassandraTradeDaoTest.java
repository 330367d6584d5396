package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link TradeDaoContract} on a real Cassandra, where the salt changes nothing: one partition per symbol. */
@ExtendWith(CassandraExtension.class)
class CassandraTradeDaoTest extends TradeDaoContract {

  @BeforeAll
  static void open(CqlSession client) {
    use(Stores.cassandra(client));
  }
}
