package io.denorm.examples.library;

import io.denorm.annotations.Count;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Estimate;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.References;
import java.util.Set;

/**
 * An author, as the example author documents have it: the ids of its books (the inverse side of the
 * many-to-many whose owning side is {@link Book#authors()}), and how many books name it, counted
 * by Denorm as books are saved and deleted (the application never writes {@code countOfBooks}).
 * Books show the author's name and thumbnail beside each title.
 *
 * <p>{@code bookIds} null leaves the author's books as stored; a set adds the author to the books
 * it gained and removes it from the books it lost.
 */
@Entity(table = "authors")
@Estimate(rows = 400_000)
public record Author(@PartitionKey String id, String name, String thumbnailUrl,
    // An author writes a bounded number of books: the inverse side stays small.
    @SuppressWarnings("denorm:UnboundedInverse") @References(value = Book.class, mappedBy = "authors") Set<String> bookIds,
    @Count(of = Book.class, by = "authors") long countOfBooks) {

  /** An author whose books are left as they are stored; the count is Denorm's to keep. */
  public Author(String id, String name, String thumbnailUrl) {
    this(id, name, thumbnailUrl, null, 0);
  }

  public Author renamed(String newName) {
    return new Author(id, newName, thumbnailUrl, bookIds, countOfBooks);
  }

  public Author withThumbnail(String url) {
    return new Author(id, name, url, bookIds, countOfBooks);
  }

  public Author withBooks(Set<String> books) {
    return new Author(id, name, thumbnailUrl, books, countOfBooks);
  }
}
