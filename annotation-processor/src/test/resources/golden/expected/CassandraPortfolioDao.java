package io.denorm.examples.portfolios;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link PortfolioDao}, storing {@link Portfolio} in table {@code portfolios}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.portfolios.PortfolioDao"
)
public final class CassandraPortfolioDao extends CassandraDaoBase<Portfolio> implements PortfolioDao,
    ScannableDao<Portfolio> {
  /**
   * {@code INSERT INTO portfolios (owner, holdings) VALUES (?, ?)}
   */
  private final PreparedCql insertPortfolio;

  /**
   * {@code SELECT owner, holdings FROM portfolios WHERE owner = ?}
   */
  private final PreparedCql selectByOwner;

  /**
   * {@code SELECT id, symbol, open, high, low, vol, mkt_cap, pe FROM stocks WHERE id IN ?}
   */
  private final PreparedCql selectStockIn;

  /**
   * {@code SELECT owner, holdings FROM portfolios WHERE token(owner) >= ? AND token(owner) <= ?}
   */
  private final PreparedCql scanPortfolio;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraPortfolioDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.insertPortfolio = prepare("INSERT INTO {keyspace}.portfolios (owner, holdings) VALUES (?, ?)");
    this.selectByOwner = prepare("SELECT owner, holdings FROM {keyspace}.portfolios WHERE owner = ?");
    this.selectStockIn = prepare("SELECT id, symbol, open, high, low, vol, mkt_cap, pe FROM {keyspace}.stocks WHERE id "
        + "IN ?");
    this.scanPortfolio = prepare("SELECT owner, holdings FROM {keyspace}.portfolios WHERE token(owner) >= ? AND "
        + "token(owner) <= ?");
  }

  /**
   * Writes every column of the {@code Portfolio} row in table {@code portfolios}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   */
  @Override
  public void save(Portfolio portfolio) {
    CassandraPortfolioMapper.requireValidKey(portfolio);
    long writeTimestamp = nextWriteTimestamp();
    write(CassandraPortfolioMapper.bindAll(insertPortfolio.sync().boundStatementBuilder(), portfolio), writeTimestamp);
  }

  /**
   * Served by table {@code portfolios}: {@code owner = ?}.
   */
  @Override
  public Optional<Portfolio> findByOwner(String owner) {
    KeyChecks.argument("Portfolio", "owner", owner);
    return one(
        selectByOwner.sync().boundStatementBuilder()
            .setString(0, owner),
        CassandraPortfolioMapper::fromRow);
  }

  /**
   * Joins the Stock rows that {@code holdings} references, read from table {@code stocks} with {@code IN}, up to 100
   * ids per request.
   */
  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Stock> loadHoldings(Portfolio portfolio) {
    Objects.requireNonNull(portfolio, "Portfolio to join");
    var rows = references(CassandraPortfolioMapper.holdingsReferences(portfolio), selectStockIn,
        CassandraStockMapper::fromRow);
    return (Map<String, Stock>) (Object) Collections.unmodifiableMap(rows);
  }

  /**
   * Joins the Stock rows that {@code holdings} references, read from table {@code stocks} with {@code IN}, up to 100
   * ids per request.
   */
  @Override
  @SuppressWarnings("unchecked")
  public CompletionStage<Map<String, Stock>> loadHoldingsAsync(Portfolio portfolio) {
    Objects.requireNonNull(portfolio, "Portfolio to join");
    return referencesAsync(CassandraPortfolioMapper.holdingsReferences(portfolio), selectStockIn,
        CassandraStockMapper::fromRow).thenApply(rows -> (Map<String,
        Stock>) (Object) Collections.unmodifiableMap(rows));
  }

  /**
   * Joins the Stock rows that {@code holdings} references, read from table {@code stocks} with {@code IN}, up to 100
   * ids per request.
   */
  @Override
  @SuppressWarnings("unchecked")
  public List<Stock> loadStocks(Portfolio portfolio) {
    Objects.requireNonNull(portfolio, "Portfolio to join");
    var rows = references(CassandraPortfolioMapper.holdingsReferences(portfolio), selectStockIn,
        CassandraStockMapper::fromRow);
    return (List<Stock>) (Object) List.copyOf(rows.values());
  }

  @Override
  public List<IndexScans.Segment<Portfolio>> scanSegments(int segments) {
    return masterSegments(scanPortfolio, CassandraPortfolioMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Portfolio> scanSegment(String range) {
    return masterSegment(scanPortfolio, CassandraPortfolioMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraPortfolioDao withStatementOptions(StatementOptions options) {
    CassandraPortfolioDao other = new CassandraPortfolioDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
