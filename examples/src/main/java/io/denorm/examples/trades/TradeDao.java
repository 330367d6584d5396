package io.denorm.examples.trades;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

/** A symbol's trades: on HBase the first five methods read every salt bucket, the next two one bucket. */
@Dao
public interface TradeDao {
  void save(Trade t);

  List<Trade> findBySymbol(String symbol);

  List<Trade> findFirst5BySymbol(String symbol);

  Stream<Trade> findBySymbolAndAtBetween(String symbol, Instant from, Instant to);

  Page<Trade> findBySymbol(String symbol, PageRequest page);

  CompletionStage<List<Trade>> findBySymbolAsync(String symbol);

  List<Trade> findBySymbolAndAt(String symbol, Instant at);

  Optional<Trade> findBySymbolAndAtAndTradeId(String symbol, Instant at, long tradeId);

  List<Trade> findByAccount(String account);

  /** Served by trades_by_account, each row checked against its trade, returned as a projection. */
  List<TradeSummary> findSummariesByAccount(String account);

  boolean delete(Trade t);

  /**
   * Deletes a symbol's trades older than {@code before}, with their rows in trades_by_account: the
   * range read page by page (on HBase from every salt bucket), deleted a thousand at a time.
   */
  long deleteBySymbolAndAtBefore(String symbol, Instant before);

  /** Deletes every trade of a symbol. */
  void deleteBySymbol(String symbol);

  /** On HBase a key-only scan of every salt bucket at once, the counts summed. */
  long countBySymbol(String symbol);

  boolean existsBySymbol(String symbol);
}
