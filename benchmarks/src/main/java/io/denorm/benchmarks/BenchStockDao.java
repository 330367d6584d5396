package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchStockDao {
  CompletionStage<Void> saveAsync(BenchStock stock);

  Optional<BenchStock> findById(String id);
}
