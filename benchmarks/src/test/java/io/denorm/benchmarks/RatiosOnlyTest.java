package io.denorm.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatiosOnlyTest {

  /** -Dbench.only takes prefixes separated by commas; blanks around them and empty ones are dropped. */
  @Test
  void prefixesAreStrippedAndBlanksDropped() {
    assertEquals(List.of("insert2", "move", "read"), Ratios.only("insert2, move ,read"));
    assertEquals(List.of("insert2"), Ratios.only("insert2,"));
    assertEquals(List.of("insert2", "move"), Ratios.only(",insert2,,move"));
  }

  /** Unset or blank: the empty prefix, with which every comparison's key starts (all of them run). */
  @Test
  void nothingMeansEverything() {
    assertEquals(List.of(""), Ratios.only(""));
    assertEquals(List.of(""), Ratios.only(" , "));
  }
}
