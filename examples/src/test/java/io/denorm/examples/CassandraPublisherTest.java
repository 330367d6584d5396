package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link PublisherContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraPublisherTest extends PublisherContract {

  @BeforeAll
  static void open(CqlSession client) {
    use(Stores.cassandra(client));
  }
}
