package io.denorm.benchmarks;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import java.time.Instant;

/** A time-series row without indexes: a save is one row write, so the DAO can be compared with raw puts. */
@Entity(table = "bench_readings")
public record BenchReading(
    @PartitionKey String sensorId,
    @ClusteringKey(value = 0, order = Order.DESC) Instant at,
    double value,
    String unit,
    String note) {}
