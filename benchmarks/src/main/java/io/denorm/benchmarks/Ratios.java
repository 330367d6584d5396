package io.denorm.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Runs comparisons in rounds (each comparison's {@link Runner} interleaves its variants within a
 * round, so that no variant always runs first, on the coldest server, or last), and reports per
 * goal the ratio of Denorm's figure to its rival's in each round and the median over the rounds.
 * The ratios go to the console and, as {@code name<TAB>median<TAB>goal<TAB>rounds} (the rounds'
 * ratios, comma-separated), to a TSV file.
 */
final class Ratios {

  /** Whether a higher figure is better (operations per second) or a lower one (a latency). */
  enum Kind {
    RATE(">="), LATENCY("<="),
    /** A time whose excess over its rival's is the figure (Denorm's minus the rival's), not their ratio. */
    DIFFERENCE("<=");

    final String sign;

    Kind(String sign) {
      this.sign = sign;
    }
  }

  /** One figure of a variant in one round, with what to print beside it. */
  record Figure(double value, String detail) {
    static Figure of(double value) {
      return new Figure(value, "");
    }
  }

  /** Every variant of a comparison measured in one round: their figures, in the order of {@link Comparison#variants}. */
  @FunctionalInterface
  interface Runner {
    Figure[] run(int round) throws Exception;
  }

  /** A rival of Denorm's variant (variant 0): variant {@code index}; {@code goal} is the ratio Denorm must reach. */
  record Rival(String key, int index, double goal) {}

  /** Denorm's variant (the first) against its rivals; variants no rival names are measured and printed, without a ratio. */
  record Comparison(String key, String title, Kind kind, String unit, List<String> variants, Runner runner, List<Rival> rivals) {}

  private final List<Comparison> comparisons = new ArrayList<>();
  /** figures[comparison][round][variant]. */
  private final List<List<Figure[]>> figures = new ArrayList<>();

  /**
   * -Dbench.only=prefix[,prefix…]: only the comparisons whose key starts with one of them (for a
   * profile of one path, or a run on a cluster of the comparisons that concern it).
   */
  private static final List<String> ONLY = only(System.getProperty("bench.only", ""));

  /** The prefixes of a -Dbench.only value, blanks dropped; none: the empty prefix, which every key starts with. */
  static List<String> only(String property) {
    List<String> prefixes = java.util.Arrays.stream(property.split(",")).map(String::strip).filter(p -> !p.isEmpty()).toList();
    return prefixes.isEmpty() ? List.of("") : prefixes;
  }

  /** Whether comparisons whose keys start with {@code prefix} are run (-Dbench.only). */
  static boolean wants(String prefix) {
    return ONLY.stream().anyMatch(only -> prefix.startsWith(only) || only.startsWith(prefix));
  }

  void add(Comparison c) {
    if (ONLY.stream().noneMatch(c.key()::startsWith)) {
      return;
    }
    comparisons.add(c);
    figures.add(new ArrayList<>());
  }

  /** One round: every comparison in order, its variants in the orders of {@link Orders} for the round. */
  void round(int round) throws Exception {
    System.out.printf("%n-- round %d --%n", round + 1);
    for (int c = 0; c < comparisons.size(); c++) {
      Comparison comparison = comparisons.get(c);
      List<String> variants = comparison.variants();
      boolean sequential = comparison.kind() == Kind.LATENCY;
      if (sequential) { // the driver's own latency of each select of a sequential comparison, printed below its line
        DriverLatencies.TRACKER.clear();
        DriverLatencies.TRACKER.phase(comparison.key());
      }
      Figure[] row;
      try {
        row = comparison.runner().run(round);
      } finally {
        DriverLatencies.TRACKER.phase(null);
      }
      figures.get(c).add(row);
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-52s", comparison.title()));
      for (int v = 0; v < variants.size(); v++) {
        line.append(String.format(Locale.ROOT, "  %s %s %s%s", variants.get(v), format(row[v].value()), comparison.unit(),
            row[v].detail().isEmpty() ? "" : " (" + row[v].detail() + ")"));
      }
      System.out.println(line);
      if (sequential) {
        DriverLatencies.TRACKER.drainMedians().forEach((query, median) -> System.out.printf("    driver p50 %s: %s%n", median, query));
      }
    }
  }

