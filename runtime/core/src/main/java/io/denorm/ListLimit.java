package io.denorm;

/**
 * The most rows a finder that returns a {@code List} reads (index rows, for a finder served by an
 * index table) before it fails with a {@link DenormException} instead of holding them all in memory
 * (default {@value #DEFAULT}); a {@code Stream} or {@code Page} finder has no such limit. One per
 * DAO instance, on every store.
 */
public final class ListLimit {

  public static final int DEFAULT = 100_000;

  private volatile int max = DEFAULT;

  public int max() {
    return max;
  }

  public void set(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("max list rows must be positive: " + rows);
    }
    this.max = rows;
  }

  /** The read limit of a List finder asked for {@code limit} rows (0: all): one past the maximum when that is lower. */
  public int readLimit(int limit) {
    int m = max;
    return limit > 0 && limit <= m ? limit : m + 1;
  }

  /** Fails once {@code rows} read by the List finder of {@code what} (a query, a table) exceed the maximum. */
  public void require(int rows, String what) {
    int m = max;
    if (rows > m) {
      throw new DenormException("a List finder read more than " + m + " rows (" + what
          + "); declare it returning Stream or Page to read them as they come, or raise the limit with setMaxListRows");
    }
  }
}
