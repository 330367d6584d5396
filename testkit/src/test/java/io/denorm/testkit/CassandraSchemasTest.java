package io.denorm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CassandraSchemasTest {

  private static final String SCHEMA = """
      -- embedded com.example.Skill
      CREATE TYPE IF NOT EXISTS skill (name text);

      -- master table of com.example.Session
      CREATE TABLE IF NOT EXISTS sessions (id uuid PRIMARY KEY);

      -- index of com.example.Session: userId -> id
      CREATE TABLE IF NOT EXISTS sessions_by_user (user_id text, id uuid, PRIMARY KEY (user_id, id));

      -- master table of com.example.User
      CREATE TABLE IF NOT EXISTS users (id uuid PRIMARY KEY);

      CREATE TABLE IF NOT EXISTS users_trees (id uuid PRIMARY KEY);

      -- sequences: id (User.id)
      CREATE TABLE IF NOT EXISTS denorm_sequences (name text PRIMARY KEY);""";

  /** A block without a comment continues the one before it (users_trees is User's); a comment naming no entity is shared. */
  @Test
  void keepsTheBlocksOfTheEntitiesNamedAndThoseOfNone() {
    String kept = CassandraSchemas.blocksOf(SCHEMA, List.of("Session"));
    assertEquals(List.of("skill", "sessions", "sessions_by_user", "denorm_sequences"),
        kept.lines().filter(l -> l.startsWith("CREATE")).map(l -> l.split(" ")[5]).toList());
  }

  @Test
  void noEntityNamedKeepsEverything() {
    assertEquals(SCHEMA, CassandraSchemas.blocksOf(SCHEMA, List.of()));
  }
}
