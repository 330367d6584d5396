package io.denorm.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.processor.CqlLiteralGuard.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build fails if CQL text is built from a value instead of from model identifiers and bind markers (see {@link
 * CqlLiteralGuard} for the rule). Scanned: the runtime's Cassandra sources, the golden generated Cassandra sources, the
 * golden and checked-in {@code schema.cql} files, and, when a build has left them, the Cassandra sources and schema files
 * the processor generated for the examples and benchmarks modules. {@code -Ddenorm.cqlguard.verbose=true} prints every
 * statement checked, as the guard rendered it.
 */
class CqlLiteralGuardTest {

  private static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
  private static final Path ROOT = MODULE.getParent();

  @Test
  void cqlIsBuiltFromIdentifiersAndBindMarkersOnly() throws IOException {
    List<Path> runtime = files(ROOT.resolve("runtime/cassandra/src/main/java"), name -> name.endsWith(".java"));
    Path goldenDir = Path.of(System.getProperty("denorm.golden.dir", MODULE.resolve("src/test/resources/golden/expected").toString()));
    List<Path> golden = files(goldenDir, name -> name.startsWith("Cassandra") && name.endsWith(".java"));
    List<Path> schemas = new ArrayList<>(files(MODULE.resolve("src/test/resources"), name -> name.equals("schema.cql")));
    schemas.addAll(files(ROOT.resolve("schemas"), name -> name.equals("schema.cql")));
    List<Path> generated = new ArrayList<>();
    for (String module : List.of("examples", "benchmarks")) { // present after a build of those modules
      generated.addAll(files(ROOT.resolve(module).resolve("target/generated-sources/annotations"), name -> name.startsWith("Cassandra") && name.endsWith(".java")));
      schemas.addAll(files(ROOT.resolve(module).resolve("target/classes/META-INF/denorm"), name -> name.equals("schema.cql")));
    }

    List<Path> java = new ArrayList<>(runtime);
    java.addAll(golden);
    java.addAll(generated);
    CqlLiteralGuard guard = CqlLiteralGuard.ofFiles(java);
    List<Finding> findings = new ArrayList<>(guard.check());
    for (Path schema : schemas) {
      findings.addAll(CqlLiteralGuard.checkSchema(ROOT.relativize(schema).toString(), Files.readString(schema)));
    }
    System.out.printf("CqlLiteralGuard: %d runtime sources, %d golden Cassandra sources, %d generated Cassandra sources (examples, benchmarks),"
            + " %d schema files; %d CQL statements and fragments checked, %d exception messages and regular expressions skipped%n",
        runtime.size(), golden.size(), generated.size(), schemas.size(), guard.statementsChecked(), guard.messagesSkipped());

    // not vacuous: the inputs are where they are expected, and the CQL in them was found
    assertTrue(runtime.size() >= 10, "runtime/cassandra sources: " + runtime.size());
    assertTrue(golden.size() >= 20, "golden Cassandra sources: " + golden.size());
    assertTrue(!schemas.isEmpty(), "no schema.cql");
    assertTrue(guard.statementsChecked() >= 150, "only " + guard.statementsChecked() + " CQL statements found");
    assertTrue(findings.isEmpty(), () -> findings.size() + " CQL statements built from values:\n  "
        + findings.stream().map(Finding::toString).collect(Collectors.joining("\n  ")));
  }

  /** The literals the rule allows (false, and true in SET) are for the runtime's marker column only. */
  @Test
  void theAllowedBooleansAreForTheIndexMarkerColumn() {
    assertEquals(CassandraIndexTable.MARKER, CqlLiteralGuard.MARKER_COLUMN);
  }

  // ---- the guard on snippets: it flags values, and passes identifiers and bind markers --------------------------------

  private static final String QUOTE = "  static String quote(String name) { return com.datastax.oss.driver.api.core.CqlIdentifier.fromInternal(name).asCql(true); }\n";

  @Test
  void flagsAValueInQuotes() throws IOException {
    List<Finding> f = check("String cql(String id) { return \"SELECT * FROM t WHERE id = '\" + id + \"'\"; }");
    assertFlagged(f, "not an identifier or a bind marker: id", "a quoted literal value");
  }

  @Test
  void flagsAValueFromAMethodCall() throws IOException {
    List<Finding> f = check("record User(String name) {}\n String cql(User user) { return \"SELECT * FROM t WHERE name = \" + user.name(); }");
    assertFlagged(f, "not an identifier or a bind marker: user.name()", "compares = ⟨value⟩, not a bind marker");
  }

  @Test
  void flagsAValueThroughAVariableAFieldAndABuilder() throws IOException {
    assertFlagged(check("String cql(long id) { String select = \"SELECT * FROM t WHERE id = \"; return select + id; }"),
        "not an identifier or a bind marker: id");
    assertFlagged(check("final String where; Q(String v) { where = v; } String cql() { return \"SELECT * FROM t WHERE \" + where; }"),
        "not an identifier or a bind marker: where");
    assertFlagged(check("String cql(String id) { StringBuilder b = new StringBuilder(\"DELETE FROM t WHERE id = \"); b.append(id); return b.toString(); }"),
        "not an identifier or a bind marker: id");
    assertFlagged(check("String cql(int n) { return String.format(\"SELECT * FROM t LIMIT %d\", n); }"), "not an identifier or a bind marker: n");
  }

