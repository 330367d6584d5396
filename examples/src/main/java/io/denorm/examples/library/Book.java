package io.denorm.examples.library;

import io.denorm.annotations.Denormalized;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import java.util.List;

/**
 * The seed's book documents: each embeds its authors' id, name and thumbnail. Denorm copies the name
 * and thumbnail from the authors on every save, keeps the reverse index {@code library_books_by_authors_id},
 * and rewrites the snippets of every book when an author's name or thumbnail changes.
 */
@Entity(table = "library_books")
public record Book(
    @PartitionKey String id,
    String name,
    @Denormalized(source = Author.class, fields = {"name", "thumbnailUrl"}) List<AuthorSnippet> authors) {}
