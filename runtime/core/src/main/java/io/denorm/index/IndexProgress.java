package io.denorm.index;

/**
 * Progress of a verify or rebuild, reported after each segment (a token range or a region) of a
 * scan, and after each spill file matched.
 *
 * @param phase "stale" (scanning the index table), "missing" (scanning the master table),
 *     "compare" (matching the two in their spill files: segments are files, rows those matched so
 *     far), or "memberships" (the counts and inverse sides an index feeds)
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
