package io.denorm.benchmarks;

/** An author as a benchmark book shows it. */
public record BenchAuthorSnippet(String id, String name, String thumbnailUrl) {}
