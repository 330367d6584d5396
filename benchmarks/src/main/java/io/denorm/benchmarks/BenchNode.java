package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.NestedSet;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;

/** A node of the nested-set benchmark's catalogue: departments, categories, products. */
@Entity(table = "bench_nodes")
@NestedSet(name = "bench_leaves", order = "name")
public record BenchNode(@PartitionKey String id, @ParentId String parentId, String name) {}
