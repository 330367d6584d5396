package io.denorm.index;

/**
 * One row read from an index table: its values, and the time it was written (microseconds, the
 * timestamp of the write that made it; {@link Long#MIN_VALUE} when the store did not say).
 */
public record IndexHit(IndexEntry entry, long writeTime) {}
