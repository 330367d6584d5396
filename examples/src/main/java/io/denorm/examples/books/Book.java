package io.denorm.examples.books;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.WriteMode;
import java.util.Set;

/** Books by author and by genre, written with logged batches instead of the parallel protocol. */
@Entity(table = "books", writeMode = WriteMode.LOGGED_BATCH)
@Index(name = "books_by_author", key = "author", include = "title")
@Index(name = "books_by_genre", key = "genres")
@Index(name = "books_by_slug", key = "slug", unique = true)
public record Book(@PartitionKey String isbn, String title, String author, String slug, Set<String> genres) {}
