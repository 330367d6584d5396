package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PersonDaoContract} on a real Cassandra: lightweight transactions. */
@ExtendWith(CassandraExtension.class)
class CassandraPersonDaoTest extends PersonDaoContract {

  @BeforeAll
  static void open(CqlSession client) {
    use(Stores.cassandra(client));
  }
}
