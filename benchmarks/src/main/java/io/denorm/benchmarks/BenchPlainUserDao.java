package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchPlainUserDao {
  void save(BenchPlainUser user);

  CompletionStage<Void> saveAsync(BenchPlainUser user);

  Optional<BenchPlainUser> findById(UUID id);

  CompletionStage<Optional<BenchPlainUser>> findByIdAsync(UUID id);
}
