package io.denorm.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The plan of a save whose states are compared pairwise (what {@link WritePlan#forSave} does for
 * states of up to {@link WritePlan#PAIRWISE} entries) is the plan made through maps keyed by row
 * identity: same rows in each list, same order, same entry kept where a state names a row twice.
 */
class WritePlanPathsTest {

  static final IndexDefinition PLAIN = new IndexDefinition("User", "users_by_city", 1, 1, 1, false);
  static final IndexDefinition UNIQUE = new IndexDefinition("User", "users_by_email", 1, 1, 1, true);
  static final IndexDefinition PAIR = new IndexDefinition("User", "users_by_pair", 2, 1, 0, false);

  @Property(tries = 2000)
  void pairwiseAndHashedPlansAgree(@ForAll @IntRange(min = 0, max = 8) int oldCount, @ForAll @IntRange(min = 0, max = 8) int nextCount,
      @ForAll long seed) {
    java.util.Random random = new java.util.Random(seed);
    List<IndexEntry> old = entries(random, oldCount);
    List<IndexEntry> next = entries(random, nextCount);
    assertEquals(WritePlan.forSave(old, next, IndexDefinition::unique, -1), WritePlan.forSave(old, next, IndexDefinition::unique, Integer.MAX_VALUE),
        "old " + old + ", next " + next);
  }

  /** Entries over few key values, so that states share rows, repeat rows and give a unique row to another master. */
  private static List<IndexEntry> entries(java.util.Random random, int n) {
    List<IndexEntry> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Object master = random.nextInt(2);
      Object included = "v" + random.nextInt(2);
      out.add(switch (random.nextInt(3)) {
        case 0 -> new IndexEntry(PLAIN, List.of("k" + random.nextInt(3), master, included));
        case 1 -> new IndexEntry(UNIQUE, List.of("k" + random.nextInt(3), master, included));
        default -> new IndexEntry(PAIR, List.of("a" + random.nextInt(2), random.nextBoolean() ? "b" : 1, master));
      });
    }
    return out;
  }
}
