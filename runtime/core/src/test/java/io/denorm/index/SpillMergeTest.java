package io.denorm.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import io.denorm.TaggedValues;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spill files of verify and rebuild: values come back as written, and rows meet by identity however often a file is split. */
class SpillMergeTest {

  @TempDir Path temp;

  private static final IndexDefinition PLAIN = new IndexDefinition("User", "users_by_city", 2, 1, 1, false);
  private static final IndexDefinition UNIQUE = new IndexDefinition("User", "users_by_email", 1, 1, 0, true);

  @Test
  void everyStoredFormComesBackEqual() throws Exception {
    List<Object> values = new ArrayList<>(List.of("text é ✓", 42L, 7, (short) 3, (byte) -1, true, 2.5d, -0.0f,
        new UUID(-1L, 5L), Instant.ofEpochSecond(1_700_000_000L, 123_456_789), LocalDate.of(2026, 11, 25), LocalTime.of(23, 59, 1, 5),
        new BigDecimal("1.00"), new BigInteger("-123456789012345678901234567890"), ByteBuffer.wrap(new byte[] {1, 2, 3}),
        List.of("a", "b"), Set.of(1, 2, 3), Map.of("k", 1L), java.time.Duration.ofMillis(5)));
    values.add(null);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (Object v : values) {
      TaggedValues.write(v, out, true);
    }
    TaggedValues.write(new byte[] {9, 8}, out, true);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    for (Object v : values) {
      assertEquals(v, TaggedValues.read(in), String.valueOf(v));
    }
    assertEquals(ByteBuffer.wrap(new byte[] {9, 8}), TaggedValues.read(in), "a byte array comes back as a blob's stored form");
    assertEquals(-1, in.read());
  }

  @Test
  void valuesThatCannotBeSpilledAreRefusedByIndexAndType() {
    IndexDefinition odd = new IndexDefinition("User", "users_by_odd", 1, 1, 1, false);
    try (SpillMerge spill = new SpillMerge(odd, temp, 1 << 20)) {
      var error = org.junit.jupiter.api.Assertions.assertThrows(io.denorm.DenormException.class,
          () -> spill.needed(new IndexEntry(odd, List.of("k", "id", new Object()))));
      assertTrue(error.getMessage().contains("users_by_odd") && error.getMessage().contains("java.lang.Object"), error.getMessage());
    }
  }