  /** The markdown table of the last {@link #report}: one line per goal. */
  private final StringBuilder markdown = new StringBuilder();

  /**
   * Replaces the part of {@code report} between the lines {@code <!-- ratios:begin -->} and {@code
   * <!-- ratios:end -->} with the table of the last run, headed by {@code heading} (the machine, the date).
   */
  void updateReport(Path report, String heading) throws IOException {
    String text = Files.readString(report);
    String begin = "<!-- ratios:begin -->\n";
    String end = "<!-- ratios:end -->";
    int from = text.indexOf(begin);
    int to = text.indexOf(end);
    if (from < 0 || to < from) {
      throw new IllegalStateException(report + " has no " + begin.strip() + " … " + end + " section");
    }
    Files.writeString(report, text.substring(0, from + begin.length()) + heading + "\n\n"
        + "| comparison | median ratio | goal | | ratio in each round |\n|---|---|---|---|---|\n" + markdown + "\n" + text.substring(to));
    System.out.printf("updated: %s%n", report.toAbsolutePath());
  }

  /** Prints the table of goals and writes {@code tsv}; returns the number of goals not reached. */
  int report(Path tsv) throws IOException {
    StringBuilder out = new StringBuilder();
    markdown.setLength(0);
    System.out.printf("%n%-60s %-10s %-8s %-6s %s%n", "ratio (Denorm / rival)", "median", "goal", "", "rounds");
    int short_ = 0;
    for (int c = 0; c < comparisons.size(); c++) {
      Comparison comparison = comparisons.get(c);
      for (int r = 0; r < comparison.rivals().size(); r++) {
        Rival rival = comparison.rivals().get(r);
        double[] ratios = new double[figures.get(c).size()];
        for (int round = 0; round < ratios.length; round++) {
          Figure[] row = figures.get(c).get(round);
          ratios[round] = comparison.kind() == Kind.DIFFERENCE ? row[0].value() - row[rival.index()].value() : row[0].value() / row[rival.index()].value();
        }
        double median = median(ratios);
        boolean hasGoal = !Double.isNaN(rival.goal());
        boolean reached = !hasGoal || (comparison.kind() == Kind.RATE ? median >= rival.goal() : median <= rival.goal());
        if (!reached) {
          short_++;
        }
        String name = comparison.key() + "." + rival.key();
        String goal = hasGoal ? comparison.kind().sign + format(rival.goal()) : "-";
        String rounds = String.join(",", Arrays.stream(ratios).mapToObj(Ratios::format).toList());
        System.out.printf(Locale.ROOT, "%-60s %-10s %-8s %-6s %s%n", name, format(median), goal, hasGoal ? (reached ? "pass" : "short") : "", rounds);
        out.append(name).append('\t').append(format(median)).append('\t').append(goal).append('\t').append(rounds).append('\n');
        markdown.append("| `").append(name).append("` (").append(comparison.title()).append(comparison.kind() == Kind.DIFFERENCE ? ", Denorm − " : ", Denorm / ").append(comparison.variants().get(rival.index()))
            .append(") | ").append(format(median)).append(" | ").append(goal).append(" | ").append(hasGoal ? (reached ? "pass" : "short") : "")
            .append(" | ").append(rounds.replace(",", ", ")).append(" |\n");
      }
    }
    Files.createDirectories(tsv.toAbsolutePath().getParent());
    Files.writeString(tsv, out.toString());
    System.out.printf("%nwritten: %s%n", tsv.toAbsolutePath());
    return short_;
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** The {@code p}th percentile of {@code nanos}, in milliseconds. */
  static double percentileMillis(long[] nanos, int p) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1))] / 1e6;
  }

  static String format(double v) {
    if (Math.abs(v) >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.3f", v);
  }
}
