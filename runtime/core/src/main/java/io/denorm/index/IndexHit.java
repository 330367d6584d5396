package io.denorm.index;

/**
 * One row read from an index table: its values, and the time it was written (microseconds, the
 * timestamp of the write that made it; {@link Long#MIN_VALUE} when the store did not say). A row of
 * a covering index that a read found matching its master, and no write has touched since, is
 * trusted: {@code covered} is then the entity as the row holds it, and a read returns it without
 * reading the master row (null: the master is read).
 */
public record IndexHit(IndexEntry entry, long writeTime, Object covered) {

  public IndexHit(IndexEntry entry, long writeTime) {
    this(entry, writeTime, null);
  }
}
