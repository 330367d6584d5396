package io.denorm.index;

/**
 * The shape of one index table as the write protocol sees it. An index row's values are, in order:
 * the index key ({@code keyCount}), the master primary key ({@code masterKeyCount}), the included
 * columns ({@code includeCount}).
 *
 * <p>A non-unique index row is identified by index key + master key. A unique index row is
 * identified by the index key alone: the master key is its owner.
 */
public record IndexDefinition(String entity, String name, int keyCount, int masterKeyCount, int includeCount, boolean unique) {

  public IndexDefinition {
    if (keyCount < 1 || masterKeyCount < 1 || includeCount < 0) {
      throw new IllegalArgumentException("index " + name + ": bad column counts");
    }
  }

  public int valueCount() {
    return keyCount + masterKeyCount + includeCount;
  }

  /** How many leading values identify a row of the index table. */
  public int identityCount() {
    return unique ? keyCount : keyCount + masterKeyCount;
  }
}
