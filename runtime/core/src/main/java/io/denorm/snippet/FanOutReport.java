package io.denorm.snippet;

/**
 * What one fan-out did: the holders its source's id reached through the reverse indexes, how many
 * had a snippet to rewrite and were saved, how many were already up to date, how many saves lost a
 * version compare-and-set and were retried, and how many could not be rewritten.
 */
public record FanOutReport(String source, Object sourceId, int holders, int updated, int unchanged, int retried, int failed) {

  static FanOutReport none(String source, Object sourceId) {
    return new FanOutReport(source, sourceId, 0, 0, 0, 0, 0);
  }

  FanOutReport plus(FanOutReport o) {
    return new FanOutReport(source, sourceId, holders + o.holders, updated + o.updated, unchanged + o.unchanged,
        retried + o.retried, failed + o.failed);
  }

  @Override
  public String toString() {
    return source + " " + sourceId + ": " + holders + " holder(s), " + updated + " rewritten, " + unchanged + " up to date"
        + (retried > 0 ? ", " + retried + " retried" : "") + (failed > 0 ? ", " + failed + " FAILED" : "");
  }
}
