package io.denorm.examples.portfolios;

import io.denorm.KeyChecks;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseReferences;
import io.denorm.hbase.KeySalt;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link PortfolioDao}, storing {@link Portfolio} in table {@code portfolios}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.portfolios.PortfolioDao"
)
public final class HBasePortfolioDao extends HBaseDaoBase<Portfolio> implements PortfolioDao {
  /**
   * Reads the Stock rows {@code holdings} references, for joins.
   */
  private final HBaseReferences<Stock> holdingsReferences;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBasePortfolioDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBasePortfolioDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Portfolio", "portfolios", HBasePortfolioMapper.KEY, HBasePortfolioMapper.COLUMNS,
        HBasePortfolioMapper::key, HBasePortfolioMapper::cells, HBasePortfolioMapper::fromRow, entity -> List.of());
    typedKeys(HBasePortfolioMapper::rowKey);
    this.holdingsReferences = references("stocks", "Stock", HBaseStockMapper.KEY, KeySalt.NONE,
        HBaseStockMapper.COLUMNS, HBaseStockMapper::fromRow);
  }

  /**
   * Writes every column of the {@code Portfolio} row in table {@code portfolios} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   */
  @Override
  public void save(Portfolio portfolio) {
    write(portfolio);
  }

  /**
   * Served by table {@code portfolios}: {@code owner = ?}.
   */
  @Override
  public Optional<Portfolio> findByOwner(String owner) {
    KeyChecks.argument("Portfolio", "owner", owner);
    return get(List.<Object>of(owner));
  }

  /**
   * Joins the Stock rows that {@code holdings} references, read from table {@code stocks} as multi-gets of up to 100
   * rows.
   */
  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Stock> loadHoldings(Portfolio portfolio) {
    Objects.requireNonNull(portfolio, "Portfolio to join");
    var rows = join(holdingsReferences.load(HBasePortfolioMapper.holdingsReferences(portfolio)));
    return (Map<String, Stock>) (Object) Collections.unmodifiableMap(rows);
  }

  /**
   * Joins the Stock rows that {@code holdings} references, read from table {@code stocks} as multi-gets of up to 100
   * rows.
   */
  @Override
  @SuppressWarnings("unchecked")
  public CompletionStage<Map<String, Stock>> loadHoldingsAsync(Portfolio portfolio) {
    Objects.requireNonNull(portfolio, "Portfolio to join");
    return holdingsReferences.load(HBasePortfolioMapper.holdingsReferences(portfolio)).thenApply(rows -> (Map<String,
        Stock>) (Object) Collections.unmodifiableMap(rows));
  }

  /**
   * Joins the Stock rows that {@code holdings} references, read from table {@code stocks} as multi-gets of up to 100
   * rows.
   */
  @Override
  @SuppressWarnings("unchecked")
  public List<Stock> loadStocks(Portfolio portfolio) {
    Objects.requireNonNull(portfolio, "Portfolio to join");
    var rows = join(holdingsReferences.load(HBasePortfolioMapper.holdingsReferences(portfolio)));
    return (List<Stock>) (Object) List.copyOf(rows.values());
  }
}
