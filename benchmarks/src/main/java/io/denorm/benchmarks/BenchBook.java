package io.denorm.benchmarks;

import io.denorm.annotations.Denormalized;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import java.util.List;

/** A holder of the fan-out benchmark: one author snippet per book. */
@Entity(table = "bench_books")
public record BenchBook(
    @PartitionKey String id,
    String title,
    @Denormalized(source = BenchAuthor.class, fields = {"name", "thumbnailUrl"}) List<BenchAuthorSnippet> authors) {}
