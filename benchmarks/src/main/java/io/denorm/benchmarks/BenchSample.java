package io.denorm.benchmarks;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;

/**
 * The 4-part key of the codec comparison (sensor id, time DESC, sequence, unit) as an entity: its
 * generated HBase mapper's {@code rowKey} and {@code fromRow} are the typed key path the DAOs use.
 */
@Entity(table = "bench_samples")
public record BenchSample(
    @PartitionKey String sensorId,
    @ClusteringKey(value = 0, order = Order.DESC) long at,
    @ClusteringKey(1) int seq,
    @ClusteringKey(2) String unit,
    double value) {}
