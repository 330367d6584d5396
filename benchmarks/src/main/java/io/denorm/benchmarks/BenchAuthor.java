package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/** The source of the fan-out benchmark's snippets. */
@Entity(table = "bench_authors")
public record BenchAuthor(@PartitionKey String id, String name, String thumbnailUrl) {}
