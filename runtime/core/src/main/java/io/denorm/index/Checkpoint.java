package io.denorm.index;

import io.denorm.DenormException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The state of one verify, rebuild or back-fill kept in a directory, so that a run that stops
 * (killed, interrupted, or failed) resumes where it was: for each phase the segments (token ranges,
 * regions) finished, with the attempt that finished them and the counts they added; the spill files
 * compared so far; and the spill files themselves. It is written after each segment and each spill
 * file, by replacing {@code state.properties} whole, and removed when the run ends well.
 *
 * <p>A segment counts as finished only once every lookup and write it started has finished without
 * error and its spill rows are on disk; rows a stopped attempt spilled for a segment it did not
 * finish are skipped by the merge (the segment is scanned again by the next attempt).
 */
final class Checkpoint implements AutoCloseable {

  private static final String STATE = "state.properties";

  private final Path dir;
  private final Properties state = new Properties();
  private final int attempt;
  private final boolean resumed;
  private final java.nio.channels.FileChannel lockFile;
  private final java.nio.channels.FileLock lock;

  private Checkpoint(Path dir, String index, String definition, String mode) {
    this.dir = dir;
    Path file = dir.resolve(STATE);
    java.nio.channels.FileChannel channel = null;
    try {
      Files.createDirectories(dir);
      // One run at a time per directory: a second would take the same attempt and its files.
      channel = java.nio.channels.FileChannel.open(dir.resolve("lock"), java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.WRITE);
      java.nio.channels.FileLock held;
      try {
        held = channel.tryLock();
      } catch (java.nio.channels.OverlappingFileLockException inThisJvm) {
        held = null;
      }
      if (held == null) {
        throw new DenormException("the checkpoint in " + dir + " is in use by another run of " + mode + " of " + index);
      }
      this.lockFile = channel;
      this.lock = held;
      if (Files.exists(file)) {
        try (InputStream in = Files.newInputStream(file)) {
          state.load(in);
        }
        if (!index.equals(state.getProperty("index")) || !mode.equals(state.getProperty("mode"))) {
          throw new DenormException("the checkpoint in " + dir + " is of a " + state.getProperty("mode") + " of " + state.getProperty("index")
              + ", not of a " + mode + " of " + index + ": give another checkpoint directory, or delete it to start again");
        }
        if (!definition.equals(state.getProperty("definition"))) {
          throw new DenormException("the checkpoint in " + dir + " was written for index " + index + " as " + state.getProperty("definition")
              + ", and the model now has " + definition + ": its spill files cannot be read; delete it to start again");
        }
        resumed = true;
      } else {
        state.setProperty("index", index);
        state.setProperty("definition", definition);
        state.setProperty("mode", mode);
        resumed = false;
      }
      attempt = Integer.parseInt(state.getProperty("attempt", "0")) + 1;
      state.setProperty("attempt", Integer.toString(attempt));
      save();
    } catch (IOException e) {
      closeQuietly(channel);
      throw new DenormException("cannot keep the checkpoint of " + mode + " of " + index + " in " + dir + ": " + e, e);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  private static void closeQuietly(java.nio.channels.FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // the lock goes with the channel
      }
    }
  }

