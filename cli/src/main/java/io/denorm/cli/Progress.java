package io.denorm.cli;

import io.denorm.index.IndexProgress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The progress of an index job: on a terminal one line redrawn in place (a bar, rows, rate and
 * ETA), else plain lines, at most one a second per phase and the last of each phase.
 */
final class Progress implements Consumer<IndexProgress> {

  private final PrintWriter out;
  private final boolean terminal;
  private String phase;
  private long lastLine;

  private Progress(PrintWriter out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** Progress written to {@code out}, redrawn in place when the JVM has a console and {@code TERM} is not {@code dumb}. */
  static Progress to(PrintWriter out) {
    return new Progress(out, System.console() != null && !"dumb".equals(System.getenv("TERM")));
  }

  @Override
  public synchronized void accept(IndexProgress p) {
    boolean newPhase = !p.phase().equals(phase);
    boolean phaseDone = p.segmentsTotal() > 0 && p.segmentsDone() >= p.segmentsTotal();
    long now = System.nanoTime();
    if (terminal) {
      if (newPhase && phase != null) {
        out.println();
      }
      out.print("\r" + line(p, true));
      if (phaseDone) {
        out.println();
        phase = null;
        out.flush();
        return;
      }
    } else if (newPhase || phaseDone || now - lastLine >= 1_000_000_000L) {
      out.println(line(p, false));
      lastLine = now;
    }
    phase = phaseDone ? null : p.phase();
    out.flush();
  }

  static String line(IndexProgress p, boolean bar) {
    int width = 24;
    int filled = p.segmentsTotal() <= 0 ? 0 : (int) ((long) width * p.segmentsDone() / p.segmentsTotal());
    String shown = bar ? "[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " : "";
    return String.format(Locale.ROOT, "%s %-8s %s%d/%d segments, %,d rows, %,.0f rows/s, ETA %s", p.index(), p.phase(), shown,
        p.segmentsDone(), p.segmentsTotal(), p.rowsScanned(), p.rowsPerSecond(), eta(p.etaSeconds()));
  }

  private static String eta(double seconds) {
    if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
      return "?";
    }
    long s = Math.round(seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60) : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60)
        : s + "s";
  }
}
