package io.denorm.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.DenormException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaManagerQualifyTest {

  @Test
  void qualifiesEveryTableWithTheKeyspace() {
    String file = """
        -- generated
        CREATE TABLE IF NOT EXISTS readings (
          sensor_id text,
          PRIMARY KEY ((sensor_id))
        );

        CREATE TABLE IF NOT EXISTS "Quoted Name" (
          id uuid PRIMARY KEY
        );
        """;
    List<String> statements = SchemaManager.qualify("Demo_KS", file);
    assertEquals(2, statements.size());
    assertTrue(statements.get(0).startsWith("CREATE TABLE IF NOT EXISTS \"Demo_KS\".readings ("), statements.get(0));
    assertTrue(statements.get(0).endsWith("PRIMARY KEY ((sensor_id))\n)"), statements.get(0));
    assertTrue(statements.get(1).startsWith("CREATE TABLE IF NOT EXISTS \"Demo_KS\".\"Quoted Name\" ("), statements.get(1));
  }

  @Test
  void lowerCaseKeyspaceStaysUnquoted() {
    assertTrue(SchemaManager.qualify("demo", "CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY)")
        .get(0).startsWith("CREATE TABLE IF NOT EXISTS demo.t ("));
  }

  @Test
  void refusesStatementsItDoesNotWrite() {
    DenormException e = assertThrows(DenormException.class,
        () -> SchemaManager.qualify("demo", "DROP TABLE readings;"));
    assertTrue(e.getMessage().contains("DROP TABLE readings"), e.getMessage());
  }

  @Test
  void splitsOnlyAtSemicolonsOutsideQuotesAndComments() {
    String file = "CREATE TABLE IF NOT EXISTS \"a;b\" (id int PRIMARY KEY); -- one; two\n"
        + "/* three; */ CREATE TABLE IF NOT EXISTS c (v text PRIMARY KEY) WITH comment = 'p;''q';\n";
    List<String> statements = SchemaManager.qualify("demo", file);
    assertEquals(List.of("CREATE TABLE IF NOT EXISTS demo.\"a;b\" (id int PRIMARY KEY)",
        "CREATE TABLE IF NOT EXISTS demo.c (v text PRIMARY KEY) WITH comment = 'p;''q'"), statements);
  }
}
