package io.denorm.index;

import java.time.Duration;

/**
 * The outcome of verifying (or rebuilding) one index against its master table.
 *
 * @param missing entries a master row needs that the index lacks
 * @param stale index rows whose master is gone or no longer needs them
 * @param mismatched index rows a master needs whose included values (or unique owner) differ
 * @param fixed problems a rebuild repaired
 * @param youngStaleLeft stale rows younger than the repair grace, left alone (a save may be in flight)
 * @param counts for an index whose rows are memberships (of a {@code @Count}, a {@code @References} side): the rows they feed, checked
 * @param wrongCounts counts that differed from the number of memberships (a rebuild sets them to it)
 * @param wrongInverse inverse sides ({@code @References}) that differed from the memberships (a rebuild edits them to match)
 */
public record IndexReport(String index, boolean rebuild, long masterRows, long indexRows, long missing, long stale,
    long mismatched, long fixed, long youngStaleLeft, long counts, long wrongCounts, long wrongInverse, Duration took) {

  public long problems() {
    return missing + stale + mismatched + wrongCounts + wrongInverse;
  }

  @Override
  public String toString() {
    return (rebuild ? "rebuild " : "verify ") + index + ": " + masterRows + " master rows, " + indexRows + " index rows, "
        + missing + " missing, " + stale + " stale, " + mismatched + " mismatched"
        + (counts > 0 || wrongCounts > 0 ? ", " + counts + " counts, " + wrongCounts + " wrong" : "")
        + (wrongInverse > 0 ? ", " + wrongInverse + " inverse sides wrong" : "")
        + (rebuild ? ", " + fixed + " fixed" : "") + (youngStaleLeft > 0 ? ", " + youngStaleLeft + " young stale left" : "")
        + " in " + took.toMillis() + " ms";
  }
}
