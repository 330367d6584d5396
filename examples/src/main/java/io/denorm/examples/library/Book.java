package io.denorm.examples.library;

import io.denorm.annotations.Denormalized;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Estimate;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import java.util.List;

/**
 * The example book documents: each embeds its authors' id, name and thumbnail. Denorm copies the name
 * and thumbnail from the authors on every save, keeps the reverse index {@code library_books_by_authors_id},
 * and rewrites the snippets of every book when an author's name or thumbnail changes. The publisher
 * is referenced from the book side: its id, indexed.
 */
@Entity(table = "library_books")
// A change of an author's name rewrites that author's books: about 5 per author here, far under -Adenorm.maxFanOut.
@Estimate(rows = 2_000_000)
@Index(name = "library_books_by_publisher", key = "publisherId")
public record Book(
    @PartitionKey String id,
    String name,
    @Reference(Publisher.class) String publisherId,
    @Denormalized(source = Author.class, fields = {"name", "thumbnailUrl"}) List<AuthorSnippet> authors) {

  /** A book without a publisher. */
  public Book(String id, String name, List<AuthorSnippet> authors) {
    this(id, name, null, authors);
  }
}
