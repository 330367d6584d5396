package io.denorm;

import java.util.List;

/**
 * A save or delete of a {@code @Version} entity lost a compare-and-set: the stored version was not
 * the one the write expected. Nothing of the failed write remains, in the master row or in any
 * index. Reload the entity (its current version is {@link #currentVersion()}) and apply the change
 * again.
 */
public class ConcurrentUpdateException extends DenormException {

  private final String entity;
  private final List<Object> key;
  private final long expectedVersion;
  private final long currentVersion;

  public ConcurrentUpdateException(String entity, List<Object> key, long expectedVersion, long currentVersion) {
    super(entity + " " + key + ": expected version " + expectedVersion + " but the stored version is "
        + (currentVersion == 0 ? "0 (no row)" : String.valueOf(currentVersion)) + "; nothing was written: reload it and apply the change again");
    this.entity = entity;
    this.key = List.copyOf(key);
    this.expectedVersion = expectedVersion;
    this.currentVersion = currentVersion;
  }

  public String entity() {
    return entity;
  }

  /** The primary key of the entity, in key order. */
  public List<Object> key() {
    return key;
  }

  public long expectedVersion() {
    return expectedVersion;
  }

  /** The version stored when the write failed; 0 when there is no row. */
  public long currentVersion() {
    return currentVersion;
  }
}
