package io.denorm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One page of a query's rows, in the order of the table that served the query, and the cursor that
 * resumes after it.
 *
 * @param content the rows of this page, at most the requested size
 * @param nextCursor where the next page starts, or null when this is the last page
 */
public record Page<T>(List<T> content, String nextCursor) {

  public Page {
    content = List.copyOf(Objects.requireNonNull(content, "content"));
  }

  /** Whether another page may follow; its content can still turn out to be empty. */
  public boolean hasNext() {
    return nextCursor != null;
  }

  public Optional<String> nextCursorIfAny() {
    return Optional.ofNullable(nextCursor);
  }

  /** The request for the page that follows this one, of the given size. */
  public Optional<PageRequest> nextRequest(int size) {
    return nextCursorIfAny().map(c -> PageRequest.of(size, c));
  }

  public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
    return new Page<>(content.stream().<R>map(mapper).toList(), nextCursor);
  }
}
