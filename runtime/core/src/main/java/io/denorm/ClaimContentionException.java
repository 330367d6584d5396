package io.denorm;

import java.util.List;

/**
 * A save lost the race for a claimed index row (a unique value, or a membership of a many-to-many
 * link) on every attempt: other saves of the same row changed it each time in between. The save
 * wrote nothing past its claims (the claimed rows it created are released again, those it asserted
 * again are checked once the repair grace has passed); trying the save again, from the row as
 * stored now, is the remedy. A snippet fan-out does so by itself, as it does
 * for a {@link ConcurrentUpdateException}.
 */
public class ClaimContentionException extends DenormException {

  private final String index;
  private final List<Object> indexKey;

  public ClaimContentionException(String index, List<Object> indexKey) {
    super("claimed row of " + index + " for " + indexKey + " changed under every attempt to claim it; try the save again");
    this.index = index;
    // a copy that keeps null components (an index key may hold one)
    this.indexKey = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(indexKey));
  }

  /** The index table of the row. */
  public String index() {
    return index;
  }

  /** The row's index key values. */
  public List<Object> indexKey() {
    return indexKey;
  }
}
