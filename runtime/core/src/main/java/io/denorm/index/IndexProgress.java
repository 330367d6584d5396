package io.denorm.index;

/**
 * Progress of a verify or rebuild, reported after each segment (a token range or a region).
 *
 * @param phase "stale" (scanning the index table) or "missing" (scanning the master table)
 * @param etaSeconds the expected seconds left in this phase, from the rate so far
 */
public record IndexProgress(String index, String phase, int segmentsDone, int segmentsTotal, long rowsScanned,
    double rowsPerSecond, double etaSeconds) {

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%s %s: %d/%d segments, %d rows, %.0f rows/s, ETA %.1f s",
        index, phase, segmentsDone, segmentsTotal, rowsScanned, rowsPerSecond, etaSeconds);
  }
}
