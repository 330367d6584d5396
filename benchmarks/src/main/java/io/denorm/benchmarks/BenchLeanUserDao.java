package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchLeanUserDao {
  /** A new user: nothing is read before the writes. */
  CompletionStage<Void> insertAsync(BenchLeanUser user);

  CompletionStage<Void> saveAsync(BenchLeanUser user);
}
