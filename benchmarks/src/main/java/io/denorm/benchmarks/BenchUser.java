package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.UUID;

/** The benchmark's user: two index tables, like the two materialized views it is measured against. */
@Entity(table = "bench_users")
@Index(name = "bench_users_by_email", key = "email")
@Index(name = "bench_users_by_location", key = {"state", "city"})
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
