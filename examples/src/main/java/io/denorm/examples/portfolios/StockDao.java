package io.denorm.examples.portfolios;

import io.denorm.annotations.Dao;
import java.util.Optional;

@Dao
public interface StockDao {
  void save(Stock stock);

  Optional<Stock> findById(String id);

  boolean deleteById(String id);
}