  /** An allow-list by name would pass this: the method's body decides. */
  @Test
  void flagsAQuoteMethodThatQuotesValues() throws IOException {
    List<Finding> f = check("static String quote(String v) { return \"'\" + v + \"'\"; }\n String cql(String id) { return \"SELECT * FROM t WHERE id = \" + quote(id); }");
    assertFlagged(f, "not an identifier or a bind marker: quote(id)");
  }

  @Test
  void flagsLiteralsInTheText() throws IOException {
    assertFlagged(check("String a = \"SELECT * FROM t WHERE id = 5\";"), "compares = 5, not a bind marker", "a numeric literal 5");
    assertFlagged(check("String a = \"SELECT * FROM t WHERE id = 'x'\";"), "a quoted literal value");
    assertFlagged(check("String a = \"INSERT INTO t (id, done) VALUES (?, true)\";"), "VALUES has true for done, not a bind marker");
    assertFlagged(check("String a = \"UPDATE t SET done = true WHERE id = ?\";"), "SET done = true, not a bind marker");
    assertFlagged(check("String a = \"INSERT INTO t (id, other) VALUES (?, false)\";"), "VALUES has false for other, not a bind marker");
    assertFlagged(check("String a = \"UPDATE t SET n = 3 WHERE id = ?\";"), "SET n = 3, not a bind marker");
    assertFlagged(check("String a = \"UPDATE t USING TTL 60 SET n = ? WHERE id = ?\";"), "a numeric literal 60");
    assertFlagged(check("String a(int n) { return \"SELECT * FROM t LIMIT \" + n; }"), "not an identifier or a bind marker: n");
  }

  @Test
  void passesIdentifiersAndBindMarkers() throws IOException {
    List<Finding> f = check(QUOTE
        + "  static final String KEYSPACE = \"{keyspace}\";\n"
        + "  static final String MARKER = \"verified\";\n"
        + "  String select(String table, String column) { return \"SELECT * FROM \" + KEYSPACE + \".\" + quote(table) + \" WHERE \" + quote(column) + \" = ?\"; }\n"
        + "  String insert(String table, java.util.List<String> columns) {\n"
        + "    String all = columns.stream().map(Q::quote).collect(java.util.stream.Collectors.joining(\", \"));\n"
        + "    String marks = String.join(\", \", java.util.Collections.nCopies(columns.size(), \"?\"));\n"
        + "    return \"INSERT INTO \" + KEYSPACE + \".\" + quote(table) + \" (\" + all + \", \" + MARKER + \") VALUES (\" + marks + \", false) IF NOT EXISTS\";\n"
        + "  }\n"
        + "  String update(String table, java.util.List<String> key) {\n"
        + "    StringBuilder b = new StringBuilder(\"UPDATE \").append(KEYSPACE).append('.').append(quote(table));\n"
        + "    b.append(\" SET \" + MARKER + \" = false, n = n + ?\");\n"
        + "    return b + where(key) + \" IF n = ?\";\n"
        + "  }\n"
        + "  static String where(java.util.List<String> key) { return \" WHERE \" + key.stream().map(c -> quote(c) + \" = ?\").collect(java.util.stream.Collectors.joining(\" AND \")); }\n"
        + "  String newest(String table) { return \"SELECT * FROM \" + quote(table) + \" WHERE id = ? AND at < ? ORDER BY at DESC LIMIT 1\"; }\n"
        + "  void fail(String statement) { throw new IllegalArgumentException(\"not a CREATE TABLE IF NOT EXISTS: \" + statement); }\n");
    assertTrue(f.isEmpty(), () -> f.stream().map(Finding::toString).collect(Collectors.joining("\n")));
  }

  @Test
  void schemaFilesHoldCreateStatementsOnly() {
    assertTrue(CqlLiteralGuard.checkSchema("ok.cql", "-- a comment with 'quotes' and 42\nCREATE TABLE IF NOT EXISTS t (\n  id text,\n  tags set<text>,\n"
        + "  PRIMARY KEY ((id))\n) WITH CLUSTERING ORDER BY (id ASC);\nCREATE TYPE IF NOT EXISTS a (line1 text);\n").isEmpty());
    List<Finding> f = CqlLiteralGuard.checkSchema("bad.cql", "CREATE TABLE IF NOT EXISTS t (id text PRIMARY KEY);\n\nINSERT INTO t (id) VALUES ('admin');\n");
    assertEquals(1, f.size(), f::toString);
    assertEquals(3, f.get(0).line());
    assertTrue(f.get(0).problems().contains("not a CREATE TABLE|TYPE IF NOT EXISTS statement (SchemaManager applies nothing else)"), f::toString);
    assertTrue(f.get(0).problems().contains("a literal value after VALUES"), f::toString);
  }

  private static List<Finding> check(String members) throws IOException {
    return CqlLiteralGuard.ofSources(Map.of("Q.java", "class Q {\n" + members + "\n}\n")).check();
  }

  private static void assertFlagged(List<Finding> findings, String... problems) {
    assertEquals(1, findings.size(), () -> "expected one finding, got " + findings);
    for (String p : problems) {
      assertTrue(findings.get(0).problems().stream().anyMatch(q -> q.startsWith(p)), () -> "expected \"" + p + "\" in " + findings.get(0));
    }
  }

  private static List<Path> files(Path dir, java.util.function.Predicate<String> name) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).filter(p -> name.test(p.getFileName().toString())).sorted().toList();
    }
  }
}
