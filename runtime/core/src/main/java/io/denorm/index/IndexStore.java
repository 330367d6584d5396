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
   * Writes a unique row only if no row has its identity (compare-and-set). Completes empty when the
   * row is now held by the entry's master (written, or already held), else with the holder's master
   * key.
   */
  CompletionStage<Optional<List<Object>>> claim(IndexEntry entry, long timestamp);

  /** Deletes a unique row only if it is still held by the entry's master (compare-and-set). */
  CompletionStage<Void> release(IndexEntry entry);

  /** Rewrites the included values of a unique row only if the entry's master still holds it. */
  CompletionStage<Void> overwriteOwned(IndexEntry entry, long timestamp);

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

  /** Moves the count of {@code key} from {@code stored} to {@code value}; completes with whether it was still {@code stored}. */
  default CompletionStage<Boolean> correctCount(IndexDefinition index, Object key, long stored, long value) {
    throw new UnsupportedOperationException(index.name() + " feeds no count");
  }

  /** Adds {@code add} to and removes {@code remove} from the inverse side of {@code key}, element by element. */
  default CompletionStage<Void> correctInverse(IndexDefinition index, Object key, java.util.Set<Object> add, java.util.Set<Object> remove) {
    throw new UnsupportedOperationException(index.name() + " feeds no inverse side");
  }
}
