package io.denorm.cli;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.denorm.DenormException;
import io.denorm.cassandra.Replication;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The {@code denorm} command: an application's model (its jar or classes directory) against a live
 * Cassandra keyspace or HBase namespace. Exit codes: 0 done (or in line), 1 differences or damage
 * found, 2 refused or bad input, nothing changed.
 */
@Command(name = "denorm", mixinStandardHelpOptions = true, version = "denorm 0.1.0-SNAPSHOT",
    description = "Operates a Denorm model on Cassandra or HBase: the live schema against the model, and the index tables.",
    subcommands = {DenormCli.Schema.class, DenormCli.Index.class, DenormCli.Report.class})
public final class DenormCli implements Runnable {

  /** Exit code: differences or damage found. */
  static final int FOUND = 1;
  /** Exit code: refused (a destructive change without --allow-destructive, bad input); nothing changed. */
  static final int REFUSED = 2;

  @Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command with {@code args}, writing to {@code out} and {@code err}; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new DenormCli());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, line, parsed) -> {
      Throwable shown = e instanceof DenormException || e instanceof IllegalArgumentException || e.getCause() == null ? e : e.getCause();
      line.getErr().println("denorm: " + shown.getMessage());
      line.getErr().flush();
      return REFUSED;
    });
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Where the model comes from and how to reach the store. */
  static final class Target {
    @Option(names = "--model", required = true, split = ",", paramLabel = "PATH",
        description = "The application's jar or classes directory (META-INF/denorm/ and the generated DAOs); several separated by commas.")
    List<Path> model = new ArrayList<>();

    @Option(names = "--store", defaultValue = "cassandra", description = "cassandra or hbase (default: ${DEFAULT-VALUE}).")
    String store;

    @Option(names = "--contact-points", paramLabel = "HOST:PORT[,…]", description = "Cassandra contact points.")
    String contactPoints;

    @Option(names = "--local-datacenter", defaultValue = "datacenter1", description = "Cassandra local datacenter (default: ${DEFAULT-VALUE}).")
    String localDatacenter;

    @Option(names = "--keyspace", description = "The Cassandra keyspace of the model's tables.")
    String keyspace;

    @Option(names = "--username", description = "Cassandra user (PasswordAuthenticator).")
    String username;

    @Option(names = "--password", description = "Its password.", interactive = true, arity = "0..1")
    String password;

    @Option(names = "--ssl", description = "TLS to Cassandra with the JVM's default SSL context (javax.net.ssl.trustStore…).")
    boolean ssl;

    @Option(names = "--driver-config", paramLabel = "FILE",
        description = "A driver application.conf (contact points, datacenter, auth, TLS…) instead of the options above.")
    Path driverConfig;

    @Option(names = "--replication-factor", description = "Creates a missing keyspace with SimpleStrategy and this factor.")
    Integer replicationFactor;

    @Option(names = "--datacenter-replication", split = ",", paramLabel = "DC=N",
        description = "Creates a missing keyspace with NetworkTopologyStrategy and these factors.")
    Map<String, Integer> datacenterReplication;

    @Option(names = "--zookeeper-quorum", paramLabel = "HOST[:PORT][,…]", description = "HBase ZooKeeper quorum.")
    String zookeeperQuorum;

    @Option(names = "--hbase-site", paramLabel = "FILE", description = "An hbase-site.xml (quorum, TLS, Kerberos…).")
    Path hbaseSite;

    @Option(names = "--namespace", description = "The HBase namespace of the model's tables.")
    String namespace;

    Store open() {
      return switch (store) {
        case "cassandra" -> cassandra();
        case "hbase" -> hbase();
        default -> throw new DenormException("--store " + store + ": give cassandra or hbase");
      };
    }

    private Store cassandra() {
      if (keyspace == null || keyspace.isBlank()) {
        throw new DenormException("--keyspace is required with --store cassandra");
      }
      CqlSessionBuilder builder = CqlSession.builder();
      if (driverConfig != null) {
        builder.withConfigLoader(DriverConfigLoader.fromFile(driverConfig.toFile()));
      } else {
        if (contactPoints == null) {
          throw new DenormException("give --contact-points (host:port,…) or --driver-config");
        }
        builder.withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
            .build());
        for (String point : contactPoints.split(",")) {
          String p = point.strip();
          int colon = p.lastIndexOf(':');
          builder.addContactPoint(colon < 0 ? new InetSocketAddress(p, 9042) : new InetSocketAddress(p.substring(0, colon),
              Integer.parseInt(p.substring(colon + 1))));
        }
        builder.withLocalDatacenter(localDatacenter);
      }
      if (username != null) {
        builder.withAuthCredentials(username, password == null ? "" : password);
      }
      if (ssl) {
        try {
          builder.withSslContext(javax.net.ssl.SSLContext.getDefault());
        } catch (java.security.NoSuchAlgorithmException e) {
          throw new DenormException("no default SSL context: " + e.getMessage(), e);
        }
      }
      Replication replication = replicationFactor != null ? Replication.simple(replicationFactor)
          : datacenterReplication != null ? Replication.networkTopology(datacenterReplication) : null;
      return new CassandraStore(builder.build(), true, keyspace, replication);
    }

    private Store hbase() {
      if (namespace == null || namespace.isBlank()) {
        throw new DenormException("--namespace is required with --store hbase");
      }
      Configuration conf = HBaseConfiguration.create();
      if (hbaseSite != null) {
        conf.addResource(new org.apache.hadoop.fs.Path(hbaseSite.toAbsolutePath().toUri()));
      }
      if (zookeeperQuorum != null) {
        io.denorm.hbase.HBaseConnections.quorum(conf, zookeeperQuorum);
      } else if (hbaseSite == null) {
        throw new DenormException("give --zookeeper-quorum or --hbase-site");
      }
      try {
        return new HBaseStore(ConnectionFactory.createConnection(conf), true, namespace);
      } catch (IOException e) {
        throw new DenormException("cannot connect to HBase: " + e.getMessage(), e);
      }
    }
  }

  @Command(name = "report", mixinStandardHelpOptions = true,
      description = "Writes the model report: one self-contained HTML page (entities, tables, keys and partition estimates, a diagram of "
          + "access patterns, tables and the structures each save keeps, and what every DAO method costs per call on each store).")
  static final class Report implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--model", required = true, split = ",", paramLabel = "PATH",
        description = "The application's jar or classes directory; several separated by commas.")
    List<Path> model = new ArrayList<>();

    @Option(names = {"-o", "--output"}, defaultValue = "denorm-model.html", paramLabel = "FILE",
        description = "Where to write the page (default: ${DEFAULT-VALUE}); - for standard output.")
    String output;

    @Option(names = "--title", defaultValue = "Denorm model report", description = "The page's title (default: ${DEFAULT-VALUE}).")
    String title;

    @Override
    public Integer call() throws IOException {
      try (Model loaded = Model.load(model)) {
        String html = io.denorm.report.ModelReport.html(loaded.manifest(), title);
        if (output.equals("-")) {
          spec.commandLine().getOut().print(html);
        } else {
          Path file = Path.of(output);
          if (file.toAbsolutePath().getParent() != null) {
            java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
          }
          java.nio.file.Files.writeString(file, html);
          spec.commandLine().getOut().println("wrote " + file + " (" + html.length() / 1024 + " KB)");
        }
        return 0;
      }
    }
  }

  @Command(name = "schema", mixinStandardHelpOptions = true, description = "The live schema against the model.",
      subcommands = {Diff.class, Apply.class})
  static final class Schema implements Runnable {
    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
      spec.commandLine().usage(spec.commandLine().getOut());
    }
  }

  @Command(name = "diff", mixinStandardHelpOptions = true,
      description = "Lists, table by table and column by column, how the live schema differs from the model: missing tables and columns, "
          + "type mismatches, changed keys (which no ALTER can fix) and extra tables. Exit code 0 only when in line.")
  static final class Diff implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;
    @Mixin Target target;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--strict", description = "Extra tables (in the store, not in the model) also make the exit code 1.")
    boolean strict;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (Model model = Model.load(target.model); Store store = target.open()) {
        List<Change> changes = store.diff(model);
        boolean inLine = changes.stream().allMatch(c -> !strict && c.kind().equals("extra-table"));
        if (format.equals("json")) {
          Map<String, Object> json = new java.util.LinkedHashMap<>();
          json.put("store", store.name());
          json.put("schema", store.schema());
          json.put("inLine", inLine);
          json.put("differences", changes.stream().map(Change::attributes).toList());
          out.println(io.denorm.json.JsonValues.write(json));
        } else if (!format.equals("text")) {
          throw new DenormException("--format " + format + ": give text or json");
        } else {
          changes.forEach(out::println);
          out.println(store.schema() + (inLine ? " is in line with the model" : ": " + changes.stream().filter(c -> !c.kind().equals("extra-table")).count()
              + " differences from the model") + (changes.stream().anyMatch(c -> c.kind().equals("extra-table")) ? " (extra tables listed)" : ""));
        }
        return inLine ? 0 : FOUND;
      }
    }
  }

  @Command(name = "apply", mixinStandardHelpOptions = true,
      description = "Creates what is missing (tables, types, the keyspace with a replication option) and adds missing columns; a new index table "
          + "is back-filled before it is reported ready. Never drops or recreates anything without --allow-destructive, and never drops "
          + "an extra table.")
  static final class Apply implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;
    @Mixin Target target;

    @Option(names = "--allow-destructive", description = "Recreates tables whose key, clustering order or column types changed (their rows are lost; "
        + "an index table is back-filled again).")
    boolean allowDestructive;

    @Option(names = "--no-backfill", description = "Leaves new index tables empty (back-fill them later with 'denorm index backfill').")
    boolean noBackfill;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (Model model = Model.load(target.model); Store store = target.open()) {
        List<Change> changes = store.diff(model);
        List<Change> destructive = changes.stream().filter(Change::destructive).toList();
        if (!destructive.isEmpty() && !allowDestructive) {
          destructive.forEach(c -> out.println("refused: " + c));
          out.println(destructive.size() + " changes need a table dropped and recreated (its rows lost): run again with --allow-destructive; "
              + "nothing was changed");
          return REFUSED;
        }
        List<String> created = store.apply(model, changes, allowDestructive, out);
        for (String table : created) {
          if (!model.indexTables().contains(table)) {
            continue;
          }
          if (noBackfill) {
            out.println(table + ": created empty (--no-backfill)");
            continue;
          }
          IndexReport report = store.daoForIndex(model, table).indexMaintenance().backfill(table, Progress.to(out));
          out.println(table + ": back-filled, ready: " + report);
        }
        List<Change> left = store.diff(model).stream().filter(c -> !c.kind().equals("extra-table")).toList();
        left.forEach(c -> out.println("still differs: " + c));
        out.println(store.schema() + (left.isEmpty() ? " is in line with the model" : ": " + left.size() + " differences left"));
        return left.isEmpty() ? 0 : FOUND;
      }
    }
  }

  @Command(name = "index", mixinStandardHelpOptions = true, description = "Verify, rebuild or back-fill an index table of the model.",
      subcommands = {Verify.class, Rebuild.class, Backfill.class})
  static final class Index implements Runnable {
    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
      spec.commandLine().usage(spec.commandLine().getOut());
    }
  }

  /** What verify, rebuild and back-fill share: the model, the store, the index and how to scan. */
  abstract static class IndexJob implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;
    @Mixin Target target;

    @Parameters(index = "0", paramLabel = "INDEX", description = "The index table, as the model names it (users_by_location).")
    String index;

    @Option(names = "--parallelism", description = "Segments (token ranges, regions) scanned at once.")
    Integer parallelism;

    @Option(names = "--repair-grace-seconds", paramLabel = "S",
        description = "Stale rows younger than this are left (they may belong to a save still on its way; default: the DAO's, 60 s).")
    Long repairGraceSeconds;

    @Option(names = "--max-rows-per-second", paramLabel = "N", description = "Reads at most N table rows a second (default: no limit).")
    Double maxRowsPerSecond;

    @Option(names = "--checkpoint", paramLabel = "DIR",
        description = "Where the run keeps its state, so that an interrupted run started again resumes where it was (default: "
            + "denorm-checkpoints/STORE-SCHEMA-INDEX-JOB in the working directory). Deleted when the run ends well.")
    Path checkpoint;

    @Option(names = "--restart", description = "Discards a checkpoint left by an earlier run instead of resuming from it.")
    boolean restart;

    @Option(names = "--no-checkpoint", description = "Keeps no checkpoint: an interrupted run starts again from the beginning.")
    boolean noCheckpoint;

    abstract IndexReport run(IndexMaintenance<?> maintenance, String index, java.util.function.Consumer<io.denorm.index.IndexProgress> progress);

    /** verify, rebuild or backfill. */
    abstract String job();

    /** The exit code for {@code report}. */
    int exit(IndexReport report) {
      return 0;
    }

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (Model model = Model.load(target.model); Store store = target.open()) {
        IndexMaintenance<?> maintenance = store.daoForIndex(model, index).indexMaintenance();
        if (parallelism != null) {
          maintenance = maintenance.parallelism(parallelism);
        }
        if (repairGraceSeconds != null) {
          maintenance = maintenance.repairGrace(Duration.ofSeconds(repairGraceSeconds));
        }
        if (maxRowsPerSecond != null) {
          maintenance = maintenance.maxRowsPerSecond(maxRowsPerSecond);
        }
        if (!noCheckpoint) {
          Path dir = checkpoint != null ? checkpoint
              : Path.of("denorm-checkpoints", (store.name() + "-" + store.schema() + "-" + index + "-" + job()).replaceAll("[^A-Za-z0-9_.-]", "-"));
          java.util.Optional<String> left = IndexMaintenance.checkpointState(dir);
          if (left.isPresent() && restart) {
            deleteTree(dir);
            out.println("discarded the checkpoint in " + dir + " (" + left.get() + ")");
          } else if (left.isPresent()) {
            out.println("resuming from the checkpoint in " + dir + ": " + left.get());
          }
          maintenance = maintenance.checkpoint(dir);
        }
        IndexReport report = run(maintenance, index, Progress.to(out));
        out.println(report);
        if (!noCheckpoint && checkpoint == null) {
          try { // the default parent, once its last checkpoint is gone
            java.nio.file.Files.deleteIfExists(Path.of("denorm-checkpoints"));
          } catch (IOException notEmpty) {
            // another index's checkpoint is kept there
          }
        }
        return exit(report);
      }
    }
  }

  private static void deleteTree(Path dir) {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(dir)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new DenormException("cannot delete the checkpoint in " + dir + ": " + e, e);
    }
  }

  @Command(name = "verify", mixinStandardHelpOptions = true,
      description = "Compares the index table with its recomputation from the master rows: missing, stale and mismatched rows. Exit code 1 "
          + "when any is found. Run it while writes are quiet for exact counts.")
  static final class Verify extends IndexJob {
    @Override
    String job() {
      return "verify";
    }

    @Override
    IndexReport run(IndexMaintenance<?> maintenance, String index, java.util.function.Consumer<io.denorm.index.IndexProgress> progress) {
      return maintenance.verify(index, progress);
    }

    @Override
    int exit(IndexReport report) {
      return report.problems() == 0 ? 0 : FOUND;
    }
  }

  @Command(name = "rebuild", mixinStandardHelpOptions = true,
      description = "Writes the missing and mismatched rows of the index table and removes the stale ones, through the write protocol.")
  static final class Rebuild extends IndexJob {
    @Override
    String job() {
      return "rebuild";
    }

    @Override
    IndexReport run(IndexMaintenance<?> maintenance, String index, java.util.function.Consumer<io.denorm.index.IndexProgress> progress) {
      return maintenance.rebuild(index, progress);
    }
  }

  @Command(name = "backfill", mixinStandardHelpOptions = true,
      description = "Writes the rows a new index table lacks, from the master rows (nothing is removed).")
  static final class Backfill extends IndexJob {
    @Override
    String job() {
      return "backfill";
    }

    @Override
    IndexReport run(IndexMaintenance<?> maintenance, String index, java.util.function.Consumer<io.denorm.index.IndexProgress> progress) {
      return maintenance.backfill(index, progress);
    }
  }
}
