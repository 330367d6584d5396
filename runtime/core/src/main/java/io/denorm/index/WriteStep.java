package io.denorm.index;

/** The steps of an indexed save or delete, in order. */
public enum WriteStep {
  /** Unique index rows claimed (compare-and-set). */
  CLAIMS,
  /** New index entries written, and the verified marks of the rows the write makes stale cleared (a delete's marks too). */
  INDEX_INSERTS,
  /** The master row written or deleted. */
  MASTER,
  /** Old index entries removed and unique rows released. */
  INDEX_DELETES
}
