package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.cli.DenormCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code denorm} command against a real store: an application's model compiled twice, the
 * second time with a new column and a new index. The schema created from the first model, then
 * diffed against the second, shows exactly those; {@code apply} adds them and back-fills the index;
 * the diff is clean after; {@code index verify} after damage reports it and {@code rebuild} repairs
 * it. Run by each store's subclass.
 */
abstract class CliContract {

  /** The first model: tenants with an index by name. */
  private static final String TENANT_V1 = """
      package cliapp;
      import io.denorm.annotations.*;
      @Entity(table = "tenants")
      @Index(name = "tenants_by_name", key = "name")
      public record Tenant(@PartitionKey String id, String name, String plan) {}
      """;

  /** The second model: a region column, and an index by plan. */
  private static final String TENANT_V2 = """
      package cliapp;
      import io.denorm.annotations.*;
      @Entity(table = "tenants")
      @Index(name = "tenants_by_name", key = "name")
      @Index(name = "tenants_by_plan", key = "plan")
      public record Tenant(@PartitionKey String id, String name, String plan, String region) {}
      """;

  private static final String DAO_V1 = """
      package cliapp;
      import io.denorm.annotations.*;
      @Dao
      public interface TenantDao {
        void save(Tenant t);
        java.util.List<Tenant> findByName(String name);
      }
      """;

  private static final String DAO_V2 = """
      package cliapp;
      import io.denorm.annotations.*;
      @Dao
      public interface TenantDao {
        void save(Tenant t);
        java.util.List<Tenant> findByName(String name);
        java.util.List<Tenant> findByPlan(String plan);
        /** A new row: its stored state is not read, so an old plan's index row is left behind. */
        void insert(Tenant t);
      }
      """;

  /** The third model: the index by plan keyed by plan and region, a key no ALTER can give a table. */
  static final String TENANT_V3 = TENANT_V2.replace("@Index(name = \"tenants_by_plan\", key = \"plan\")",
      "@Index(name = \"tenants_by_plan\", key = {\"plan\", \"region\"})");

  static final String DAO_V3 = DAO_V2.replace("java.util.List<Tenant> findByPlan(String plan);",
      "java.util.List<Tenant> findByPlan(String plan);\n  java.util.List<Tenant> findByPlanAndRegion(String plan, String region);");

  static Path v1;
  static Path v2;
  static Path v3;

  @BeforeAll
  static void compileTheModels() throws IOException {
    Path work = Files.createTempDirectory("denorm-cli-models");
    v1 = compile(work.resolve("v1"), TENANT_V1, DAO_V1);
    v2 = compile(work.resolve("v2"), TENANT_V2, DAO_V2);
    v3 = compile(work.resolve("v3"), TENANT_V3, DAO_V3);
  }

  /** The classes directory of {@code sources} compiled with the Denorm processor (from the test class path). */
  private static Path compile(Path dir, String entity, String dao) throws IOException {
    Path src = dir.resolve("src/cliapp");
    Path classes = dir.resolve("classes");
    Files.createDirectories(src);
    Files.createDirectories(classes);
    Files.writeString(src.resolve("Tenant.java"), entity);
    Files.writeString(src.resolve("TenantDao.java"), dao);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String cp = System.getProperty("java.class.path");
    java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
    int code = javac.run(null, log, log, "-d", classes.toString(), "-cp", cp, "-processorpath", cp,
        src.resolve("Tenant.java").toString(), src.resolve("TenantDao.java").toString());
    assertEquals(0, code, "the test model compiles: " + log);
    assertTrue(Files.isRegularFile(classes.resolve("META-INF/denorm/model.yaml")), "the processor ran");
    return classes;
  }

  /** The options that reach this store's schema {@code schema} (a keyspace or namespace). */
  abstract List<String> storeOptions(String schema);

  /** The store's name for --store. */
  abstract String store();

  /** Deletes the tenants_by_plan row of tenant {@code id} on plan {@code plan}, behind the DAO's back. */
  abstract void deleteIndexRow(String schema, String plan, String id) throws Exception;

  /** The differences the second model shows against a schema made from the first, as the text diff prints them. */
  abstract List<String> expectedDifferences();

  /** A DAO of {@code model}'s generated TenantDao for this store, on {@code schema}. */
  abstract Object dao(ClassLoader model, String schema) throws Exception;

