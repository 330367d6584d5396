package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.UUID;

/** A user with two plain (not covering) indexes: its inserts read nothing, its finders read each hit's master row. */
@Entity(table = "bench_lean_users")
@Index(name = "bench_lean_users_by_email", key = "email")
@Index(name = "bench_lean_users_by_location", key = {"state", "city"}, partition = 2)
public class BenchLeanUser {
  @PartitionKey UUID id;
  String name;
  String email;
  String state;
  String city;

  public BenchLeanUser() {}

  BenchLeanUser(UUID id, String name, String email, String state, String city) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.state = state;
    this.city = city;
  }
}