  /** Cells on HBase keep their encoding: the tags of the values an HBase table already holds. */
  @Test
  void storedFormsKeepTheirTags() throws Exception {
    assertArrayEquals(new byte[] {1, 0, 0, 0, 1, 'a'}, tagged("a"));
    assertArrayEquals(new byte[] {2, 0, 0, 0, 7}, tagged(7));
    assertArrayEquals(new byte[] {3, 0, 0, 0, 0, 0, 0, 0, 7}, tagged(7L));
    assertArrayEquals(new byte[] {15, 0, 0, 0, 1, 5}, tagged(ByteBuffer.wrap(new byte[] {5})));
    assertArrayEquals(new byte[] {16, 0, 0, 0, 0}, tagged(List.of()));
    assertArrayEquals(new byte[] {18, 0, 0, 0, 0}, tagged(Map.of()));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> TaggedValues.write(java.time.Duration.ZERO, new DataOutputStream(new ByteArrayOutputStream()), false));
  }

  private static byte[] tagged(Object v) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TaggedValues.write(v, new DataOutputStream(bytes), false);
    return bytes.toByteArray();
  }

  /**
   * Random held and needed rows, some on both sides, merged with a budget so small that every file
   * is split again: each identity comes out once, with exactly its rows.
   */
  @Test
  void rowsMeetByIdentityAcrossSplits() throws Exception {
    Random random = new Random(11);
    Map<List<Object>, List<IndexEntry>> held = new HashMap<>();
    Map<List<Object>, List<IndexEntry>> needed = new HashMap<>();
    List<Object[]> spilled = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      UUID id = new UUID(random.nextLong(), random.nextLong());
      IndexEntry entry = new IndexEntry(PLAIN, List.of("state-" + random.nextInt(5), "city-" + random.nextInt(40), id, "name " + i));
      int side = random.nextInt(3); // 0 held, 1 needed, 2 both (with other included values half the time)
      if (side != 1) {
        held.computeIfAbsent(entry.identity(), k -> new ArrayList<>()).add(entry);
        spilled.add(new Object[] {"held", entry});
      }
      if (side != 0) {
        IndexEntry need = side == 2 && random.nextBoolean()
            ? new IndexEntry(PLAIN, List.of(entry.values().get(0), entry.values().get(1), id, "renamed " + i)) : entry;
        needed.computeIfAbsent(need.identity(), k -> new ArrayList<>()).add(need);
        spilled.add(new Object[] {"needed", need});
      }
    }
    Map<List<Object>, SpillMerge.Group> seen = new HashMap<>();
    try (SpillMerge spill = new SpillMerge(PLAIN, temp, 4096)) {
      for (Object[] s : spilled) {
        if (s[0].equals("held")) {
          spill.held(new IndexHit((IndexEntry) s[1], 77L));
        } else {
          spill.needed((IndexEntry) s[1]);
        }
      }
      List<Integer> files = new ArrayList<>();
      spill.merge(new Recorder() {
        @Override
        public void group(SpillMerge.Group g) {
          List<Object> identity = (g.held().isEmpty() ? g.needed().get(0) : g.held().get(0).entry()).identity();
          assertFalse(seen.containsKey(identity), "identity met twice: " + identity);
          seen.put(identity, g);
        }

        @Override
        public void fileDone(int done, int total) {
          files.add(done);
          assertEquals(64, total);
        }
      });
      assertEquals(64, files.size());
      assertTrue(streamed.isEmpty(), "rows of distinct identities were streamed: " + streamed.size());
    }
    Set<List<Object>> identities = new java.util.HashSet<>(held.keySet());
    identities.addAll(needed.keySet());
    assertEquals(identities, seen.keySet());
    for (List<Object> identity : identities) {
      SpillMerge.Group g = seen.get(identity);
      assertEquals(held.getOrDefault(identity, List.of()), g.held().stream().map(IndexHit::entry).toList());
      assertEquals(needed.getOrDefault(identity, List.of()), g.needed());
      g.held().forEach(h -> assertEquals(77L, h.writeTime()));
    }
    try (var left = Files.list(temp)) {
      assertEquals(0, left.count(), "spill files left behind");
    }
  }

  /** Records what a merge hands on row by row; groups fail the test unless a test overrides it. */
  private final List<String> streamed = new ArrayList<>();

  private class Recorder implements SpillMerge.Sink {
    @Override
    public void group(SpillMerge.Group group) {
      throw new AssertionError("unexpected group " + group);
    }

    @Override
    public void heldAlone(IndexHit hit) {
      streamed.add("held " + hit.entry().masterKey());
    }

    @Override
    public void heldDone() {
      streamed.add("held done");
    }

    @Override
    public void neededAlone(IndexEntry entry) {
      streamed.add("needed " + entry.masterKey());
    }

    @Override
    public void fileDone(int done, int files) {}
  }

  /**
   * One unique key needed by 30,000 masters (a unique index added to data that breaks it): no hash
   * splits their file below the budget, so its rows stream one at a time, the held row first,
   * instead of being held in memory as one group.
   */
  @Test
  void oneKeyNeededByVeryManyMastersStreams() {
    try (SpillMerge spill = new SpillMerge(UNIQUE, temp, 8192)) {
      spill.held(new IndexHit(new IndexEntry(UNIQUE, List.of("", "M0")), 5L));
      for (int i = 0; i < 30_000; i++) {
        spill.needed(new IndexEntry(UNIQUE, List.of("", "M" + i)));
      }
      spill.merge(new Recorder());
    }
    assertEquals(30_002, streamed.size());
    assertEquals("held [M0]", streamed.get(0));
    assertEquals("held done", streamed.get(1));
    assertEquals("needed [M29999]", streamed.get(30_001));
  }

  /** A unique row held by one master and needed by another meets its claimant: their identity is the key alone. */
  @Test
  void aUniqueRowMeetsEveryMasterThatNeedsIt() {
    IndexEntry heldByA = new IndexEntry(UNIQUE, List.of("a@example.org", "A"));
    IndexEntry neededByB = new IndexEntry(UNIQUE, List.of("a@example.org", "B"));
    List<SpillMerge.Group> groups = new ArrayList<>();
    try (SpillMerge spill = new SpillMerge(UNIQUE, temp, 1 << 20)) {
      spill.held(new IndexHit(heldByA, 5L));
      spill.needed(neededByB);
      spill.merge(new Recorder() {
        @Override
        public void group(SpillMerge.Group g) {
          groups.add(g);
        }
      });
    }
    assertEquals(1, groups.size());
    assertEquals(List.of(heldByA), groups.get(0).held().stream().map(IndexHit::entry).toList());
    assertEquals(List.of(neededByB), groups.get(0).needed());
  }

  /**
   * Two attempts of a checkpointed run: the first spills rows of two segments of each scan, finishes
   * one of each and dies with its last row half written; the second reads the unfinished ones again
   * and compares half the files, then a third compares the rest. Every row is merged exactly once.
   */
  @Test
  void aResumedRunMergesTheRowsOfFinishedSegmentsOnce() throws Exception {
    Path dir = temp.resolve("checkpoint");
    List<IndexEntry> rows = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      rows.add(new IndexEntry(PLAIN, List.of("s", "city-" + (i % 7), new UUID(0, i), "n" + i)));
    }
    Checkpoint first = Checkpoint.open(dir, "users_by_city", PLAIN.toString(), "verify");
    first.plan(SpillMerge.HELD_PHASE, List.of("a", "b"));
    first.plan(SpillMerge.NEEDED_PHASE, List.of("a", "b"));
    SpillMerge spill = new SpillMerge(PLAIN, first, 1 << 20);
    for (int i = 0; i < rows.size(); i++) {
      spill.held(new IndexHit(rows.get(i), 1L), i % 2);
      spill.needed(rows.get(i), i % 2);
    }
    spill.flush();
    first.finished(SpillMerge.HELD_PHASE, 0, Map.of("indexRows", 100L));
    first.finished(SpillMerge.NEEDED_PHASE, 1, Map.of("masterRows", 100L));
    spill.close(); // killed: the files stay, one of them ending in a torn row
    first.close();
    Path anyFile = Files.list(dir.resolve("spill")).filter(f -> f.toFile().length() > 0).findFirst().orElseThrow();
    Files.write(anyFile, new byte[] {0, 0, 0, 40, 0, 0}, java.nio.file.StandardOpenOption.APPEND);
    assertEquals(java.util.Optional.of("a verify of users_by_city, 1 attempt so far, stale 1/2 segments done, missing 1/2 segments done"),
        IndexMaintenance.checkpointState(dir));

    org.junit.jupiter.api.Assertions.assertThrows(io.denorm.DenormException.class,
        () -> Checkpoint.open(dir, "users_by_city", UNIQUE.toString(), "verify"), "a checkpoint of another definition of the index is refused");
    Checkpoint second = Checkpoint.open(dir, "users_by_city", PLAIN.toString(), "verify");
    org.junit.jupiter.api.Assertions.assertThrows(io.denorm.DenormException.class,
        () -> Checkpoint.open(dir, "users_by_city", PLAIN.toString(), "verify"), "a checkpoint held by a run is refused to another");
    assertEquals(2, second.attempt());
    assertTrue(second.resumed());
    assertEquals(100, second.count("indexRows"));
    second.plan(SpillMerge.HELD_PHASE, List.of("a", "b"));
    org.junit.jupiter.api.Assertions.assertThrows(io.denorm.DenormException.class, () -> second.plan(SpillMerge.NEEDED_PHASE, List.of("a", "c")),
        "a region split since the checkpoint is refused");
    Map<List<Object>, int[]> seen = new HashMap<>();
    spill = new SpillMerge(PLAIN, second, 1 << 20);
    for (int i = 0; i < rows.size(); i++) {
      if (i % 2 == 1) {
        spill.held(new IndexHit(rows.get(i), 1L), 1);
      } else {
        spill.needed(rows.get(i), 0);
      }
    }
    second.finished(SpillMerge.HELD_PHASE, 1, Map.of("indexRows", 100L));
    second.finished(SpillMerge.NEEDED_PHASE, 0, Map.of("masterRows", 100L));
    Recorder counting = new Recorder() {
      @Override
      public void group(SpillMerge.Group g) {
        int[] n = seen.computeIfAbsent(g.needed().isEmpty() ? g.held().get(0).entry().identity() : g.needed().get(0).identity(), k -> new int[2]);
        n[0] += g.held().size();
        n[1] += g.needed().size();
      }
    };
    class StopAt32 extends RuntimeException {}
    try {
      spill.merge(new Recorder() {
        @Override
        public void group(SpillMerge.Group g) {
          counting.group(g);
        }

        @Override
        public void fileDone(int done, int files) {
          second.compared(done - 1, Map.of());
          if (done == 32) {
            throw new StopAt32();
          }
        }
      });
    } catch (StopAt32 stopped) {
      spill.close();
      second.close();
    }
    Checkpoint third = Checkpoint.open(dir, "users_by_city", PLAIN.toString(), "verify");
    assertEquals(32, third.compared());
    try (SpillMerge rest = new SpillMerge(PLAIN, third, 1 << 20)) {
      rest.merge(counting);
    }
    assertEquals(200, seen.size(), "every identity merged");
    seen.forEach((identity, n) -> assertArrayEquals(new int[] {1, 1}, n, "held and needed once each: " + identity));
    assertEquals(200, third.count("indexRows"));
    third.finish();
    assertFalse(Files.exists(dir));
  }
}
