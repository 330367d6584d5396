package io.denorm.index;

import io.denorm.DenormException;
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
 */
final class SpillMerge implements AutoCloseable {

  /** The rows of one identity: those the index holds, and those master rows need. */
  record Group(List<IndexHit> held, List<IndexEntry> needed) {}

  private static final int FANOUT = 64;
  private static final int SPLIT = 16;
  private static final int MAX_DEPTH = 8;
  private static final byte HELD = 1;
  private static final byte NEEDED = 2;

  private final IndexDefinition index;
  private final Path dir;
  private final long maxBucketBytes;
  private final Bucket[] buckets = new Bucket[FANOUT];
  private final ThreadLocal<ByteArrayOutputStream> scratch = ThreadLocal.withInitial(() -> new ByteArrayOutputStream(256));

  SpillMerge(IndexDefinition index, Path parent, long maxBucketBytes) {
    this.index = index;
    this.maxBucketBytes = maxBucketBytes;
    try {
      Files.createDirectories(parent);
      this.dir = Files.createTempDirectory(parent, "denorm-" + index.name() + "-");
      for (int i = 0; i < FANOUT; i++) {
        buckets[i] = new Bucket(dir.resolve("b" + i));
      }
    } catch (IOException e) {
      close();
      throw new DenormException("cannot create the spill files of index " + index.name() + " under " + parent + ": " + e, e);
    }
  }

  /** A row the index table holds. */
  void held(IndexHit hit) {
    add(HELD, hit.writeTime(), hit.entry());
  }

  /** A row a master row needs. */
  void needed(IndexEntry entry) {
    add(NEEDED, Long.MIN_VALUE, entry);
  }

  private void add(byte side, long writeTime, IndexEntry entry) {
    ByteArrayOutputStream buffer = scratch.get();
    buffer.reset();
    try {
      DataOutputStream out = new DataOutputStream(buffer);
      out.writeByte(side);
      out.writeLong(writeTime);
      List<Object> values = entry.values();
      int identity = index.identityCount();
      for (int i = 0; i < identity; i++) {
        EntryCodec.write(out, values.get(i));
      }
      int identityEnd = buffer.size();
      for (int i = identity; i < values.size(); i++) {
        EntryCodec.write(out, values.get(i));
      }
      byte[] record = buffer.toByteArray();
      int hash = hash(record, 9, identityEnd, 0);
      buckets[Math.floorMod(hash, FANOUT)].append(record, identityEnd);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the spill file of index " + index.name() + " in " + dir, e);
    }
  }

  /** Calls {@code each} for every identity either side has, file by file; the files are deleted as they are read. */
  void merge(java.util.function.Consumer<Group> each) {
    try {
      for (Bucket b : buckets) {
        b.finish();
      }
      for (Bucket b : buckets) {
        merge(b.file, 0, each);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the spill files of index " + index.name() + " in " + dir, e);
    }
  }

  private void merge(Path file, int depth, java.util.function.Consumer<Group> each) throws IOException {
    if (!Files.exists(file)) {
      return;
    }
    if (Files.size(file) > maxBucketBytes && depth < MAX_DEPTH) {
      Bucket[] parts = new Bucket[SPLIT];
      for (int i = 0; i < SPLIT; i++) {
        parts[i] = new Bucket(file.resolveSibling(file.getFileName() + "-" + i));
      }
      read(file, (record, identityEnd) -> parts[Math.floorMod(hash(record, 9, identityEnd, depth + 1), SPLIT)].append(record, identityEnd));
      Files.delete(file);
      for (Bucket part : parts) {
        part.finish();
      }
      for (Bucket part : parts) {
        merge(part.file, depth + 1, each);
      }
      return;
    }
    Map<Key, Group> groups = new HashMap<>();
    read(file, (record, identityEnd) -> {
      Group g = groups.computeIfAbsent(new Key(Arrays.copyOfRange(record, 9, identityEnd)), k -> new Group(new ArrayList<>(1), new ArrayList<>(1)));
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(record));
      byte side = in.readByte();
      long writeTime = in.readLong();
      List<Object> values = new ArrayList<>(index.valueCount());
      for (int i = 0; i < index.valueCount(); i++) {
        values.add(EntryCodec.read(in));
      }
      IndexEntry entry = new IndexEntry(index, values);
      if (side == HELD) {
        g.held().add(new IndexHit(entry, writeTime));
      } else {
        g.needed().add(entry);
      }
    });
    Files.delete(file);
    groups.values().forEach(each);
  }

  @FunctionalInterface
  private interface RecordSink {
    void accept(byte[] record, int identityEnd) throws IOException;
  }

  private static void read(Path file, RecordSink sink) throws IOException {
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      while (true) {
        int length;
        try {
          length = in.readInt();
        } catch (EOFException end) {
          return;
        }
        int identityEnd = in.readInt();
        byte[] record = new byte[length];
        in.readFully(record);
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
    if (dir != null) {
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

    Bucket(Path file) {
      this.file = file;
    }

    synchronized void append(byte[] record, int identityEnd) throws IOException {
      if (out == null) {
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 8192));
      }
      out.writeInt(record.length);
      out.writeInt(identityEnd);
      out.write(record);
    }

    synchronized void finish() throws IOException {
      if (out != null) {
        out.close();
        out = null;
      }
    }

    synchronized void closeQuietly() {
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
