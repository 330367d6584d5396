package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import java.util.List;

/** A row referencing many stocks by id: the join benchmark's subject. */
@Entity(table = "bench_portfolios")
@SuppressWarnings("denorm:ReferenceCollection") // 100 ids: the benchmark's point
public record BenchPortfolio(@PartitionKey String owner, @Reference(BenchStock.class) List<String> stockIds) {}
