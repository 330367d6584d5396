package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface BenchPlainBookDao {
  CompletionStage<Void> saveAsync(BenchPlainBook book);

  void save(BenchPlainBook book, BenchPlainBook previous);

  Optional<BenchPlainBook> findById(String id);

  List<BenchPlainBook> findByAuthorsId(String authorId);
}
