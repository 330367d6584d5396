package io.denorm.benchmarks;

import io.denorm.annotations.Dao;
import java.util.Map;
import java.util.Optional;

@Dao
public interface BenchPortfolioDao {
  void save(BenchPortfolio portfolio);

  Optional<BenchPortfolio> findByOwner(String owner);

  Map<String, BenchStock> loadStockIds(BenchPortfolio portfolio);
}
