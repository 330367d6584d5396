package io.denorm.examples;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A fresh keyspace per test class, with the examples' schema applied from the classpath. */
final class TestKeyspaces {
  private TestKeyspaces() {}

  /** The entity a block of the schema file belongs to, by its comment ({@code -- master table of io.….Account}). */
  private static final Pattern OWNER = Pattern.compile("^-- .*? of ([\\w.]+)", Pattern.MULTILINE);

  static String fresh(CqlSession session, String name) {
    recreate(session, name, 1).applyFromClasspath(name);
    return name;
  }

  /**
   * A fresh keyspace holding the types, the shared tables and the tables of {@code entities} only
   * (simple class names): creating every example's tables takes Cassandra tens of seconds.
   */
  static String fresh(CqlSession session, String name, List<String> entities) {
    return fresh(session, name, entities, 1);
  }

  /** As above, replicated {@code replicas} times (SimpleStrategy). */
  static String fresh(CqlSession session, String name, List<String> entities, int replicas) {
    SchemaManager schema = recreate(session, name, replicas);
    StringBuilder kept = new StringBuilder();
    for (String block : schemaFile().split("\n\n")) {
      Matcher owner = OWNER.matcher(block);
      String entity = owner.find() ? owner.group(1).substring(owner.group(1).lastIndexOf('.') + 1) : null;
      if (entity == null || entities.contains(entity)) {
        kept.append(block).append("\n\n");
      }
    }
    schema.apply(name, kept.toString());
    return name;
  }

  private static SchemaManager recreate(CqlSession session, String name, int replicas) {
    SchemaManager schema = SchemaManager.of(session);
    schema.dropKeyspace(name);
    schema.createKeyspace(name, Replication.simple(replicas));
    return schema;
  }

  private static String schemaFile() {
    try (InputStream in = TestKeyspaces.class.getClassLoader().getResourceAsStream(SchemaManager.SCHEMA_RESOURCE)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
