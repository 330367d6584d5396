package io.denorm.index;

import io.denorm.DenormException;
import io.denorm.TaggedValues;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The rows an index table holds and the rows its master rows need, matched by row without a read
 * per row: both scans append their rows to spill files, split by a hash of the row's identity, and
 * each file is then read alone and its rows grouped by identity. A file larger than the memory
 * budget is split again (by another hash) before it is read, so memory stays within the budget
 * whatever the table size; the files take about the size of the entries on disk, and are deleted
 * when the merge ends.
 *
 * <p>With a {@link Checkpoint}, each attempt appends to its own files in the checkpoint's directory,
 * each row tagged with the segment that read it; the merge skips the rows of segments the attempt
 * that wrote them did not finish, and starts at the first file not yet compared.
 */
final class SpillMerge implements AutoCloseable {

  /** The rows of one identity: those the index holds, and those master rows need. */
  record Group(List<IndexHit> held, List<IndexEntry> needed) {}

  static final int FANOUT = 64;
  private static final int SPLIT = 16;
  private static final int MAX_DEPTH = 8;
  static final byte HELD = 1;
  static final byte NEEDED = 2;
  /** Side, write time and segment, before the identity. */
  static final int HEADER = 13;
  /** The phase whose segments spill the held rows (the index table's scan). */
  static final String HELD_PHASE = "stale";
  /** The phase whose segments spill the needed rows (the master table's scan). */
  static final String NEEDED_PHASE = "missing";

  private final IndexDefinition index;
  private final Path dir;
  private final long maxBucketBytes;
  private final Checkpoint checkpoint;
  private final Bucket[] buckets = new Bucket[FANOUT];
  private final ThreadLocal<ByteArrayOutputStream> scratch = ThreadLocal.withInitial(() -> new ByteArrayOutputStream(256));

  /** Spill files in a new temporary directory under {@code parent}, deleted on close. */
  SpillMerge(IndexDefinition index, Path parent, long maxBucketBytes) {
    this(index, parent, maxBucketBytes, null);
  }

  /** Spill files kept in {@code checkpoint}'s directory until it is finished. */
  SpillMerge(IndexDefinition index, Checkpoint checkpoint, long maxBucketBytes) {
    this(index, checkpoint.spillDirectory(), maxBucketBytes, checkpoint);
  }

  private SpillMerge(IndexDefinition index, Path parent, long maxBucketBytes, Checkpoint checkpoint) {
    this.index = index;
    this.maxBucketBytes = maxBucketBytes;
    this.checkpoint = checkpoint;
    Path made = null;
    try {
      Files.createDirectories(parent);
      made = checkpoint != null ? parent : Files.createTempDirectory(parent, "denorm-" + index.name() + "-");
      for (int i = 0; i < FANOUT; i++) {
        buckets[i] = new Bucket(made.resolve(checkpoint == null ? "b" + i : "b" + i + "." + checkpoint.attempt()));
      }
    } catch (IOException e) {
      this.dir = made;
      close();
      throw new DenormException("cannot create the spill files of index " + index.name() + " under " + parent + ": " + e, e);
    }
    this.dir = made;
  }

  /** A row the index table holds. */
  void held(IndexHit hit) {
    held(hit, -1);
  }

  /** A row the index table holds, read by segment {@code segment} of the index scan. */
  void held(IndexHit hit, int segment) {
    add(HELD, hit.writeTime(), segment, hit.entry());
  }

  /** A row a master row needs. */
  void needed(IndexEntry entry) {
    needed(entry, -1);
  }

  /** A row a master row needs, read by segment {@code segment} of the master scan. */
  void needed(IndexEntry entry, int segment) {
    add(NEEDED, Long.MIN_VALUE, segment, entry);
  }

