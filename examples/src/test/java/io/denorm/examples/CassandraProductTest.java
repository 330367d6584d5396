package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ProductContract} on a real Cassandra: cents in a {@code bigint} clustering column. */
@ExtendWith(CassandraExtension.class)
class CassandraProductTest extends ProductContract {

  @BeforeAll
  static void open(CqlSession client) {
    use(Stores.cassandra(client));
  }
}
