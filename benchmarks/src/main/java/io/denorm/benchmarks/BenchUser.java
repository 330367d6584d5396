package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.UUID;

/**
 * The benchmark's user: two covering index tables, like the two materialized views it is measured
 * against (each view holds every column, so that a read through it is one request).
 */
@Entity(table = "bench_users")
@Index(name = "bench_users_by_email", key = "email", include = {"name", "state", "city"})
@Index(name = "bench_users_by_location", key = {"state", "city"}, partition = 2, include = {"name", "email"})
public class BenchUser {
  @PartitionKey UUID id;
  String name;
  String email;
  String state;
  String city;

  public BenchUser() {}

  BenchUser(UUID id, String name, String email, String state, String city) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.state = state;
    this.city = city;
  }
}
