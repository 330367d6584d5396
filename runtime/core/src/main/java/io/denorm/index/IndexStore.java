package io.denorm.index;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * What a backend does to index tables and the master row, one call per row, so that {@link
 * IndexProtocol} can run the same protocol on Cassandra and HBase. Entries are routed to their table
 * by {@link IndexDefinition#name()}.
 *
 * @param <M> the backend's prepared master write (a bound statement, a row mutation)
 */
public interface IndexStore<M> {

  /** Writes {@code entry} at {@code timestamp}. */
  CompletionStage<Void> insert(IndexEntry entry, long timestamp);

  /** Deletes {@code entry}'s row at {@code timestamp}: a write of the row with a later timestamp survives. */
  CompletionStage<Void> delete(IndexEntry entry, long timestamp);

  /**
   * Whether {@link #writeRows} sends the plain rows of one step in fewer requests than one per row
   * (Cassandra: one unlogged batch). The protocol then hands it each step's rows at once.
   */
  default boolean groupsRows() {
    return false;
  }

  /**
   * The plain rows of one step at {@code timestamp}: {@code inserts} written, the verified marks of
   * {@code unverified} cleared, {@code deletes} deleted. The rows land independently: when the call
   * fails, any subset of them may have been applied, as with one call per row. The default makes one
   * call per row, in parallel.
   */
  default CompletionStage<Void> writeRows(List<IndexEntry> inserts, List<IndexEntry> unverified, List<IndexEntry> deletes, long timestamp) {
    List<java.util.concurrent.CompletableFuture<Void>> calls = new java.util.ArrayList<>();
    java.util.function.BiConsumer<IndexEntry, java.util.function.Function<IndexEntry, CompletionStage<Void>>> call = (e, write) -> {
      try {
        calls.add(write.apply(e).toCompletableFuture());
      } catch (RuntimeException refusedUnsent) { // fails the step once the rows sent are in, as a failed write does
        calls.add(java.util.concurrent.CompletableFuture.failedFuture(refusedUnsent));
      }
    };
    inserts.forEach(e -> call.accept(e, x -> insert(x, timestamp)));
    unverified.forEach(e -> call.accept(e, x -> unverify(x, timestamp)));
    deletes.forEach(e -> call.accept(e, x -> delete(x, timestamp)));
    return java.util.concurrent.CompletableFuture.allOf(calls.toArray(new java.util.concurrent.CompletableFuture<?>[0]));
  }

  /**
   * Whether the rows of {@code index} are claimed rows: written and removed only by compare-and-set,
   * each recording the stamp of the operation that last asserted it (unique rows, and memberships
   * that feed a count or an inverse side). Others are plain rows written at the operation's stamp.
   */
  default boolean claimed(IndexDefinition index) {
    return index.unique();
  }

  /**
   * Who holds a unique row: the owner's master key, and the stamp of the operation that last
   * asserted the row (its claim or a later save keeping the value).
   */
  record Holder(List<Object> owner, long op) {}

  /**
   * The outcome of {@link #claim}: the row was absent and is now this entry's ({@code created}), it
   * was the entry's master's already and is now asserted at least at the operation's stamp (neither
   * created nor {@code other}), or another master holds it ({@code other}).
   */
  record Claim(boolean created, Holder other) {
    public static final Claim CREATED = new Claim(true, null);
    public static final Claim HELD = new Claim(false, null);

    public static Claim heldBy(Holder other) {
      return new Claim(false, other);
    }
  }

  /**
   * Claims a unique row for the entry's master at operation stamp {@code op}, or asserts it again
   * when that master holds it already: the row then records a stamp of at least {@code op} (raised
   * past its stored one when that is not lower, so that no release by an earlier operation can pass)
   * and the entry's included values. Compare-and-set throughout; {@code owned} says the caller's
   * previous state held the row, so the store may try the assertion first.
   */
  CompletionStage<Claim> claim(IndexEntry entry, long op, boolean owned);

  /**
   * Deletes a unique row only if the entry's master holds it and the stamp that last asserted it is
   * lower than {@code before} (compare-and-set). Completes with whether it was deleted.
   */
  CompletionStage<Boolean> release(IndexEntry entry, long before);

  /**
   * Gives a unique row to the entry's master at stamp {@code op}, only if it is still held by {@code
   * from} as read (owner and stamp: compare-and-set). Completes with whether it was taken.
   */
  CompletionStage<Boolean> takeOver(IndexEntry entry, long op, Holder from);

  /**
   * Fails with a {@link io.denorm.DenormException} naming the entity and field when one of {@code
   * entries} could not be written (a key over the store's size limit), before anything is written.
   */
  default void requireWritable(java.util.Collection<IndexEntry> entries) {}

  /**
   * Whether {@code failure} of a write means the store did not apply it (refused, or never sent),
   * as opposed to an outcome that is unknown (a timeout): only then may the writes made for it
   * before be taken back.
   */
  default boolean refused(Throwable failure) {
    return false;
  }

  // ---- trusted rows: a covering index whose rows a read may return without the master ---------

  /**
   * Whether the rows of {@code index} can be trusted once verified: the index covers every column
   * of its entity, so a read can return a verified row as it is (see {@link IndexReads}).
   */
  default boolean trusts(IndexDefinition index) {
    return false;
  }

  /**
   * Marks {@code entry}'s row verified at {@code masterWriteTime}, the write time of a master row
   * read just before that needs exactly this row: every write that makes the row stale clears the
   * mark at its own stamp, which is above the state it read, so the mark of a state already
   * replaced never stands.
   */
  default CompletionStage<Void> verify(IndexEntry entry, long masterWriteTime) {
    throw new UnsupportedOperationException(entry.index().name() + " is not trusted");
  }

  /** Clears the verified mark of {@code entry}'s row at {@code timestamp}, before a write makes the row stale. */
  default CompletionStage<Void> unverify(IndexEntry entry, long timestamp) {
    throw new UnsupportedOperationException(entry.index().name() + " is not trusted");
  }

  /** Reads the row of {@code entry}'s identity, with its write time. */
  CompletionStage<Optional<IndexHit>> read(IndexEntry entry);

  /** Writes (or deletes) the master row at {@code timestamp}. */
  CompletionStage<Void> writeMaster(M master, long timestamp);

  /**
   * Writes {@code inserts}, the master and {@code deletes} atomically, all at {@code timestamp}
   * (Cassandra's logged batch). Backends that cannot do so throw {@link UnsupportedOperationException}.
   */
  default CompletionStage<Void> writeTogether(List<IndexEntry> inserts, M master, List<IndexEntry> deletes, long timestamp) {
    throw new UnsupportedOperationException("this backend has no atomic multi-row write");
  }

  // ---- memberships: an index whose rows feed a @Count or a @References side ---------------------

  /**
   * One row of the entity the memberships feed, as stored: its key, its count (null when the
   * index feeds no count; 0 when absent) and its inverse side (null when it feeds none; empty when
   * absent).
   */
  record MembershipRow(Object key, Long count, java.util.Set<Object> ids) {}

  /** Whether the rows of {@code index} are memberships that feed a count or an inverse side in another entity's rows. */
  default boolean feedsMembers(IndexDefinition index) {
    return false;
  }

  /** Every row of the entity the memberships feed, in segments that together cover each once. */
  default List<IndexScans.Segment<MembershipRow>> membershipRows(IndexDefinition index) {
    throw new UnsupportedOperationException(index.name() + " feeds nothing");
  }

  /** The master ids of the membership rows of {@code key}. */
  default CompletionStage<java.util.Set<Object>> memberIds(IndexDefinition index, Object key) {
    throw new UnsupportedOperationException(index.name() + " feeds nothing");
  }

  /** How many membership rows {@code key} has, counted as they are read (none held). */
  default CompletionStage<Long> memberCount(IndexDefinition index, Object key) {
    return memberIds(index, key).thenApply(ids -> (long) ids.size());
  }

  /** Moves the count of {@code key} from {@code stored} to {@code value}; completes with whether it was still {@code stored}. */
  default CompletionStage<Boolean> correctCount(IndexDefinition index, Object key, long stored, long value) {
    throw new UnsupportedOperationException(index.name() + " feeds no count");
  }

  /** Adds {@code add} to and removes {@code remove} from the inverse side of {@code key}, element by element. */
  default CompletionStage<Void> correctInverse(IndexDefinition index, Object key, java.util.Set<Object> add, java.util.Set<Object> remove) {
    throw new UnsupportedOperationException(index.name() + " feeds no inverse side");
  }
}
