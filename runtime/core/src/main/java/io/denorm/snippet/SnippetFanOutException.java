package io.denorm.snippet;

import io.denorm.DenormException;

/**
 * A source row was saved, but some of the snippets copying it could not be rewritten. The source row
 * is stored; the holders counted as failed still show the old values. Running the fan-out again
 * ({@link SnippetSource#fanOut}) finishes it: holders already rewritten are found up to date.
 */
public class SnippetFanOutException extends DenormException {
  private final FanOutReport report;

  public SnippetFanOutException(FanOutReport report, Throwable cause) {
    super(report + "; the " + report.source() + " row is saved; run fanOut(" + report.sourceId() + ") again to finish", cause);
    this.report = report;
  }

  public FanOutReport report() {
    return report;
  }
}
