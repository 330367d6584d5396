package io.denorm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.index.IndexProgress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command's parsing, refusals and output formats, without a server (the store tests are CassandraCliTest and HBaseCliTest in the examples). */
class DenormCliTest {

  private static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = DenormCli.run(args, new PrintWriter(out), new PrintWriter(err));
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void helpListsTheCommands() {
    String[] r = run("--help");
    assertEquals("0", r[0]);
    assertTrue(r[1].contains("schema") && r[1].contains("index"), r[1]);
    String[] schema = run("schema", "--help");
    assertTrue(schema[1].contains("diff") && schema[1].contains("apply"), schema[1]);
  }

  @Test
  void aMissingModelOrStoreOptionIsRefusedWithExitCode2() throws Exception {
    String[] noModel = run("schema", "diff");
    assertEquals("2", noModel[0]);
    assertTrue(noModel[2].contains("--model"), noModel[2]);
    Path empty = Files.createTempDirectory("denorm-empty-model");
    String[] notAModel = run("schema", "diff", "--model", empty.toString(), "--keyspace", "k", "--contact-points", "127.0.0.1:1");
    assertEquals("2", notAModel[0]);
    assertTrue(notAModel[2].contains("no META-INF/denorm/model.yaml in"), notAModel[2]);
    String[] badStore = run("index", "verify", "x", "--model", empty.toString(), "--store", "mongo");
    assertEquals("2", badStore[0]);
  }

  @Test
  void aChangeIsAJsonObjectOfItsAttributesInOrder() {
    assertEquals("{\"table\":\"t\",\"kind\":\"column-missing\",\"column\":\"c \\\"x\\\"\",\"problem\":\"column c missing\",\"destructive\":false}",
        io.denorm.json.JsonValues.write(new Change("t", "column-missing", "c \"x\"", "column c missing", false).attributes()));
    assertEquals("{\"table\":\"t\",\"kind\":\"table-missing\",\"column\":null,\"problem\":\"table missing\",\"destructive\":false}",
        io.denorm.json.JsonValues.write(new Change("t", "table-missing", null, "table missing", false).attributes()));
  }

  @Test
  void progressLinesShowSegmentsRowsRateAndEta() {
    assertEquals("users_by_email missing  3/12 segments, 12,345 rows, 1,000 rows/s, ETA 1m05s",
        Progress.line(new IndexProgress("users_by_email", "missing", 3, 12, 12_345, 1000.4, 65), false));
    assertEquals("i stale    [############            ] 6/12 segments, 0 rows, 0 rows/s, ETA ?",
        Progress.line(new IndexProgress("i", "stale", 6, 12, 0, 0, Double.NaN), true));
  }
}
