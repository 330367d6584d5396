package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ClassManyToManyContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraClassManyToManyTest extends ClassManyToManyContract {

  static CqlSession client;
  static io.denorm.testkit.CassandraTarget target;

  @BeforeAll
  static void open(CqlSession c, io.denorm.testkit.CassandraTarget t) {
    client = c;
    target = t;
  }

  @Override
  Stores.Store store() {
    return Stores.cassandra(client, target);
  }
}
