package io.denorm.benchmarks;

import io.denorm.benchmarks.Ratios.Comparison;
import io.denorm.benchmarks.Ratios.Figure;
import io.denorm.benchmarks.Ratios.Kind;
import io.denorm.benchmarks.Ratios.Rival;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Goal 7 of {@link RatioBenchmark}: the seconds Denorm's annotation processor adds to {@code javac}
 * on a generated source set of {@value #ENTITIES} entities with 3 indexes each (and a DAO of 6
 * methods each), every compilation a {@code javac} process of its own as a build starts it, with
 * and without the processor ({@code -proc:none}), alternating, on the same sources and classpath.
 */
final class ProcessorTime {

  static final int ENTITIES = Integer.getInteger("bench.entities", 200);

  private final Path sources;
  private final List<Path> files = new ArrayList<>();
  private final Path work;

  ProcessorTime(Path work) throws IOException {
    this.work = work;
    this.sources = work.resolve("src");
    deleteTree(work);
    Files.createDirectories(sources.resolve("gen"));
    for (int i = 0; i < ENTITIES; i++) {
      files.add(write("Entity" + i, entity(i)));
      files.add(write("Entity" + i + "Dao", dao(i)));
    }
  }

  private Path write(String name, String source) throws IOException {
    Path file = sources.resolve("gen").resolve(name + ".java");
    Files.writeString(file, source);
    return file;
  }

  /** Entity {@code i}: a record (even i) or a class (odd i) with 3 indexes: one column, two columns, one covering. */
  static String entity(int i) {
    String annotations = String.format(Locale.ROOT, """
        @Entity(table = "entity_%1$d")
        @Index(name = "entity_%1$d_by_a", key = "a")
        @Index(name = "entity_%1$d_by_bc", key = {"b", "c"})
        @Index(name = "entity_%1$d_by_d", key = "d", include = {"a", "n"})
        """, i);
    String imports = "package gen;\n\nimport io.denorm.annotations.*;\nimport java.time.Instant;\nimport java.util.UUID;\n\n";
    if (i % 2 == 0) {
      return imports + annotations + "public record Entity" + i
          + "(@PartitionKey UUID id, String a, String b, String c, String d, long n, Instant at) {}\n";
    }
    return imports + annotations + "public class Entity" + i + " {\n  @PartitionKey UUID id;\n  String a;\n  String b;\n  String c;\n  String d;\n"
        + "  long n;\n  Instant at;\n\n  public Entity" + i + "() {}\n}\n";
  }

  static String dao(int i) {
    return String.format(Locale.ROOT, """
        package gen;

        import io.denorm.annotations.Dao;
        import java.util.List;
        import java.util.Optional;
        import java.util.UUID;

        @Dao
        public interface Entity%1$dDao {
          void save(Entity%1$d e);

          Optional<Entity%1$d> findById(UUID id);

          List<Entity%1$d> findByA(String a);

          List<Entity%1$d> findByBAndC(String b, String c);

          List<Entity%1$d> findByD(String d);

          boolean deleteById(UUID id);
        }
        """, i);
  }

  /** Seconds of one javac process over the source set: with the processor, or with {@code -proc:none}. */
  double javac(boolean processor, String tag) throws Exception {
    return javac(processor, tag, System.getProperty("java.class.path"));
  }

  /**
   * The classpath without Denorm's HBase runtime: a Cassandra-only project, for which the processor
   * generates the Cassandra DAOs alone (it generates for the runtimes the compilation can see).
   */
  static String cassandraOnlyClasspath() {
    return String.join(java.io.File.pathSeparator, java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .filter(entry -> !entry.contains("denorm-runtime-hbase") && !entry.replace('\\', '/').contains("runtime/hbase/"))
        .toList());
  }

  double javac(boolean processor, String tag, String classpath) throws Exception {
    Path out = work.resolve("out-" + tag);
    deleteTree(out);
    Files.createDirectories(out);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
        "-d", out.toString(), "-s", out.toString(), "-cp", classpath, "-encoding", "UTF-8", "-nowarn",
        "-Xlint:none", "-implicit:none"));
    command.addAll(processor ? List.of("-processor", "io.denorm.processor.DenormProcessor") : List.of("-proc:none"));
    files.forEach(f -> command.add(f.toString()));
    long t0 = System.nanoTime();
    Process javac = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(work.resolve("javac-" + tag + ".log").toFile()).start();
    int exit = javac.waitFor();
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (exit != 0) {
      throw new IllegalStateException("javac " + (processor ? "with" : "without") + " the processor failed (" + exit + "): "
          + Files.readString(work.resolve("javac-" + tag + ".log")).lines().limit(20).toList());
    }
    try (Stream<Path> classes = Files.walk(out)) {
      long count = classes.filter(p -> p.toString().endsWith(".class")).count();
      if (count < (processor ? 3L * ENTITIES : 2L * ENTITIES)) {
        throw new IllegalStateException("javac wrote " + count + " classes");
      }
    }
    return seconds;
  }

  /** The generated sources' size in bytes (after a run with the processor). */
  long generatedBytes() throws IOException {
    try (Stream<Path> files = Files.walk(work.resolve("out-with"))) {
      return files.filter(p -> p.toString().endsWith(".java")).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  long sourceBytes() {
    return files.stream().mapToLong(p -> p.toFile().length()).sum();
  }

  Comparison comparison() {
    return new Comparison("javac.processor", "javac, " + ENTITIES + " entities x 3 indexes, seconds", Kind.DIFFERENCE, "s",
        List.of("with the processor", "-proc:none", "with it, Cassandra runtime only"), round -> {
          double[] seconds = new double[3];
          for (int k = 0; k < 3; k++) {
            int v = (k + round) % 3;
            seconds[v] = v == 2 ? javac(true, "cassandra", cassandraOnlyClasspath()) : javac(v == 0, v == 0 ? "with" : "without");
          }
          return new Figure[] {Figure.of(seconds[0]), Figure.of(seconds[1]), Figure.of(seconds[2])};
        }, List.of(new Rival("added", 1, 1.5)));
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Runs the comparison alone: {@code java … io.denorm.benchmarks.ProcessorTime [rounds]}. */
  public static void main(String[] args) throws Exception {
    ProcessorTime time = new ProcessorTime(Path.of("target", "processor-time"));
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    for (int round = 0; round < rounds; round++) {
      double with = time.javac(true, "with");
      double without = time.javac(false, "without");
      double cassandra = time.javac(true, "cassandra", cassandraOnlyClasspath());
      System.out.printf(Locale.ROOT, "round %d: with %.2f s, without %.2f s, added %.2f s; Cassandra runtime only: %.2f s, added %.2f s%n",
          round + 1, with, without, with - without, cassandra, cassandra - without);
    }
    System.out.printf(Locale.ROOT, "sources %,d bytes, generated %,d bytes%n", time.sourceBytes(), time.generatedBytes());
  }
}
