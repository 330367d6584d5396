package io.denorm.benchmarks;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.WriteMode;
import java.util.UUID;

/** {@link BenchLeanUser} written with {@code WriteMode.LOGGED_BATCH}: its index rows and master row go as one logged batch. */
@Entity(table = "bench_logged_users", writeMode = WriteMode.LOGGED_BATCH)
@Index(name = "bench_logged_users_by_email", key = "email")
@Index(name = "bench_logged_users_by_location", key = {"state", "city"}, partition = 2)
public class BenchLoggedUser {
  @PartitionKey UUID id;
  String name;
  String email;
  String state;
  String city;

  public BenchLoggedUser() {}

  BenchLoggedUser(UUID id, String name, String email, String state, String city) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.state = state;
    this.city = city;
  }
}