  record Run(int code, String out) {}

  Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = DenormCli.run(args, new PrintWriter(out), new PrintWriter(err));
    String text = out + err.toString();
    System.out.println("[cli] denorm " + String.join(" ", Arrays.asList(args).subList(0, Math.min(3, args.length))) + " -> " + code + "\n"
        + text.indent(2));
    return new Run(code, text);
  }

  Run run(String schema, Path model, String... command) {
    List<String> args = new ArrayList<>(Arrays.asList(command));
    args.addAll(List.of("--model", model.toString(), "--store", store()));
    args.addAll(storeOptions(schema));
    return run(args.toArray(String[]::new));
  }

  @Test
  void aNewColumnAndANewIndexAreDiffedAppliedBackFilledVerifiedAndRebuilt() throws Exception {
    String schema = "cli_" + Long.toHexString(System.nanoTime());
    Run created = run(schema, v1, "schema", "apply");
    assertEquals(0, created.code(), created.out());
    assertEquals(0, run(schema, v1, "schema", "diff").code(), "the first model's schema is in line with it");

    // rows written by the first model's DAO
    try (URLClassLoader first = new URLClassLoader(new URL[] {v1.toUri().toURL()}, getClass().getClassLoader())) {
      Object dao = dao(first, schema);
      Class<?> tenant = first.loadClass("cliapp.Tenant");
      Method save = dao.getClass().getMethod("save", tenant);
      for (int i = 0; i < 40; i++) {
        save.invoke(dao, tenant.getConstructors()[0].newInstance("t" + i, "Tenant " + i, i % 4 == 0 ? "pro" : "free"));
      }
    }

    Run diff = run(schema, v2, "schema", "diff");
    assertEquals(1, diff.code(), diff.out());
    List<String> lines = diff.out().lines().filter(l -> !l.startsWith(schemaWord())).toList();
    assertEquals(expectedDifferences(), lines, "exactly the new column and the new index table");
    Run json = run(schema, v2, "schema", "diff", "--format", "json");
    assertEquals(1, json.code());
    assertTrue(json.out().contains("\"inLine\":false") && json.out().contains("\"table\":\"tenants_by_plan\",\"kind\":\"table-missing\""), json.out());

    Run apply = run(schema, v2, "schema", "apply");
    assertEquals(0, apply.code(), apply.out());
    assertTrue(apply.out().contains("tenants_by_plan: back-filled, ready: ") && apply.out().contains("tenants_by_plan: 40 master rows"), apply.out());
    Run clean = run(schema, v2, "schema", "diff");
    assertEquals(0, clean.code(), clean.out());
    assertTrue(clean.out().contains("is in line with the model"), clean.out());

    try (URLClassLoader second = new URLClassLoader(new URL[] {v2.toUri().toURL()}, getClass().getClassLoader())) {
      Object dao = dao(second, schema);
      List<?> pro = (List<?>) dao.getClass().getMethod("findByPlan", String.class).invoke(dao, "pro");
      assertEquals(10, pro.size(), "the back-filled index answers the second model's new finder");
    }

    Run verified = run(schema, v2, "index", "verify", "tenants_by_plan");
    assertEquals(0, verified.code(), verified.out());
    assertTrue(verified.out().contains("40 master rows, 40 index rows, 0 missing, 0 stale, 0 mismatched"), verified.out());

    // damage: one needed row deleted, and one left stale by an insert that moved t4 to another plan
    deleteIndexRow(schema, "pro", "t8");
    try (URLClassLoader second = new URLClassLoader(new URL[] {v2.toUri().toURL()}, getClass().getClassLoader())) {
      Object dao = dao(second, schema);
      Class<?> tenant = second.loadClass("cliapp.Tenant");
      dao.getClass().getMethod("insert", tenant).invoke(dao, tenant.getConstructors()[0].newInstance("t4", "Tenant 4", "gold", "eu"));
    }
    Run damaged = run(schema, v2, "index", "verify", "tenants_by_plan");
    assertEquals(1, damaged.code(), damaged.out());
    assertTrue(damaged.out().contains("1 missing, 1 stale"), damaged.out());
    // A rebuild in another JVM, slowed to 10 rows a second, killed once it has finished part of its
    // scans. (The stale row is seconds old: younger than the default repair grace, a rebuild would leave it.)
    Path checkpoint = Files.createTempDirectory("denorm-cli-checkpoint").resolve("tenants_by_plan");
    List<String> rebuild = new ArrayList<>(List.of("index", "rebuild", "tenants_by_plan", "--repair-grace-seconds", "0", "--parallelism", "1",
        "--checkpoint", checkpoint.toString()));
    List<String> slow = new ArrayList<>(rebuild);
    slow.addAll(List.of("--max-rows-per-second", "10"));
    String state = killMidway(schema, v2, slow, checkpoint);
    System.out.println("[cli] killed the rebuild with its checkpoint at: " + state);
    Run resumed = run(schema, v2, rebuild.toArray(String[]::new));
    assertEquals(0, resumed.code(), resumed.out());
    assertTrue(resumed.out().contains("resuming from the checkpoint in " + checkpoint + ": a rebuild of tenants_by_plan, 1 attempt so far, stale "),
        resumed.out());
    // the counts of the two attempts together: each row counted once, the damage found and repaired once
    assertTrue(resumed.out().contains("rebuild tenants_by_plan: 40 master rows, 40 index rows, 1 missing, 1 stale, 0 mismatched, 2 fixed"),
        resumed.out());
    assertTrue(Files.notExists(checkpoint), "a finished run deletes its checkpoint");
    Run after = run(schema, v2, "index", "verify", "tenants_by_plan");
    assertEquals(0, after.code(), after.out());
    assertTrue(after.out().contains("0 missing, 0 stale, 0 mismatched"), after.out());
  }

  /**
   * Runs {@code command} in a JVM of its own and kills it (SIGKILL) once its checkpoint has a
   * segment of the index scan with rows finished and the master scan unfinished; returns the
   * checkpoint's state then.
   */
  private String killMidway(String schema, Path model, List<String> command, Path checkpoint) throws Exception {
    List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), DenormCli.class.getName()));
    line.addAll(command);
    line.addAll(List.of("--model", model.toString(), "--store", store()));
    line.addAll(storeOptions(schema));
    Path log = Files.createTempFile("denorm-cli-killed", ".log");
    Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      long deadline = System.nanoTime() + 120_000_000_000L;
      while (System.nanoTime() < deadline && process.isAlive()) {
        java.util.Properties p = checkpointState(checkpoint);
        if (Long.parseLong(p.getProperty("count.indexRows", "0")) > 0) { // a finished segment of the index scan that had rows
          process.destroyForcibly().waitFor();
          String state = io.denorm.index.IndexMaintenance.checkpointState(checkpoint).orElseThrow();
          assertTrue(checkpointState(checkpoint).getProperty("missing.segments") == null
              || checkpointState(checkpoint).stringPropertyNames().stream().filter(k -> k.matches("missing\\.\\d+")).count()
                  < checkpointState(checkpoint).getProperty("missing.segments").split("\n").length,
              "killed before the master scan finished: " + state);
          return state;
        }
        Thread.sleep(20);
      }
      throw new AssertionError("the slowed rebuild " + (process.isAlive() ? "did not finish a segment in 120 s" : "ended by itself") + ":\n"
          + Files.readString(log));
    } finally {
      process.destroyForcibly();
      System.out.println("[cli] the killed rebuild printed:\n" + Files.readString(log).indent(2));
    }
  }

  private static java.util.Properties checkpointState(Path checkpoint) throws IOException {
    java.util.Properties p = new java.util.Properties();
    Path file = checkpoint.resolve("state.properties");
    if (Files.isRegularFile(file)) {
      try (java.io.InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
    }
    return p;
  }

  @Test
  void anUnknownIndexOrMissingModelIsACleanRefusal() {
    String schema = "cli_" + Long.toHexString(System.nanoTime());
    Run unknown = run(schema, v2, "index", "verify", "tenants_by_colour");
    assertEquals(2, unknown.code(), unknown.out());
    assertTrue(unknown.out().contains("no index table tenants_by_colour in the model; its index tables: [tenants_by_name, tenants_by_plan]"), unknown.out());
    Run noModel = run(Stream.concat(Stream.of("schema", "diff", "--model", v2.resolveSibling("nothing-here").toString(), "--store", store()),
        storeOptions(schema).stream()).toArray(String[]::new));
    assertEquals(2, noModel.code(), noModel.out());
    assertTrue(noModel.out().contains("does not exist: give the application's jar or its classes directory"), noModel.out());
  }

  /** The first word of the diff's summary line: keyspace or namespace. */
  abstract String schemaWord();
}
