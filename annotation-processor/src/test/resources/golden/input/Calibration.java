package io.denorm.examples.calibrations;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Transient;
import java.time.Instant;

/** A record entity: read back through its canonical constructor; the transient part comes back as 0. */
@Entity
public record Calibration(
    @PartitionKey String sensorId,
    @ClusteringKey(0) int version,
    @ClusteringKey(1) Instant at,
    double offset,
    double gain,
    @Transient long computedChecksum) {}
