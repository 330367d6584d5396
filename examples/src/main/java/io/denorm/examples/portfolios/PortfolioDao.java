package io.denorm.examples.portfolios;

import io.denorm.annotations.Dao;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

@Dao
public interface PortfolioDao {
  void save(Portfolio portfolio);

  Optional<Portfolio> findByOwner(String owner);

  /** The stocks of the holdings, by stock id, in holding order: one request per 100 stocks. */
  Map<String, Stock> loadHoldings(Portfolio portfolio);

  CompletionStage<Map<String, Stock>> loadHoldingsAsync(Portfolio portfolio);

  /** The same join, as a list in holding order (stocks that do not exist are left out). */
  List<Stock> loadStocks(Portfolio portfolio);
}
