package io.denorm.index;

/**
 * One row read from an index table: its values, and the time it was written (microseconds, the
 * timestamp of the write that made it; {@link Stamped#UNKNOWN} when the store did not say, {@link
 * #UNREAD} when the read did not ask: a finder's select leaves it out, and the read side reads the
 * row again for it only when a repair or a verification needs it). A row of
 * a covering index that a read found matching its master, and no write has touched since, is
 * trusted: {@code covered} is then the entity as the row holds it, and a read returns it without
 * reading the master row (null: the master is read).
 */
public record IndexHit(IndexEntry entry, long writeTime, Object covered) {

  /** The write time of a row read without it; judged young (never repaired or verified) until the row is read again with it. */
  public static final long UNREAD = Long.MIN_VALUE + 1;

  /** Whether the row was read with its write time (known or {@link Stamped#UNKNOWN}). */
  public boolean hasWriteTime() {
    return writeTime != UNREAD;
  }

  public IndexHit(IndexEntry entry, long writeTime) {
    this(entry, writeTime, null);
  }
}
