package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.querybuilder.SchemaBuilder;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import java.time.Duration;

/** A fresh keyspace per test class, with the examples' schema applied from the classpath. */
final class TestKeyspaces {
  private TestKeyspaces() {}

  static String fresh(CqlSession session, String name) {
    session.execute(SchemaBuilder.dropKeyspace(CqlIdentifier.fromInternal(name)).ifExists().build().setTimeout(Duration.ofSeconds(60)));
    SchemaManager schema = SchemaManager.of(session);
    schema.createKeyspace(name, Replication.simple(1));
    schema.applyFromClasspath(name);
    return name;
  }
}
