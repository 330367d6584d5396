package io.denorm.benchmarks;

import io.denorm.testkit.EmbeddedCassandra;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the embedded Cassandra server spends its CPU on a variant's operations, over one slice of
 * the variant alone: the CPU time of each of the server's thread pools (its {@code ThreadMXBean},
 * read before and after) and of its whole process per operation, and a Java Flight Recording of the
 * slice read back into execution samples of the request path's threads (every pool but the
 * flushes', the compactions' and the JVM's housekeeping) per 1,000 operations: by the stage of a
 * request the stack passes through (a sample counts in every stage on its stack), by the Cassandra
 * package running (the frame nearest the top of the stack that is Cassandra's) and by the method at
 * the top, with the bytes those threads allocated per operation (JFR's allocation samples,
 * weighted by the bytes each stands for).
 *
 * <p>JFR's sampler takes a few threads that are in Java code each period of {@value #PERIOD_MS} ms,
 * including threads ready to run but waiting for a core; time in system calls (the network's reads
 * and writes) is not among the samples, and in the runs of 2026-11-29 the samples stood for a fifth
 * to a third of the request path's CPU. The samples say how the sampled Java time of the request
 * path was shared out; the threads' CPU times say how much each pool used. The CPU of a thread that
 * ended during the slice is lost; what the process used beyond its Java threads is the garbage
 * collector's, the JIT compilers', JFR's sampler's and the JVM's own.
 *
 * <p>A recording slows the server: moves recorded at 10 ms ran at a fifth to a third of their rate
 * unrecorded (at 1 ms, with more allocation samples and deeper stacks, no better), so the CPU per
 * operation under recording is not the CPU of an unrecorded run.
 */
final class ServerProfile {

  static final int PERIOD_MS = 10;
  static final int ALLOCATIONS_PER_SECOND = 150;
  static final int STACK_DEPTH = 128;
  /** The format of a printed figure with one decimal. */
  private static final String TENTHS = "%16.1f";
  /** The format of a printed figure without decimals. */
  private static final String WHOLE = "%16.0f";

  /**
   * The stages of a request a sample is counted in: a CQL request's handling counts every sample
   * with a frame of {@code transport} on its stack, including the statement's execution when it
   * runs on the request's thread; the row after it counts those without a {@code cql3} frame.
   */
  static final List<Stage> STAGES = List.of(
      Stage.any("under a CQL request's handling (transport)", "org.apache.cassandra.transport."),
      new Stage("  of which outside statement execution (no cql3)",
          stack -> has(stack, "org.apache.cassandra.transport.") && !has(stack, "org.apache.cassandra.cql3.")),
      Stage.any("statement execution (cql3)", "org.apache.cassandra.cql3."),
      Stage.any("  of which batches (BatchStatement)", "org.apache.cassandra.cql3.statements.BatchStatement"),
      Stage.any("coordinator (StorageProxy)", "org.apache.cassandra.service.StorageProxy"),
      Stage.any("applying mutations (Keyspace.apply)", "org.apache.cassandra.db.Keyspace.apply"),
      Stage.any("  commit log (db.commitlog)", "org.apache.cassandra.db.commitlog."),
      Stage.any("  memtables (db.memtable)", "org.apache.cassandra.db.memtable."),
      Stage.any("  views (db.view)", "org.apache.cassandra.db.view."),
      Stage.any("  reads (SinglePartitionReadCommand)", "org.apache.cassandra.db.SinglePartitionReadCommand"),
      Stage.any("batch log (batchlog)", "org.apache.cassandra.batchlog."),
      Stage.any("SSTables: reading, writing, compacting (io.sstable, db.compaction)", "org.apache.cassandra.io.sstable.",
          "org.apache.cassandra.db.compaction."));

  /** A stage: the samples whose stack (frames as "Class.method", top first) it accepts. */
  record Stage(String name, Predicate<List<String>> stack) {
    /** The samples with a frame starting with one of {@code prefixes}. */
    static Stage any(String name, String... prefixes) {
      return new Stage(name, stack -> java.util.Arrays.stream(prefixes).anyMatch(p -> has(stack, p)));
    }
  }

  private static boolean has(List<String> stack, String prefix) {
    return stack.stream().anyMatch(f -> f.startsWith(prefix));
  }
  /** Thread pools off the request path: flushes, compactions and the JVM's and JMX's housekeeping. */
  static boolean background(String pool) {
    return java.util.stream.Stream.of("CompactionExecutor", "PerDiskMemtableFlushWriter", "MemtableFlushWriter", "MemtablePostFlush",
        "MemtableReclaimMemory", "SlabPoolCleaner", "RMI ", "JMX ", "Notification", "JFR ", "Attach Listener", "Signal Dispatcher",
        "Common-Cleaner", "Reference Handler", "Finalizer", "ScheduledTasks", "ScheduledFastTasks", "OptionalTasks", "BatchlogTasks",
        "NonPeriodicTasks", "CacheCleanupExecutor", "IndexSummaryManager", "GossipTasks", "SecondaryIndexManagement", "Reference-Reaper",
        "LocalPool-Cleaner").anyMatch(pool::startsWith);
  }

  /**
   * The figures of one slice: the process's CPU and each pool's (nanoseconds), then the request
   * path's execution samples and their categories, and the bytes its allocation samples stand for.
   */
  record Profile(String variant, long operations, double rate, long processCpuNanos, Map<String, Long> poolCpuNanos, long samples, Map<String, Long> byPackage,
      Map<String, Long> byStage, Map<String, Long> byMethod, long allocatedBytes) {}

  private final EmbeddedCassandra server;
  private final Path dir;
  private final Path settings;

  private ServerProfile(EmbeddedCassandra server, Path dir, Path settings) {
    this.server = server;
    this.dir = dir;
    this.settings = settings;
  }

  /** A recorder of slices of {@code server} into {@code dir}, which writes the recording settings there once. */
  static ServerProfile of(EmbeddedCassandra server, Path dir) throws IOException {
    return new ServerProfile(server, dir, settings(dir));
  }

  /** Writes the recording settings: execution samples every {@value #PERIOD_MS} ms, allocation samples, nothing else. */
  static Path settings(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve("server-profile.jfc");
    Files.writeString(file, """
        <?xml version="1.0" encoding="UTF-8"?>
        <configuration version="2.0" label="denorm-server-profile">
          <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">%d ms</setting></event>
          <event name="jdk.ObjectAllocationSample"><setting name="enabled">true</setting><setting name="throttle">%d/s</setting><setting name="stackTrace">true</setting></event>
        </configuration>
        """.formatted(PERIOD_MS, ALLOCATIONS_PER_SECOND));
    return file;
  }

  /** Records the server while {@code run} runs {@code operations} operations of {@code variant}, and reads the recording. */
  Profile record(String variant, long operations, Run run) throws Exception {
    String name = "denorm-" + variant.replaceAll("[^A-Za-z0-9]+", "-");
    Path file = dir.resolve(name + ".jfr");
    Files.deleteIfExists(file);
    server.startFlightRecording(name, settings, STACK_DEPTH);
    long cpu0;
    long cpu1;
    long nanos;
    List<EmbeddedCassandra.ThreadCpu> threads0;
    List<EmbeddedCassandra.ThreadCpu> threads1;
    try {
      threads0 = server.threadCpu();
      cpu0 = server.processCpuNanos();
      long t0 = System.nanoTime();
      run.run();
      nanos = System.nanoTime() - t0;
      cpu1 = server.processCpuNanos();
      threads1 = server.threadCpu();
    } finally {
      server.stopFlightRecording(name, file);
    }
    // Per thread (by id) the CPU it used during the slice, counted in the pool of its name at the end.
    Map<Long, Long> before = new java.util.HashMap<>();
    threads0.forEach(t -> before.put(t.id(), t.cpuNanos()));
    Map<String, Long> pools = new TreeMap<>();
    threads1.forEach(t -> pools.merge(pool(t.name()), t.cpuNanos() - before.getOrDefault(t.id(), 0L), Long::sum));
    return read(file, variant, operations, operations / (nanos / 1e9), cpu1 - cpu0, pools);
  }

  interface Run {
    void run() throws Exception;
  }

  static Profile read(Path file, String variant, long operations, double rate, long processCpuNanos, Map<String, Long> poolCpuNanos) throws IOException {
    long samples = 0;
    long allocated = 0;
    Map<String, Long> packages = new TreeMap<>();
    Map<String, Long> stages = new LinkedHashMap<>();
    Map<String, Long> methods = new TreeMap<>();
    Map<String, Boolean> requestPath = new HashMap<>();
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        RecordedEvent event = recording.readEvent();
        String type = event.getEventType().getName();
        if (type.equals("jdk.ObjectAllocationSample")) {
          if (onRequestPath(event, "eventThread", requestPath)) {
            allocated += event.getLong("weight");
          }
        } else if (type.equals("jdk.ExecutionSample") && onRequestPath(event, "sampledThread", requestPath)) {
          samples++;
          RecordedStackTrace stack = event.getStackTrace();
          List<String> frames = new ArrayList<>();
          for (RecordedFrame frame : stack == null ? List.<RecordedFrame>of() : stack.getFrames()) {
            if (frame.isJavaFrame()) {
              frames.add(frame.getMethod().getType().getName() + "." + frame.getMethod().getName());
            }
          }
          packages.merge(cassandraPackage(frames), 1L, Long::sum);
          if (!frames.isEmpty()) {
            methods.merge(frames.get(0), 1L, Long::sum);
          }
          for (Stage stage : STAGES) {
            if (stage.stack().test(frames)) {
              stages.merge(stage.name(), 1L, Long::sum);
            }
          }
        }
      }
    }
    return new Profile(variant, operations, rate, processCpuNanos, poolCpuNanos, samples, packages, stages, methods, allocated);
  }

  /**
   * Whether the thread of {@code event} is on the request path; {@code byName} keeps the answer for
   * each thread name already seen, so that a name is pooled once per recording.
   */
  private static boolean onRequestPath(RecordedEvent event, String threadField, Map<String, Boolean> byName) {
    jdk.jfr.consumer.RecordedThread thread = event.getThread(threadField);
    return thread != null && thread.getJavaName() != null && byName.computeIfAbsent(thread.getJavaName(), name -> !background(pool(name)));
  }

  /** The stages whose work Cassandra's shared worker threads do, each thread named after the stage it works for at the moment. */
  static final java.util.regex.Pattern SHARED_WORKERS = java.util.regex.Pattern.compile(
      "(Native-Transport-Requests|Native-Transport-Auth-Requests|MutationStage|ViewMutationStage|CounterMutationStage|ReadStage|RequestResponseStage)-#");

  /**
   * A thread's pool: its name without numbers ({@code CompactionExecutor:3} → {@code
   * CompactionExecutor:#}); Cassandra's shared worker threads, which move between the request
   * stages (their name follows), are one pool.
   */
  static String pool(String thread) {
    String pool = thread.replaceAll("\\d+", "#");
    return SHARED_WORKERS.matcher(pool).matches() ? "shared request workers (Native-Transport-Requests, MutationStage, ...)" : pool;
  }

  /**
   * The package of the frame nearest the top of the stack that is Cassandra's, without {@code
   * org.apache.cassandra.}; a stack without one is named by its top frame's library (its package's
   * first two parts).
   */
  static String cassandraPackage(List<String> frames) {
    for (String frame : frames) {
      if (frame.startsWith("org.apache.cassandra.")) {
        String type = frame.substring(0, frame.lastIndexOf('.'));
        String pkg = type.substring(0, type.lastIndexOf('.'));
        return pkg.substring("org.apache.cassandra.".length());
      }
    }
    if (frames.isEmpty()) {
      return "(no Java frame)";
    }
    String[] parts = frames.get(0).split("\\.");
    return "(no Cassandra frame) " + (parts.length > 2 ? parts[0] + "." + parts[1] : frames.get(0));
  }

  /** Prints the profiles side by side: CPU per operation by pool, then the request path's samples per 1,000 operations by category, the largest first. */
  static void print(List<Profile> profiles, PrintStream out) {
    String header = "%-58s" + " %16s".repeat(profiles.size()) + "%n";
    Object[] names = new Object[profiles.size() + 1];
    names[0] = "";
    for (int i = 0; i < profiles.size(); i++) {
      String name = profiles.get(i).variant();
      names[i + 1] = name.length() > 16 ? name.substring(0, 16) : name;
    }
    out.printf("%nthe server's CPU per operation (µs), by thread pool (ThreadMXBean)%n");
    out.printf(header, names);
    row(out, "operations per second while recorded", profiles, Profile::rate, WHOLE);
    Scale cpu = Scale.MICROS_PER_OPERATION;
    row(out, "process (all)", profiles, cpu.of(Profile::processCpuNanos), TENTHS);
    row(out, "request path (every pool but the background ones)", profiles, cpu.of(p -> sum(p, false)), TENTHS);
    row(out, "background (flushes, compactions, housekeeping)", profiles, cpu.of(p -> sum(p, true)), TENTHS);
    row(out, "the rest: GC, JIT, JFR's sampler, threads that ended", profiles, cpu.of(p -> p.processCpuNanos() - sum(p, false) - sum(p, true)), TENTHS);
    ranked(out, profiles, Profile::poolCpuNanos, cpu, 14, pool -> "  " + pool + (background(pool) ? " (background)" : ""));
    out.printf("%nthe request path's Java code: JFR execution samples (every %d ms) per 1,000 operations; in the stages a sample counts in"
        + " every stage on its stack%n", PERIOD_MS);
    out.printf(header, names);
    Scale samples = Scale.PER_THOUSAND_OPERATIONS;
    row(out, "samples (all)", profiles, samples.of(Profile::samples), TENTHS);
    row(out, "operations recorded", profiles, p -> p.operations(), WHOLE);
    row(out, "bytes allocated per operation", profiles, p -> p.allocatedBytes() / (double) p.operations(), WHOLE);
    out.printf("%n-- by stage (inclusive)%n");
    for (Stage stage : STAGES) {
      row(out, stage.name(), profiles, samples.of(p -> p.byStage().getOrDefault(stage.name(), 0L)), TENTHS);
    }
    out.printf("%n-- by Cassandra package running (nearest the top of the stack)%n");
    ranked(out, profiles, Profile::byPackage, samples, 16, UnaryOperator.identity());
    out.printf("%n-- by method at the top of the stack%n");
    ranked(out, profiles, Profile::byMethod, samples, 20, UnaryOperator.identity());
  }

  private static long sum(Profile p, boolean background) {
    return p.poolCpuNanos().entrySet().stream().filter(e -> background(e.getKey()) == background).mapToLong(Map.Entry::getValue).sum();
  }

  /**
   * How a figure of a profile (nanoseconds of CPU, or a count of samples) is shown per operation,
   * and how much it weighs when rows are ranked.
   */
  private enum Scale {
    /** Nanoseconds shown in µs per operation, ranked by nanoseconds per operation. */
    MICROS_PER_OPERATION(1) {
      @Override
      double perOperation(long nanos, Profile p) {
        return nanos / 1e3 / p.operations();
      }
    },
    /** Counts shown per 1,000 operations, ranked by counts per 1,000,000 operations. */
    PER_THOUSAND_OPERATIONS(1_000_000L) {
      @Override
      double perOperation(long count, Profile p) {
        return count * 1000.0 / p.operations();
      }
    };

    private final long rankedPer;

    Scale(long rankedPer) {
      this.rankedPer = rankedPer;
    }

    /** The figure {@code value} of {@code p} as it is shown. */
    abstract double perOperation(long value, Profile p);

    /** The figure {@code value} of {@code p} as it weighs in a ranking: per {@code rankedPer} operations, in whole units. */
    long rank(long value, Profile p) {
      return value * rankedPer / Math.max(1, p.operations());
    }

    /** The figure {@code value} of each profile as it is shown. */
    ToDoubleFunction<Profile> of(ToLongFunction<Profile> value) {
      return p -> perOperation(value.applyAsLong(p), p);
    }
  }

  /**
   * Prints a row for each of at most {@code rows} keys of the maps {@code figures} gives, the
   * largest first by the sum over the profiles of their weights in {@code scale}'s ranking; keys
   * whose sum is not above zero are left out. A row is labelled by {@code label} applied to its key.
   */
  private static void ranked(PrintStream out, List<Profile> profiles, Function<Profile, Map<String, Long>> figures, Scale scale, int rows,
      UnaryOperator<String> label) {
    Map<String, Long> total = new TreeMap<>();
    for (Profile p : profiles) {
      figures.apply(p).forEach((k, v) -> total.merge(k, scale.rank(v, p), Long::sum));
    }
    total.entrySet().stream().filter(e -> e.getValue() > 0).sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).limit(rows)
        .forEach(e -> row(out, label.apply(e.getKey()), profiles, scale.of(p -> figures.apply(p).getOrDefault(e.getKey(), 0L)), TENTHS));
  }

  /** Prints one row: {@code label} (cut to 58 characters), then each profile's {@code perOperation} in {@code format}. */
  private static void row(PrintStream out, String label, List<Profile> profiles, ToDoubleFunction<Profile> perOperation, String format) {
    double[] values = profiles.stream().mapToDouble(perOperation).toArray();
    out.printf("%-58s" + (" " + format).repeat(values.length) + "%n", with(label.length() > 58 ? label.substring(0, 58) : label, values));
  }

  private static Object[] with(String label, double[] values) {
    Object[] out = new Object[values.length + 1];
    out[0] = label;
    for (int i = 0; i < values.length; i++) {
      out[i + 1] = values[i];
    }
    return out;
  }
}
