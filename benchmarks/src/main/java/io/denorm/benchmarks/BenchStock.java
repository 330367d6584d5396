package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/** A referenced row of the join benchmark. */
@Entity(table = "bench_stocks")
public record BenchStock(@PartitionKey String id, String symbol, double open, double high, double low, long vol) {}
