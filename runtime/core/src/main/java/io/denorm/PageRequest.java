package io.denorm;

import java.util.Objects;
import java.util.Optional;

/**
 * Asks for one page of a query's rows: at most {@link #size()} of them, starting after the position
 * an earlier {@link Page#nextCursor()} handed out, or from the first row when there is no cursor.
 *
 * <p>A cursor is opaque, safe to hand to a web client, and valid only for the query that produced
 * it.
 */
public record PageRequest(int size, String cursor) {

  /** The largest page a request may ask for. */
  public static final int MAX_SIZE = 10_000;

  public PageRequest {
    if (size < 1 || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          "page size must be between 1 and " + MAX_SIZE + ", got " + size);
    }
    if (cursor != null && cursor.isBlank()) {
      cursor = null;
    }
  }

  /** The first page of {@code size} rows. */
  public static PageRequest ofSize(int size) {
    return new PageRequest(size, null);
  }

  /** The page of {@code size} rows that follows the one that returned {@code cursor}. */
  public static PageRequest of(int size, String cursor) {
    return new PageRequest(size, Objects.requireNonNull(cursor, "cursor"));
  }

  /** This request's size, resuming after {@code nextCursor}. */
  public PageRequest next(String nextCursor) {
    return new PageRequest(size, Objects.requireNonNull(nextCursor, "nextCursor"));
  }

  public Optional<String> cursorIfAny() {
    return Optional.ofNullable(cursor);
  }
}
