package io.denorm.examples.trades;

import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import io.denorm.hbase.HBaseValues;
import io.denorm.write.BulkWrites;
import io.denorm.write.DeletePipeline;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link TradeDao}, storing {@link Trade} in table {@code trades}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.trades.TradeDao"
)
public final class HBaseTradeDao extends HBaseDaoBase<Trade> implements TradeDao {
  /**
   * Index table {@code trades_by_account}.
   */
  private final HBaseIndexTable tradesByAccountIndex;

  /**
   * The steps of a delete of Trade; every delete method is one call of it.
   */
  private final DeletePipeline<Trade> deletes;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseTradeDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseTradeDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Trade", "trades", HBaseTradeMapper.KEY, HBaseTradeMapper.SALT,
        HBaseTradeMapper.COLUMNS, HBaseTradeMapper::key, HBaseTradeMapper::cells, HBaseTradeMapper::fromRow,
        HBaseTradeMapper::indexEntries);
    typedKeys(HBaseTradeMapper::rowKey);
    this.tradesByAccountIndex = indexTable(HBaseTradeMapper.TRADES_BY_ACCOUNT, "trades_by_account",
        HBaseTradeMapper.TRADES_BY_ACCOUNT_KEY);
    this.deletes = deletePipeline(HBaseTradeMapper::key)
        .checking(this::checkKey)
        .build();
  }

  /**
   * Writes every column of the {@code Trade} row in table {@code trades} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Trade t) {
    write(t);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ?}.
   */
  @Override
  public List<Trade> findBySymbol(String symbol) {
    KeyChecks.argument("Trade", "symbol", symbol);
    return list(range(List.<Object>of(symbol)), 0);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ?}, first 5 row(s).
   */
  @Override
  public List<Trade> findFirst5BySymbol(String symbol) {
    KeyChecks.argument("Trade", "symbol", symbol);
    return list(range(List.<Object>of(symbol)), 5);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ? AND at >= ? AND at <= ?}.
   */
  @Override
  public Stream<Trade> findBySymbolAndAtBetween(String symbol, Instant from, Instant to) {
    KeyChecks.argument("Trade", "symbol", symbol);
    KeyChecks.argument("Trade", "at", from);
    KeyChecks.argument("Trade", "at", to);
    return stream(range(List.<Object>of(symbol), HBaseValues.millis(from), true, HBaseValues.millis(to), true), 0);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ?}.
   */
  @Override
  public Page<Trade> findBySymbol(String symbol, PageRequest page) {
    KeyChecks.argument("Trade", "symbol", symbol);
    return page(range(List.<Object>of(symbol)), page);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ?}.
   */
  @Override
  public CompletionStage<List<Trade>> findBySymbolAsync(String symbol) {
    KeyChecks.argument("Trade", "symbol", symbol);
    return listAsync(range(List.<Object>of(symbol)), 0);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ? AND at = ?}.
   */
  @Override
  public List<Trade> findBySymbolAndAt(String symbol, Instant at) {
    KeyChecks.argument("Trade", "symbol", symbol);
    KeyChecks.argument("Trade", "at", at);
    return list(range(List.<Object>of(symbol, HBaseValues.millis(at))), 0);
  }

  /**
   * Served by table {@code trades}: {@code symbol = ? AND at = ? AND trade_id = ?}.
   */
  @Override
  public Optional<Trade> findBySymbolAndAtAndTradeId(String symbol, Instant at, long tradeId) {
    KeyChecks.argument("Trade", "symbol", symbol);
    KeyChecks.argument("Trade", "at", at);
    return get(List.<Object>of(symbol, HBaseValues.millis(at), tradeId));
  }

  /**
   * Served by table {@code trades_by_account}: {@code account = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   */
  @Override
  public List<Trade> findByAccount(String account) {
    KeyChecks.argument("Trade", "account", account);
    return indexList(tradesByAccountIndex, range(tradesByAccountIndex, List.<Object>of(account)), 0);
  }

  /**
   * Served by table {@code trades_by_account}: {@code account = ?}.
   * Each index row is checked against the master row it points at; rows whose master no longer matches are left out and
   * repaired.
   * Each {@code Trade} read is returned as a {@link TradeSummary} of its fields tradeId, price, quantity.
   */
  @Override
  public List<TradeSummary> findSummariesByAccount(String account) {
    return findSummariesByAccount$rows(account).stream().map(row -> new TradeSummary(row.tradeId(), row.price(),
        row.quantity())).toList();
  }

  private List<Trade> findSummariesByAccount$rows(String account) {
    KeyChecks.argument("Trade", "account", account);
    return indexList(tradesByAccountIndex, range(tradesByAccountIndex, List.<Object>of(account)), 0);
  }

  /**
   * Deletes one row of table {@code trades} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean delete(Trade t) {
    return join(removeEntityAsync(t));
  }

  /**
   * Deletes every {@code Trade} of table {@code trades} under {@code symbol = ? AND at < ?} as {@code delete} does,
   * with its index rows and the rows
   * it keeps in step: the rows are read page by page and deleted {@value io.denorm.write.DeletePipeline#RANGE_CHUNK} at
   * a time ({@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight), each chunk before the next is read.
   * A failed delete stops the call at the end of its chunk with {@link io.denorm.BulkWriteException}; calling again
   * deletes what is left.
   */
  @Override
  public long deleteBySymbolAndAtBefore(String symbol, Instant before) {
    KeyChecks.argument("Trade", "symbol", symbol);
    KeyChecks.argument("Trade", "at", before);
    try (Stream<Trade> rows = stream(range(List.<Object>of(symbol), null, false, HBaseValues.millis(before), false),
        0)) {
      return deletes.deleteEach("Trade", rows, BulkWrites.DEFAULT_IN_FLIGHT, stage -> join(stage));
    }
  }

  /**
   * Deletes every {@code Trade} of table {@code trades} under {@code symbol = ?} as {@code delete} does, with its index
   * rows and the rows
   * it keeps in step: the rows are read page by page and deleted {@value io.denorm.write.DeletePipeline#RANGE_CHUNK} at
   * a time ({@value io.denorm.write.BulkWrites#DEFAULT_IN_FLIGHT} in flight), each chunk before the next is read.
   * A failed delete stops the call at the end of its chunk with {@link io.denorm.BulkWriteException}; calling again
   * deletes what is left.
   */
  @Override
  public void deleteBySymbol(String symbol) {
    KeyChecks.argument("Trade", "symbol", symbol);
    try (Stream<Trade> rows = stream(range(List.<Object>of(symbol)), 0)) {
      deletes.deleteEach("Trade", rows, BulkWrites.DEFAULT_IN_FLIGHT, stage -> join(stage));
    }
  }

  /**
   * Counts by key-only scans the rows of table {@code trades}: {@code symbol = ?}.
   */
  @Override
  public long countBySymbol(String symbol) {
    KeyChecks.argument("Trade", "symbol", symbol);
    return count(range(List.<Object>of(symbol)));
  }

  /**
   * Reads the first row of each salt bucket of table {@code trades}: {@code symbol = ?}.
   */
  @Override
  public boolean existsBySymbol(String symbol) {
    KeyChecks.argument("Trade", "symbol", symbol);
    return exists(range(List.<Object>of(symbol)));
  }
}
