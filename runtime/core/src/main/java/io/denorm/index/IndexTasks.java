package io.denorm.index;

import io.denorm.DenormException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * One verify, rebuild or back-fill of an index cut into tasks that can run in other JVMs, each with
 * its own DAO instance (the tasks of a Spark job): the rules are {@link IndexMaintenance}'s, only
 * the spill files are replaced by the caller's shuffle.
 *
 * <ol>
 *   <li>{@link #scanIndex} and {@link #scanMaster} read one segment of a table (named by its range,
 *       as {@link #indexSegments()} and {@link #masterSegments()} list them) and hand on each row
 *       as a record keyed by its {@linkplain Identity identity}: the rows the index holds, and the
 *       rows the master rows need.
 *   <li>The caller brings every record of one identity together (a shuffle by identity) and hands
 *       the groups to {@link #compare}, which checks the rows that differ against the store and, for
 *       a rebuild, repairs them, exactly as {@link IndexMaintenance#rebuild} does: of one identity,
 *       the stale row is dealt with first, then the needed one.
 *   <li>For an index whose rows feed counts or inverse sides, {@link #memberships} then checks
 *       those, one segment at a time.
 * </ol>
 *
 * <p>{@link #backfill} is a back-fill's only task. Every task can run again, whole or after a
 * failure half-way: a repair is checked against the store before it is written, a stale row is
 * deleted at its own write time and a missing one written with a fresh timestamp, so a second run
 * finds nothing left to do of what the first did (its counts then miss what the first attempt fixed).
 * A task whose lookups or writes failed throws, so that its caller runs it again.
 *
 * @param <E> the entity
 */
public final class IndexTasks<E> {

  private final IndexMaintenance<E> maintenance;
  private final IndexDefinition index;
  private final int segments;
  private volatile RateLimit limit;

  IndexTasks(IndexMaintenance<E> maintenance, IndexDefinition index, int segments) {
    this.maintenance = maintenance;
    this.index = index;
    this.segments = segments;
  }

  public IndexDefinition index() {
    return index;
  }

  /** At most {@code rows} table rows read per second by the scans of this instance, across threads (0: no limit). */
  public IndexTasks<E> maxRowsPerSecond(double rows) {
    if (rows < 0 || Double.isNaN(rows)) {
      throw new IllegalArgumentException("max rows per second must be positive, or 0 for no limit");
    }
    this.limit = rows > 0 ? new RateLimit(rows) : null;
    return this;
  }

  /**
   * Whether a back-fill writes the needed rows without reading the index: false for a unique index
   * (its claims need their holder read) and one that feeds counts or inverse sides, whose back-fill
   * is a rebuild.
   */
  public boolean backfillWritesDirectly() {
    IndexStore<?> store = maintenance.protocol.store();
    return !store.claimed(index) && !store.feedsMembers(index);
  }

  /** Whether the index's rows feed counts or inverse sides, which {@link #memberships} checks after the compare. */
  public boolean feedsMembers() {
    return maintenance.protocol.store().feedsMembers(index);
  }

  /** The ranges of the index table's segments. */
  public List<String> indexSegments() {
    return ranges(maintenance.scans.index(index, segments), "index table");
  }

  /** The ranges of the master table's segments. */
  public List<String> masterSegments() {
    return ranges(maintenance.scans.master(segments), "master table");
  }

  /** The ranges of the segments {@link #memberships} reads (none when the index feeds no counts or inverse sides). */
  public List<String> membershipSegments() {
    return feedsMembers() ? ranges(maintenance.protocol.store().membershipRows(index), "memberships") : List.of();
  }

  /** About how many rows the master table (or the index table) holds, or -1 when the store has no estimate. */
  public long estimatedRows(boolean master) {
    return maintenance.scans.estimatedRows(master ? null : index);
  }

  /** A row of one table, as a record, by its identity. */
  @FunctionalInterface
  public interface RecordSink {
    void accept(Identity identity, byte[] record);
  }

  /** Reads the index table's segment {@code range}, handing on each row it holds; the tally counts them. */
  public Tally scanIndex(String range, RecordSink out) {
    Counters c = new Counters();
    ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
    read(segment(maintenance.scans.indexSegment(index, range), range, "index table"), hit -> {
      c.indexRows.incrementAndGet();
      emit(SpillMerge.HELD, hit.writeTime(), hit.entry(), buffer, out);
    });
    return Tally.of(c);
  }

  /** Reads the master table's segment {@code range}, handing on each row of the index that its rows need; the tally counts the master rows. */
  public Tally scanMaster(String range, RecordSink out) {
    Counters c = new Counters();
    ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
    read(segment(maintenance.scans.masterSegment(range), range, "master table"), row -> {
      c.masterRows.incrementAndGet();
      for (IndexEntry needed : maintenance.neededBy(index, row)) {
        emit(SpillMerge.NEEDED, Long.MIN_VALUE, needed, buffer, out);
      }
    });
    return Tally.of(c);
  }

  /**
   * Compares each group (every record of one identity, from both scans) and, with {@code fix}, repairs
   * it; returns once every lookup and write has finished. Throws when any failed.
   */
  public Tally compare(Iterator<? extends Iterable<byte[]>> groups, boolean fix) {
    Counters c = new Counters();
    Permits inFlight = new Permits(maintenance.readsInFlight);
    boolean direct = fix && !maintenance.protocol.store().claimed(index);
    try {
      while (groups.hasNext()) {
        List<IndexHit> held = new ArrayList<>(1);
        List<IndexEntry> needed = new ArrayList<>(1);
        for (byte[] record : groups.next()) {
          Object row = SpillMerge.decode(index, record);
          if (row instanceof IndexHit hit) {
            held.add(hit);
          } else {
            needed.add((IndexEntry) row);
          }
        }
        maintenance.compare(new SpillMerge.Group(held, needed), fix, direct, c, inFlight);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while checking " + index.name(), e);
    } catch (IOException e) {
      throw new DenormException("index " + index.name() + ": a record cannot be read: " + e, e);
    } finally {
      await(inFlight); // a task that fails leaves no lookup or write running behind its retry
    }
    return finished(c, fix ? "rebuild" : "verify");
  }

  /** Checks (and with {@code fix} corrects) the counts and inverse sides the memberships of segment {@code range} feed. */
  public Tally memberships(String range, boolean fix) {
    Counters c = new Counters();
    Permits inFlight = new Permits(maintenance.readsInFlight);
    try {
      read(segment(IndexScans.named(maintenance.protocol.store().membershipRows(index), range), range, "memberships"), row -> {
        c.counts.incrementAndGet();
        maintenance.checks.checkMembership(index, row, fix, c, inFlight);
      });
    } finally {
      await(inFlight);
    }
    return finished(c, fix ? "rebuild" : "verify");
  }

  /**
   * Writes every row of the index that the master rows of segment {@code range} need, without
   * reading the index (only when {@link #backfillWritesDirectly()}; else run a rebuild).
   */
  public Tally backfill(String range) {
    if (!backfillWritesDirectly()) {
      throw new IllegalStateException("index " + index.name() + " is unique or feeds counts or inverse sides: rebuild it instead");
    }
    Counters c = new Counters();
    Permits inFlight = new Permits(maintenance.readsInFlight);
    try {
      read(segment(maintenance.scans.masterSegment(range), range, "master table"), row -> {
        c.masterRows.incrementAndGet();
        maintenance.backfillRow(index, row, inFlight, c);
      });
    } finally {
      await(inFlight);
    }
    return finished(c, "backfill");
  }

  /** The report of a whole run from the tallies of its tasks added up. */
  public IndexReport report(boolean rebuild, Tally total, Duration took) {
    return new IndexReport(index.name(), rebuild, total.masterRows(), total.indexRows(), total.missing(), total.stale(), total.mismatched(),
        total.fixed(), total.youngStaleLeft(), total.counts(), total.wrongCounts(), total.wrongInverse(), took);
  }

  private void emit(byte side, long writeTime, IndexEntry entry, ByteArrayOutputStream buffer, RecordSink out) {
    try {
      int identityEnd = SpillMerge.encode(index, side, writeTime, -1, entry, buffer);
      byte[] record = buffer.toByteArray();
      out.accept(new Identity(Arrays.copyOfRange(record, SpillMerge.HEADER, identityEnd)), record);
    } catch (IOException e) {
      throw new DenormException("index " + index.name() + ": a row cannot be encoded: " + e, e);
    }
  }

  private <T> void read(IndexScans.Segment<T> segment, IndexScans.Sink<T> sink) {
    RateLimit rate = limit;
    try {
      segment.forEach(row -> {
        if (rate != null) {
          rate.acquire();
        }
        sink.accept(row);
      });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while reading " + segment.range() + " for index " + index.name(), e);
    } catch (Exception e) {
      throw new DenormException("reading " + segment.range() + " for index " + index.name() + " failed: " + e, e);
    }
  }

  /** Waits for every lookup and write started through {@code inFlight}; interrupted, it gives up and keeps the interrupt. */
  private void await(Permits inFlight) {
    try {
      inFlight.awaitAll();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Tally finished(Counters c, String run) {
    if (c.failed.get() > 0) {
      throw new DenormException("a task of the " + run + " of " + index.name() + " is incomplete: " + c.failed.get()
          + " lookups or writes failed (run the task again); first: " + c.firstFailure, c.firstFailure);
    }
    return Tally.of(c);
  }

  private <T> IndexScans.Segment<T> segment(IndexScans.Segment<T> found, String range, String what) {
    if (found == null) {
      throw new DenormException("the " + what + " of index " + index.name() + " has no segment " + range
          + " any more (its regions or token ranges changed since the job was planned): run the job again");
    }
    return found;
  }

  private <T> List<String> ranges(List<IndexScans.Segment<T>> all, String what) {
    List<String> out = new ArrayList<>(all.size());
    for (IndexScans.Segment<T> s : all) {
      if (s.range() == null) {
        throw new IllegalStateException("the " + what + " segments of " + index.name() + " have no stable range: tasks cannot name them");
      }
      out.add(s.range());
    }
    return out;
  }

  /** The identity of an index row (its key values, with the master key unless the index is unique), encoded; equal by content. */
  public static final class Identity implements Serializable {
    private static final long serialVersionUID = 1L;
    private final byte[] bytes;
    private final int hash;

    public Identity(byte[] bytes) {
      this.bytes = bytes;
      this.hash = Arrays.hashCode(bytes);
    }

    public byte[] bytes() {
      return bytes.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Identity other && other.hash == hash && Arrays.equals(other.bytes, bytes);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** What one or more tasks counted; tallies add up to the counts of a {@link IndexReport}. */
  public record Tally(long masterRows, long indexRows, long missing, long stale, long mismatched, long fixed, long youngStaleLeft,
      long counts, long wrongCounts, long wrongInverse) implements Serializable {

    public static final Tally ZERO = new Tally(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public Tally plus(Tally o) {
      return new Tally(masterRows + o.masterRows, indexRows + o.indexRows, missing + o.missing, stale + o.stale, mismatched + o.mismatched,
          fixed + o.fixed, youngStaleLeft + o.youngStaleLeft, counts + o.counts, wrongCounts + o.wrongCounts, wrongInverse + o.wrongInverse);
    }

    /** The counts as an array, in the order of the record's components. */
    public long[] toArray() {
      return new long[] {masterRows, indexRows, missing, stale, mismatched, fixed, youngStaleLeft, counts, wrongCounts, wrongInverse};
    }

    /** The tally an array of {@link #toArray()} holds. */
    public static Tally of(long[] a) {
      return new Tally(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
    }

    static Tally of(Counters c) {
      return new Tally(c.masterRows.get(), c.indexRows.get(), c.missing.get(), c.stale.get(), c.mismatched.get(), c.fixed.get(),
          c.young.get(), c.counts.get(), c.wrongCounts.get(), c.wrongInverse.get());
    }
  }
}
