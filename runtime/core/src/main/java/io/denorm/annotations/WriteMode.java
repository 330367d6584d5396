package io.denorm.annotations;

/** How the writes of one indexed save or delete are sent. */
public enum WriteMode {
  /**
   * The default: new index entries in parallel, then the master row, then the removal of old entries,
   * all at one client-side timestamp. A crash between steps leaves extra entries only, which reads
   * filter out and repair.
   */
  PARALLEL,
  /**
   * One logged batch for the index entries, the master row and the removals (unique claims stay
   * compare-and-set statements before it): all or nothing, at a higher write cost.
   */
  LOGGED_BATCH
}
