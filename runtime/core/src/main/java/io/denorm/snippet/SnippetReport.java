package io.denorm.snippet;

import java.time.Duration;

/**
 * What a check of every snippet copying one source entity found ({@link SnippetSource#verifySnippets})
 * or fixed ({@link SnippetSource#repairSnippets}): the source rows read, the holders their reverse
 * indexes reached, the copies that differed from their source, those rewritten, those that could
 * not be.
 */
public record SnippetReport(String source, boolean repair, long sources, long holders, long stale, long fixed, long failed, Duration took) {

  @Override
  public String toString() {
    return (repair ? "repair" : "verify") + " snippets of " + source + ": " + sources + " source rows, " + holders + " holders, "
        + stale + " stale copies" + (repair ? ", " + fixed + " fixed" : "") + (failed > 0 ? ", " + failed + " FAILED" : "")
        + " in " + took.toMillis() + " ms";
  }
}
