package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchBookDao {
  CompletionStage<Void> saveAsync(BenchBook book);

  Optional<BenchBook> findById(String id);

  List<BenchBook> findByAuthorsId(String authorId);
}