  /** Writes out what the files buffer: every row added so far is on disk when this returns. */
  void flush() {
    try {
      for (Bucket b : buckets) {
        b.flush();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the spill files of index " + index.name() + " in " + dir, e);
    }
  }

  private void add(byte side, long writeTime, int segment, IndexEntry entry) {
    ByteArrayOutputStream buffer = scratch.get();
    try {
      int identityEnd = encode(index, side, writeTime, segment, entry, buffer);
      byte[] record = buffer.toByteArray();
      int hash = hash(record, HEADER, identityEnd, 0);
      buckets[Math.floorMod(hash, FANOUT)].append(record, identityEnd);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the spill file of index " + index.name() + " in " + dir, e);
    }
  }

  /**
   * Writes one row of {@code index} into {@code buffer} (reset first) as a record: side, write time,
   * segment, the identity's values, the other values. Returns where the identity ends.
   */
  static int encode(IndexDefinition index, byte side, long writeTime, int segment, IndexEntry entry, ByteArrayOutputStream buffer)
      throws IOException {
    buffer.reset();
    try {
      DataOutputStream out = new DataOutputStream(buffer);
      out.writeByte(side);
      out.writeLong(writeTime);
      out.writeInt(segment);
      List<Object> values = entry.values();
      int identity = index.identityCount();
      for (int i = 0; i < identity; i++) {
        TaggedValues.write(values.get(i), out, true);
      }
      int identityEnd = buffer.size();
      for (int i = identity; i < values.size(); i++) {
        TaggedValues.write(values.get(i), out, true);
      }
      return identityEnd;
    } catch (IllegalArgumentException e) {
      throw new DenormException("index " + index.name() + ": a value cannot be written to its spill file: " + e.getMessage(), e);
    }
  }

  /**
   * What the merge hands on: each identity with its rows from both sides; or, for a file that no
   * hash can split below the budget (one key needed by very many masters of a unique index), its
   * rows one at a time, every held row before any needed one.
   */
  interface Sink {
    void group(Group group);

    void heldAlone(IndexHit hit);

    /** Called once between the held and the needed rows of an unsplittable file. */
    void heldDone();

    void neededAlone(IndexEntry entry);

    /** One of the {@value #FANOUT} first-level files is done. */
    void fileDone(int done, int files);
  }

  /** Calls {@code sink} for every identity either side has, file by file; the files are deleted as they are read. */
  void merge(Sink sink) {
    try {
      for (Bucket b : buckets) {
        b.finish();
      }
      for (int i = checkpoint == null ? 0 : checkpoint.compared(); i < FANOUT; i++) {
        if (checkpoint == null) {
          merge(buckets[i].file, 0, sink);
        } else {
          merge(gather(i), 0, sink);
        }
        sink.fileDone(i + 1, FANOUT);
        if (checkpoint != null && checkpoint.compared() > i) {
          deleteSources(i); // recorded as compared: no later attempt reads it again
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the spill files of index " + index.name() + " in " + dir, e);
    }
  }

  /**
   * File {@code i} of every attempt in one: the rows of the segments their attempt finished (a
   * stopped attempt's file may end in a partly written row, which belongs to an unfinished segment).
   */
  private Path gather(int i) throws IOException {
    Path merged = dir.resolve("m" + i);
    Bucket out = new Bucket(merged);
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String name = f.getFileName().toString();
        if (!name.startsWith("b" + i + ".")) {
          continue;
        }
        int attempt = Integer.parseInt(name.substring(name.indexOf('.') + 1));
        read(f, attempt != checkpoint.attempt(), (record, identityEnd) -> {
          int segment = ((record[9] & 0xff) << 24) | ((record[10] & 0xff) << 16) | ((record[11] & 0xff) << 8) | (record[12] & 0xff);
          String phase = record[0] == HELD ? HELD_PHASE : NEEDED_PHASE;
          if (checkpoint.finishedBy(phase, segment) == attempt) {
            out.append(record, identityEnd);
          }
        });
      }
    } finally {
      out.closeQuietly();
    }
    return merged;
  }

  private void deleteSources(int i) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.getFileName().toString().startsWith("b" + i + ".")) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  private void merge(Path file, int depth, Sink sink) throws IOException {
    if (!Files.exists(file)) {
      return;
    }
    long size = Files.size(file);
    if (size > maxBucketBytes && depth < MAX_DEPTH) {
      Bucket[] parts = new Bucket[SPLIT];
      for (int i = 0; i < SPLIT; i++) {
        parts[i] = new Bucket(file.resolveSibling(file.getFileName() + "-" + i));
      }
      try {
        read(file, (record, identityEnd) -> parts[Math.floorMod(hash(record, HEADER, identityEnd, depth + 1), SPLIT)].append(record, identityEnd));
      } finally {
        for (Bucket part : parts) {
          part.closeQuietly();
        }
      }
      Files.delete(file);
      long largest = 0;
      for (Bucket part : parts) {
        largest = Math.max(largest, Files.exists(part.file) ? Files.size(part.file) : 0);
      }
      // A part as large as its file holds one identity (or a few): no hash splits it; it streams.
      boolean unsplittable = largest > size * 9 / 10;
      for (Bucket part : parts) {
        if (unsplittable && Files.exists(part.file) && Files.size(part.file) > maxBucketBytes) {
          stream(part.file, sink);
        } else {
          merge(part.file, depth + 1, sink);
        }
      }
      return;
    }
    if (size > maxBucketBytes) {
      stream(file, sink);
      return;
    }
    Map<Key, Group> groups = new HashMap<>();
    read(file, (record, identityEnd) -> {
      Group g = groups.computeIfAbsent(new Key(Arrays.copyOfRange(record, HEADER, identityEnd)), k -> new Group(new ArrayList<>(1), new ArrayList<>(1)));
      Object row = decode(record);
      if (row instanceof IndexHit hit) {
        g.held().add(hit);
      } else {
        g.needed().add((IndexEntry) row);
      }
    });
    Files.delete(file);
    groups.values().forEach(sink::group);
  }

