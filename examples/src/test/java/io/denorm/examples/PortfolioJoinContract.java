package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.denorm.examples.portfolios.Holding;
import io.denorm.examples.portfolios.Portfolio;
import io.denorm.examples.portfolios.PortfolioDao;
import io.denorm.examples.portfolios.Stock;
import io.denorm.examples.portfolios.StockDao;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Application-side joins on a real store: a portfolio references stocks by id (with the number held
 * beside each id), and {@code loadHoldings} reads the referenced stock rows in batches.
 */
abstract class PortfolioJoinContract {

  static PortfolioDao portfolios;
  static StockDao stocks;
  /** s-000 … s-249, by id. */
  static final Map<String, Stock> STOCKS = new LinkedHashMap<>();

  static void use(Stores.Store store) {
    portfolios = store.dao(PortfolioDao.class, "portfolios_test", List.of("Portfolio", "Stock"));
    stocks = store.sameSchema(StockDao.class);
    stocks.save(new Stock("1", "zaza", 1, 2, 0.5, 11_970_000L, 42_000_000L, 5.89));
    stocks.save(new Stock("2", "xcxc", 89, 93.24, 88.87, 2_970_200L, 1_005_000L, 75.82));
    for (int i = 0; i < 250; i++) {
      Stock s = new Stock(String.format("s-%03d", i), "SYM" + i, i, i + 1.5, i - 0.5, 1000L * i, 50_000L * i, i / 10.0);
      stocks.save(s);
      STOCKS.put(s.id(), s);
    }
  }

  @Test
  void theSeedsPortfolioJoinsItsTwoStocks() {
    Portfolio thomas = new Portfolio("thomas", List.of(new Holding("1", 100), new Holding("2", 50)));
    portfolios.save(thomas);
    Portfolio read = portfolios.findByOwner("thomas").orElseThrow();
    assertEquals(thomas, read);
    Map<String, Stock> joined = portfolios.loadHoldings(read);
    assertEquals(List.of("1", "2"), new ArrayList<>(joined.keySet()));
    assertEquals("zaza", joined.get("1").symbol());
    assertEquals(93.24, joined.get("2").high());
    assertEquals(42_000_000L, joined.get("1").mktCap());
    assertEquals(List.of(joined.get("1"), joined.get("2")), portfolios.loadStocks(read));
  }

  /**
   * 230 holdings (three batches of up to 100 ids), listed in a scrambled order with repeats and ids
   * of stocks that do not exist: the join returns each existing stock once, in first-listed order.
   */
  @Test
  void aLargeJoinKeepsHoldingOrderSkipsMissingStocksAndFetchesRepeatsOnce() {
    List<Holding> holdings = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 230; i++) {
      String id = String.format("s-%03d", (i * 37) % 250);
      holdings.add(new Holding(id, i));
      if (!expected.contains(id)) {
        expected.add(id);
      }
      if (i % 50 == 0) {
        holdings.add(new Holding("s-999-" + i, 1)); // no such stock
        holdings.add(new Holding(id, 2)); // a repeat
      }
    }
    Portfolio big = new Portfolio("big", holdings);
    portfolios.save(big);
    Map<String, Stock> joined = portfolios.loadHoldings(portfolios.findByOwner("big").orElseThrow());
    assertEquals(expected, new ArrayList<>(joined.keySet()));
    for (String id : expected) {
      assertEquals(STOCKS.get(id), joined.get(id));
    }
    Map<String, Stock> async = portfolios.loadHoldingsAsync(big).toCompletableFuture().join();
    assertEquals(joined, async);
    assertEquals(expected, portfolios.loadStocks(big).stream().map(Stock::id).toList());
  }

  @Test
  void aPortfolioWithoutHoldingsJoinsNothing() {
    assertEquals(Map.of(), portfolios.loadHoldings(new Portfolio("empty", List.of())));
    assertEquals(Map.of(), portfolios.loadHoldings(new Portfolio("none", null)));
    assertThrows(NullPointerException.class, () -> portfolios.loadHoldings(null));
  }

  @Test
  void aDeletedStockDropsOutOfTheJoin() {
    stocks.save(new Stock("gone", "GONE", 1, 1, 1, 1, 1, 1));
    Portfolio p = new Portfolio("deleted", List.of(new Holding("gone", 5), new Holding("1", 7)));
    assertEquals(List.of("gone", "1"), new ArrayList<>(portfolios.loadHoldings(p).keySet()));
    stocks.deleteById("gone");
    assertEquals(List.of("1"), new ArrayList<>(portfolios.loadHoldings(p).keySet()));
  }
}
