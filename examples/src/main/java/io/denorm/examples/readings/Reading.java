package io.denorm.examples.readings;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Estimate;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Salt;
import io.denorm.annotations.Transient;
import java.time.Instant;
import java.time.LocalDate;

/**
 * A sensor reading: one partition per sensor and day, newest reading first. On HBase the rows are
 * salted by sensor, so that sensors with neighbouring ids write to different regions; every finder
 * names the sensor, so each reads one bucket.
 */
@Entity(table = "readings", salt = @Salt(buckets = 16, on = "sensorId"))
// One sensor's day: a reading a minute. The day in the partition key bounds it; the salt spreads new rows over 16 regions.
@Estimate(rows = 5_000_000_000L, rowsPerPartition = 1_440, valueBytes = 16)
public class Reading {
  @PartitionKey(0) String sensorId;
  @PartitionKey(1) LocalDate day;
  @ClusteringKey(value = 0, order = Order.DESC) Instant at;
  double value;
  String unit;
  @Transient double cached;

  public Reading() {}

  public Reading(String sensorId, Instant at, double value, String unit) {
    this.sensorId = sensorId;
    this.day = LocalDate.ofInstant(at, java.time.ZoneOffset.UTC);
    this.at = at;
    this.value = value;
    this.unit = unit;
  }

  public String sensorId() {
    return sensorId;
  }

  public LocalDate day() {
    return day;
  }

  public Instant at() {
    return at;
  }

  public double value() {
    return value;
  }

  public String unit() {
    return unit;
  }

  public double cached() {
    return cached;
  }

  public void setCached(double cached) {
    this.cached = cached;
  }

  public void setValue(double value) {
    this.value = value;
  }

  public void setSensorId(String sensorId) {
    this.sensorId = sensorId;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Reading r && java.util.Objects.equals(sensorId, r.sensorId) && java.util.Objects.equals(day, r.day)
        && java.util.Objects.equals(at, r.at) && Double.compare(value, r.value) == 0 && java.util.Objects.equals(unit, r.unit);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(sensorId, day, at, value, unit);
  }

  @Override
  public String toString() {
    return sensorId + "@" + at + "=" + value + unit;
  }
}