  /** The rows of a file that cannot be held in memory, held rows first, without grouping them. */
  private void stream(Path file, Sink sink) throws IOException {
    read(file, (record, identityEnd) -> {
      if (record[0] == HELD) {
        sink.heldAlone((IndexHit) decode(record));
      }
    });
    sink.heldDone();
    read(file, (record, identityEnd) -> {
      if (record[0] == NEEDED) {
        sink.neededAlone((IndexEntry) decode(record));
      }
    });
    Files.delete(file);
  }

  /** A record as the hit it holds (a held row) or the entry (a needed row). */
  private Object decode(byte[] record) throws IOException {
    return decode(index, record);
  }

  /** A record {@link #encode} wrote as the hit it holds (a held row) or the entry (a needed row). */
  static Object decode(IndexDefinition index, byte[] record) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(record));
    byte side = in.readByte();
    long writeTime = in.readLong();
    in.readInt(); // the segment
    List<Object> values = new ArrayList<>(index.valueCount());
    for (int i = 0; i < index.valueCount(); i++) {
      values.add(TaggedValues.read(in));
    }
    IndexEntry entry = new IndexEntry(index, values);
    return side == HELD ? new IndexHit(entry, writeTime) : entry;
  }

  @FunctionalInterface
  private interface RecordSink {
    void accept(byte[] record, int identityEnd) throws IOException;
  }

  private static void read(Path file, RecordSink sink) throws IOException {
    read(file, false, sink);
  }

  /** The records of {@code file}; a partly written last one is an error unless {@code tornTail} allows it (then it is skipped). */
  private static void read(Path file, boolean tornTail, RecordSink sink) throws IOException {
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      while (true) {
        int length;
        try {
          length = in.readInt();
        } catch (EOFException end) {
          return;
        }
        byte[] record;
        int identityEnd;
        try {
          identityEnd = in.readInt();
          record = new byte[length];
          in.readFully(record);
        } catch (EOFException torn) {
          if (tornTail) {
            return;
          }
          throw torn;
        }
        sink.accept(record, identityEnd);
      }
    }
  }

  /** A hash of {@code bytes[from, to)}, a different one per {@code depth}. */
  private static int hash(byte[] bytes, int from, int to, int depth) {
    long h = 0xcbf29ce484222325L ^ (depth * 0x9E3779B97F4A7C15L);
    for (int i = from; i < to; i++) {
      h = (h ^ bytes[i]) * 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return (int) h;
  }

  @Override
  public void close() {
    for (Bucket b : buckets) {
      if (b != null) {
        b.closeQuietly();
      }
    }
    if (dir != null && checkpoint == null) { // a checkpoint's files stay for the next attempt until it is finished
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(f);
        }
        Files.deleteIfExists(dir);
      } catch (IOException ignored) {
        // the temporary directory is left; nothing reads it again
      }
    }
  }

  /** One spill file, appended to by several scan threads. */
  private static final class Bucket {
    final Path file;
    private DataOutputStream out;
    private java.io.FileOutputStream stream;
    /** Set when the merge is closed: a scan thread still running (the run failed) cannot bring a file back. */
    private boolean closed;

    Bucket(Path file) {
      this.file = file;
    }

    synchronized void append(byte[] record, int identityEnd) throws IOException {
      if (closed) {
        throw new IOException("the spill files of this run are closed");
      }
      if (out == null) {
        stream = new java.io.FileOutputStream(file.toFile());
        out = new DataOutputStream(new BufferedOutputStream(stream, 8192));
      }
      out.writeInt(record.length);
      out.writeInt(identityEnd);
      out.write(record);
    }

    /** Writes out what is buffered and forces it to the disk. */
    synchronized void flush() throws IOException {
      if (out != null) {
        out.flush();
        stream.getFD().sync();
      }
    }

    synchronized void finish() throws IOException {
      closed = true;
      if (out != null) {
        out.close();
        out = null;
      }
    }

    synchronized void closeQuietly() {
      closed = true;
      try {
        finish();
      } catch (IOException ignored) {
        // being deleted
      }
    }
  }

  private record Key(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }
  }
}