  /** What the checkpoint in {@code directory} holds, one line, or empty when there is none (see {@link IndexMaintenance#checkpointState}). */
  static java.util.Optional<String> describe(Path directory) {
    Path file = directory.resolve(STATE);
    if (!java.nio.file.Files.isRegularFile(file)) {
      return java.util.Optional.empty();
    }
    java.util.Properties p = new java.util.Properties();
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
      p.load(in);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot read the checkpoint in " + directory, e);
    }
    StringBuilder s = new StringBuilder("a " + p.getProperty("mode") + " of " + p.getProperty("index") + ", " + p.getProperty("attempt")
        + (p.getProperty("attempt").equals("1") ? " attempt" : " attempts") + " so far");
    for (String phase : java.util.List.of("stale", "missing", "backfill", "memberships")) {
      String segments = p.getProperty(phase + ".segments");
      if (segments != null) {
        int n = segments.split("\n", -1).length;
        long done = java.util.stream.IntStream.range(0, n).filter(i -> p.getProperty(phase + "." + i) != null).count();
        s.append(", ").append(phase).append(' ').append(done).append('/').append(n).append(" segments done");
      }
    }
    if (p.getProperty("compared") != null) {
      s.append(", ").append(p.getProperty("compared")).append('/').append(SpillMerge.FANOUT).append(" spill files compared");
    }
    return java.util.Optional.of(s.toString());
  }

  /**
   * The checkpoint of a {@code mode} of {@code index} (whose spill files hold rows of {@code
   * definition}) in {@code dir}: the one found there, or a new one. Held by this run until closed.
   */
  static Checkpoint open(Path dir, String index, String definition, String mode) {
    return new Checkpoint(dir, index, definition, mode);
  }

  /** Lets another run take the checkpoint (what it holds stays). */
  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException ignored) {
      // released with the channel
    }
    closeQuietly(lockFile);
  }

  /** This run's attempt: 1 for a new checkpoint, one more for each resumption. */
  int attempt() {
    return attempt;
  }

  boolean resumed() {
    return resumed;
  }

  Path directory() {
    return dir;
  }

  /** Where the spill files of every attempt live. */
  Path spillDirectory() {
    return dir.resolve("spill");
  }

  /**
   * Records the segments of {@code phase}, or checks them against those recorded: a table whose
   * segments changed (a region split or merged) cannot be resumed by segment.
   */
  synchronized void plan(String phase, List<String> ranges) {
    String joined = String.join("\n", ranges);
    String recorded = state.getProperty(phase + ".segments");
    if (recorded == null) {
      state.setProperty(phase + ".segments", joined);
      save();
    } else if (!recorded.equals(joined)) {
      throw new DenormException("the " + phase + " segments changed since the checkpoint in " + dir
          + " was written (a region split or merged): delete it to start again");
    }
  }

  /** The attempt that finished segment {@code segment} of {@code phase}, or 0. */
  synchronized int finishedBy(String phase, int segment) {
    return Integer.parseInt(state.getProperty(phase + "." + segment, "0"));
  }

  /** How many segments of {@code phase} are finished. */
  synchronized int finished(String phase, int segments) {
    int n = 0;
    for (int i = 0; i < segments; i++) {
      n += finishedBy(phase, i) > 0 ? 1 : 0;
    }
    return n;
  }

  /** Segment {@code segment} of {@code phase} is finished, with {@code counts} to add to the run's. */
  synchronized void finished(String phase, int segment, Map<String, Long> counts) {
    state.setProperty(phase + "." + segment, Integer.toString(attempt));
    add(counts);
    save();
  }

  /** How many first-level spill files are compared. */
  synchronized int compared() {
    return Integer.parseInt(state.getProperty("compared", "0"));
  }

  /** Spill file {@code file} (the next one) is compared, with {@code counts} to add. */
  synchronized void compared(int file, Map<String, Long> counts) {
    state.setProperty("compared", Integer.toString(file + 1));
    add(counts);
    save();
  }

  /** The counts the finished segments and files added, by name. */
  synchronized long count(String name) {
    return Long.parseLong(state.getProperty("count." + name, "0"));
  }

  private void add(Map<String, Long> counts) {
    counts.forEach((name, n) -> {
      if (n != 0) {
        state.setProperty("count." + name, Long.toString(count(name) + n));
      }
    });
  }

  private void save() {
    Path file = dir.resolve(STATE);
    Path next = dir.resolve(STATE + ".next");
    try {
      try (java.io.FileOutputStream out = new java.io.FileOutputStream(next.toFile())) {
        state.store(out, "denorm index checkpoint; delete this directory to start again");
        out.getFD().sync(); // on disk before it replaces the state it extends
      }
      Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the checkpoint in " + dir, e);
    }
  }

  /** The run ended well: the directory and everything in it is deleted. */
  void finish() {
    close();
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> all = new ArrayList<>(files.sorted(Comparator.reverseOrder()).toList());
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the finished checkpoint in " + dir, e);
    }
  }
}
