package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.List;

/**
 * The fan-out benchmark's baseline: the same book with the same author snippets and the same index
 * by author id, but no {@code @Denormalized}: the application rewrites the snippets itself.
 */
@Entity(table = "bench_plain_books")
@Index(name = "bench_plain_books_by_author", key = "authors.id")
public record BenchPlainBook(
    @PartitionKey String id,
    String title,
    @SuppressWarnings("denorm:EmbeddedCollection") List<BenchAuthorSnippet> authors) {}
