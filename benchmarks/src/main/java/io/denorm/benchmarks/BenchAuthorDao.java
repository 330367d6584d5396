package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchAuthorDao {
  void save(BenchAuthor author);

  CompletionStage<Void> saveAsync(BenchAuthor author);
}
