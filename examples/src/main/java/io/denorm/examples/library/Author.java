package io.denorm.examples.library;

import io.denorm.annotations.Count;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/**
 * An author, as the seed's author documents have it: books show the name and thumbnail beside each
 * title, and the author shows how many books name it, counted by Denorm as books are saved and
 * deleted (the application never writes {@code countOfBooks}).
 */
@Entity(table = "authors")
public record Author(@PartitionKey String id, String name, String thumbnailUrl,
    @Count(of = Book.class, by = "authors") long countOfBooks) {

  /** A new author: the count is Denorm's to keep. */
  public Author(String id, String name, String thumbnailUrl) {
    this(id, name, thumbnailUrl, 0);
  }

  public Author renamed(String newName) {
    return new Author(id, newName, thumbnailUrl, countOfBooks);
  }

  public Author withThumbnail(String url) {
    return new Author(id, name, url, countOfBooks);
  }
}
