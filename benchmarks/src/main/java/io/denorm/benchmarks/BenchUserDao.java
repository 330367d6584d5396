package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchUserDao {
  void save(BenchUser user);

  CompletionStage<Void> saveAsync(BenchUser user);

  /** The caller knows the previous state (null: new), so nothing is read first. */
  CompletionStage<Void> saveAsync(BenchUser user, BenchUser previous);

  /** A new user: nothing is read before the writes. */
  CompletionStage<Void> insertAsync(BenchUser user);

  List<BenchUser> findByStateAndCity(String state, String city);

  Optional<BenchUser> findFirstByEmail(String email);
}
