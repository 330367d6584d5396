package io.denorm.testkit.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.testkit.history.HistoryChecker.Operation;
import io.denorm.testkit.history.HistoryChecker.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real-time order the history checker judges by: operations that share a microsecond at their
 * edges are concurrent. A client's next call often starts in the microsecond its last one ended; a
 * strict comparison on both sides left such a write neither before a read nor overlapping it, and
 * the read was then judged against the state before that write.
 */
class OperationOrderTest {

  private static Operation op(String kind, Object value, Outcome outcome, long start, long end) {
    return new Operation(0, kind, "k", value, outcome, null, start, end, null);
  }

  @Test
  void anOperationThatEndsInTheMicrosecondAnotherStartsOverlapsIt() {
    Operation delete = op("delete", null, Outcome.OK, 100, 200);
    Operation read = op("read", null, Outcome.OK, 200, 250);
    assertFalse(delete.before(read));
    assertTrue(delete.overlaps(read));
    assertTrue(read.overlaps(delete));
  }

  @Test
  void onlyAGapOfAMicrosecondOrMoreOrdersTwoOperations() {
    Operation save = op("save", "a", Outcome.OK, 100, 199);
    Operation read = op("read", null, Outcome.OK, 200, 250);
    assertTrue(save.before(read));
    assertFalse(save.overlaps(read));
    assertFalse(read.overlaps(save));
    assertTrue(op("save", "b", Outcome.OK, 120, 260).overlaps(read), "a write that spans the read");
    assertTrue(op("save", "b", Outcome.OK, 210, 220).overlaps(read), "a write inside the read");
  }

  @Test
  void aWriteThatEndsWhenTheReadStartsIsNotPartOfTheStateBeforeIt() {
    Operation save = op("save", "a", Outcome.OK, 100, 150);
    Operation delete = op("delete", null, Outcome.OK, 160, 200);
    List<Operation> history = List.of(save, delete);
    // at 200 the delete has not ended before the read began: only the save's state is known to stand
    assertEquals(List.of("a"), HistoryChecker.possibleStates(history, "k", 200, null));
    // a microsecond later it has, and it overwrote the save
    assertEquals(java.util.Arrays.asList((Object) null), HistoryChecker.possibleStates(history, "k", 201, null));
  }
}
