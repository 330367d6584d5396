package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.testkit.CassandraExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link BulkSaveContract} on a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraBulkSaveTest extends BulkSaveContract {

  static CqlSession client;

  @BeforeAll
  static void open(CqlSession c) {
    client = c;
  }

  @Override
  Stores.Store store() {
    return Stores.cassandra(client);
  }
}
