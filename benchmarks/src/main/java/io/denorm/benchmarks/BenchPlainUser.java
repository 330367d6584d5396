package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import java.util.UUID;

/** A user without indexes, written as a plain class: a save is one row write, a find one read (compared with the driver's mapper). */
@Entity(table = "bench_plain_users")
public class BenchPlainUser {
  @PartitionKey UUID id;
  String name;
  String email;
  String state;
  String city;

  public BenchPlainUser() {}

  BenchPlainUser(UUID id, String name, String email, String state, String city) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.state = state;
    this.city = city;
  }
}
