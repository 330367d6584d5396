package io.denorm.index;

import java.time.Duration;

/**
 * What every generated DAO of an entity with index tables offers besides its own methods, on every
 * backend: maintenance of the index tables, read statistics, and the hooks tests use.
 *
 * @param <E> the entity
 */
public interface IndexedDao<E> {

  /** Verify, rebuild and back-fill of this DAO's index tables. */
  IndexMaintenance<E> indexMaintenance();

  /** Counts of what reads through this DAO's index tables found and repaired. */
  IndexReadStats indexReadStats();

  /** How old a stale index row must be before a read deletes it (default 60 s). */
  void setIndexRepairGrace(Duration grace);

  /**
   * Gives this DAO instance a clock of its own, as an application instance on another machine has
   * (see {@link io.denorm.WriteClock#skewed}); by default every DAO of a class loader shares one.
   */
  void setWriteClock(io.denorm.WriteClock clock);

  /**
   * The most rows a finder of this DAO that returns a {@code List} reads before it fails with a
   * {@link io.denorm.DenormException} instead of holding them all (default 100,000).
   */
  void setMaxListRows(int rows);

  /** A test hook called after each step of an indexed save or delete; throwing stops the write there. */
  void setWriteObserver(WriteObserver observer);
}
