package io.denorm.benchmarks;

import io.denorm.testkit.EmbeddedCassandra;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
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

  private ServerProfile() {}

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
  static Profile record(EmbeddedCassandra server, Path dir, String variant, long operations, Run run) throws Exception {
    Path settings = settings(dir);
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
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        RecordedEvent event = recording.readEvent();
        String type = event.getEventType().getName();
        if (type.equals("jdk.ObjectAllocationSample")) {
          if (onRequestPath(event, "eventThread")) {
            allocated += event.getLong("weight");
          }
        } else if (type.equals("jdk.ExecutionSample") && onRequestPath(event, "sampledThread")) {
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

  private static boolean onRequestPath(RecordedEvent event, String threadField) {
    jdk.jfr.consumer.RecordedThread thread = event.getThread(threadField);
    return thread != null && thread.getJavaName() != null && !background(pool(thread.getJavaName()));
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
    out.printf(header.replace("%16s", "%16.0f"), with("operations per second while recorded", profiles.stream().mapToDouble(Profile::rate).toArray()));
    cpu(out, "process (all)", profiles, p -> p.processCpuNanos());
    cpu(out, "request path (every pool but the background ones)", profiles, p -> sum(p, false));
    cpu(out, "background (flushes, compactions, housekeeping)", profiles, p -> sum(p, true));
    cpu(out, "the rest: GC, JIT, JFR's sampler, threads that ended", profiles, p -> p.processCpuNanos() - sum(p, false) - sum(p, true));
    Map<String, Long> total = new TreeMap<>();
    profiles.forEach(p -> p.poolCpuNanos().forEach((k, v) -> total.merge(k, v / Math.max(1, p.operations()), Long::sum)));
    total.entrySet().stream().filter(e -> e.getValue() > 0).sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).limit(14)
        .forEach(e -> cpu(out, "  " + e.getKey() + (background(e.getKey()) ? " (background)" : ""), profiles, p -> p.poolCpuNanos().getOrDefault(e.getKey(), 0L)));
    out.printf("%nthe request path's Java code: JFR execution samples (every %d ms) per 1,000 operations; in the stages a sample counts in"
        + " every stage on its stack%n", PERIOD_MS);
    out.printf(header, names);
    row(out, "samples (all)", profiles, p -> p.samples());
    out.printf(header.replace("%16s", "%16.0f"), with("operations recorded", profiles.stream().mapToDouble(p -> p.operations()).toArray()));
    out.printf(header.replace("%16s", "%16.0f"), with("bytes allocated per operation", profiles.stream().mapToDouble(p -> p.allocatedBytes() / (double) p.operations()).toArray()));
    out.printf("%n-- by stage (inclusive)%n");
    for (Stage stage : STAGES) {
      row(out, stage.name(), profiles, p -> p.byStage().getOrDefault(stage.name(), 0L));
    }
    table(out, "by Cassandra package running (nearest the top of the stack)", profiles, Profile::byPackage, 16);
    table(out, "by method at the top of the stack", profiles, Profile::byMethod, 20);
  }

  private static long sum(Profile p, boolean background) {
    return p.poolCpuNanos().entrySet().stream().filter(e -> background(e.getKey()) == background).mapToLong(Map.Entry::getValue).sum();
  }

  /** One row of CPU: {@code nanos} of each profile per operation, in µs. */
  private static void cpu(PrintStream out, String label, List<Profile> profiles, java.util.function.ToLongFunction<Profile> nanos) {
    double[] values = profiles.stream().mapToDouble(p -> nanos.applyAsLong(p) / 1e3 / p.operations()).toArray();
    out.printf("%-58s" + " %16.1f".repeat(values.length) + "%n", with(label.length() > 58 ? label.substring(0, 58) : label, values));
  }

  private static void table(PrintStream out, String title, List<Profile> profiles, java.util.function.Function<Profile, Map<String, Long>> counts, int rows) {
    out.printf("%n-- %s%n", title);
    Map<String, Long> total = new TreeMap<>();
    for (Profile p : profiles) {
      counts.apply(p).forEach((k, v) -> total.merge(k, v * 1_000_000L / Math.max(1, p.operations()), Long::sum));
    }
    total.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).limit(rows)
        .forEach(e -> row(out, e.getKey(), profiles, p -> counts.apply(p).getOrDefault(e.getKey(), 0L)));
  }

  /** One row: {@code count} of each profile per 1,000 of its operations. */
  private static void row(PrintStream out, String label, List<Profile> profiles, java.util.function.ToLongFunction<Profile> count) {
    double[] values = profiles.stream().mapToDouble(p -> count.applyAsLong(p) * 1000.0 / p.operations()).toArray();
    out.printf("%-58s" + " %16.1f".repeat(values.length) + "%n", with(label.length() > 58 ? label.substring(0, 58) : label, values));
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
