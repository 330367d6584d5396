package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidCursorException;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.examples.trades.Trade;
import io.denorm.examples.trades.TradeDao;
import io.denorm.index.IndexProgress;
import io.denorm.index.IndexedDao;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generated TradeDao on a real store. On HBase, Trade is salted on (symbol, at): a symbol's
 * history is read from 16 buckets and merged, so every answer here must come back in the same order
 * as from one Cassandra partition.
 */
abstract class TradeDaoContract {

  static Stores.Store store;
  static TradeDao dao;
  /** Every ACME and BETA trade saved, newest first, then by trade id: the order of the table. */
  static List<Trade> acme;
  static List<Trade> beta;

  private static final Instant START = Instant.parse("2026-11-20T09:30:00Z");
  static final Comparator<Trade> TABLE_ORDER = Comparator.comparing(Trade::at).reversed().thenComparingLong(Trade::tradeId);

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(TradeDao.class, "trades_test", "Trade");
    acme = seed("ACME", 240);
    beta = seed("BETA", 40);
  }

  /** {@code n} trades, two per second (same time, different ids), in shuffled save order. */
  private static List<Trade> seed(String symbol, int n) {
    List<Trade> trades = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      trades.add(new Trade(symbol, START.plusSeconds(i / 2 * 3L), 1000 + i, "acct-" + i % 5, 100 + i * 0.25, 10L * (i % 7 + 1)));
    }
    List<Trade> order = new ArrayList<>(trades);
    java.util.Collections.shuffle(order, new java.util.Random(7));
    order.forEach(dao::save);
    trades.sort(TABLE_ORDER);
    return List.copyOf(trades);
  }

  /**
   * A delete by key prefix deletes every row of the range with its index rows, across chunks of a
   * thousand rows (and, on HBase, across the 16 salt buckets), and leaves the rest of the partition
   * and other partitions alone.
   */
  @Test
  void deletesByKeyPrefixTakeTheRowsAndTheirIndexRows() {
    var maintenance = ((IndexedDao<Trade>) dao).indexMaintenance();
    long staleBefore = maintenance.verify("trades_by_account", null).stale(); // other tests' rows, if any
    List<Trade> old = new ArrayList<>();
    List<Trade> recent = new ArrayList<>();
    for (int i = 0; i < 1300; i++) {
      Trade t = new Trade("PURGE", START.plusSeconds(i), 5000 + i, "purge-" + i % 3, 1, 1);
      dao.save(t);
      (i < 1100 ? old : recent).add(t);
    }
    assertEquals(1100, dao.deleteBySymbolAndAtBefore("PURGE", START.plusSeconds(1100)), "every row before the bound, over two chunks");
    recent.sort(TABLE_ORDER);
    assertEquals(recent, dao.findBySymbol("PURGE"));
    assertEquals(recent.stream().filter(t -> t.account().equals("purge-1")).sorted(Comparator.comparingLong(Trade::tradeId)).toList(),
        dao.findByAccount("purge-1").stream().sorted(Comparator.comparingLong(Trade::tradeId)).toList());
    assertEquals(staleBefore, maintenance.verify("trades_by_account", null).stale(), "no index row of a deleted trade is left");
    assertEquals(acme, dao.findBySymbol("ACME"), "other partitions untouched");
    dao.deleteBySymbol("PURGE");
    assertEquals(List.of(), dao.findBySymbol("PURGE"));
    assertEquals(staleBefore, maintenance.verify("trades_by_account", null).stale());
    assertEquals(0, dao.deleteBySymbolAndAtBefore("PURGE", START.plusSeconds(5000)), "nothing left to delete");
    assertEquals(acme.size(), dao.countBySymbol("ACME"));
  }

  /** A projection served by an index: the rows the entity finder returns (each checked against its trade), as records. */
  @Test
  void aProjectionServedByAnIndexReturnsTheRowsTheEntityFinderReturns() {
    List<Trade> rows = dao.findByAccount("acct-3");
    assertTrue(rows.size() > 40, "acct-3 trades of ACME and BETA: " + rows.size());
    assertEquals(rows.stream().map(t -> new io.denorm.examples.trades.TradeSummary(t.tradeId(), t.price(), t.quantity())).toList(),
        dao.findSummariesByAccount("acct-3"));
  }

  @Test
  void aSymbolsHistoryComesBackNewestFirst() {
    assertEquals(acme, dao.findBySymbol("ACME"));
    assertEquals(beta, dao.findBySymbol("BETA"));
    assertEquals(acme, dao.findBySymbolAsync("ACME").toCompletableFuture().join());
    assertEquals(List.of(), dao.findBySymbol("NONE"));
  }

  @Test
  void aSymbolIsCountedAcrossEveryBucket() {
    assertEquals(acme.size(), dao.countBySymbol("ACME"));
    assertEquals(beta.size(), dao.countBySymbol("BETA"));
    assertEquals(0, dao.countBySymbol("NONE"));
    assertTrue(dao.existsBySymbol("BETA"));
    assertFalse(dao.existsBySymbol("NONE"));
  }

  /**
   * Failure 11 (memory): a List finder past the DAO's row limit fails instead of holding every row;
   * on HBase the 16 buckets it reads share that limit (they used to read up to it each).
   */
  @Test
  void aListFinderReadingEveryBucketFailsPastItsLimit() {
    TradeDao limited = store.sameSchema(TradeDao.class);
    ((io.denorm.index.IndexedDao<?>) limited).setMaxListRows(39);
    io.denorm.DenormException error = org.junit.jupiter.api.Assertions.assertThrows(io.denorm.DenormException.class,
        () -> limited.findBySymbol("BETA"));
    org.junit.jupiter.api.Assertions.assertTrue(error.getMessage().contains("more than 39 rows"), error.getMessage());
    assertEquals(acme.subList(0, 5), limited.findFirst5BySymbol("ACME"), "a finder asking for fewer rows than the limit");
    ((io.denorm.index.IndexedDao<?>) limited).setMaxListRows(40);
    assertEquals(beta, limited.findBySymbol("BETA"));
  }

  @Test
  void theFirstFiveAreTheNewestFive() {
    assertEquals(acme.subList(0, 5), dao.findFirst5BySymbol("ACME"));
  }

  @Test
  void aTimeRangeStreamsInTableOrder() {
    Instant from = START.plusSeconds(30);
    Instant to = START.plusSeconds(90);
    List<Trade> expected = acme.stream().filter(t -> !t.at().isBefore(from) && !t.at().isAfter(to)).toList();
    assertEquals(42, expected.size());
    try (Stream<Trade> s = dao.findBySymbolAndAtBetween("ACME", from, to)) {
      assertEquals(expected, s.toList());
    }
    try (Stream<Trade> s = dao.findBySymbolAndAtBetween("ACME", START.minusSeconds(10), START.minusSeconds(1))) {
      assertEquals(0, s.count());
    }
  }

  @Test
  void pagesResumeWhereTheLastOneEnded() {
    List<Trade> all = new ArrayList<>();
    int pages = 0;
    String cursor = null;
    do {
      Page<Trade> page = dao.findBySymbol("ACME", cursor == null ? PageRequest.ofSize(7) : PageRequest.of(7, cursor));
      assertTrue(page.content().size() <= 7);
      all.addAll(page.content());
      cursor = page.nextCursor();
      pages++;
    } while (cursor != null);
    assertEquals(acme, all);
    assertEquals((240 + 6) / 7, pages);
    Page<Trade> first = dao.findBySymbol("ACME", PageRequest.ofSize(7));
    assertThrows(InvalidCursorException.class, () -> dao.findBySymbol("BETA", PageRequest.of(7, first.nextCursor())));
  }

  @Test
  void anExactTimeAndAnExactKeyReadTheirRows() {
    Trade t = acme.get(100);
    List<Trade> sameTime = acme.stream().filter(x -> x.at().equals(t.at())).toList();
    assertEquals(2, sameTime.size());
    assertEquals(sameTime, dao.findBySymbolAndAt("ACME", t.at()));
    assertEquals(t, dao.findBySymbolAndAtAndTradeId("ACME", t.at(), t.tradeId()).orElseThrow());
    assertTrue(dao.findBySymbolAndAtAndTradeId("ACME", t.at(), 1).isEmpty());
  }

  @Test
  void theAccountIndexFindsTradesOfEverySymbol() {
    List<Trade> expected = Stream.concat(acme.stream(), beta.stream()).filter(t -> t.account().equals("acct-3")).toList();
    assertEquals(56, expected.size());
    assertEquals(expected, dao.findByAccount("acct-3"));
  }

  @Test
  void deleteRemovesTheRowAndItsIndexEntry() {
    Trade t = new Trade("GONE", START, 1, "acct-gone", 1.0, 1);
    dao.save(t);
    assertEquals(List.of(t), dao.findByAccount("acct-gone"));
    assertTrue(dao.delete(t));
    assertFalse(dao.delete(t));
    assertEquals(List.of(), dao.findBySymbol("GONE"));
    assertEquals(List.of(), dao.findByAccount("acct-gone"));
  }

  @Test
  void rebuildBackFillsTheIndexScanningEverySegment() {
    store.truncate("trades_by_account");
    var maintenance = ((IndexedDao<?>) dao).indexMaintenance();
    long rows = store.count("trades");
    var missing = maintenance.verify("trades_by_account", null);
    assertEquals(rows, missing.missing(), missing.toString());
    List<IndexProgress> progress = new CopyOnWriteArrayList<>();
    var filled = maintenance.rebuild("trades_by_account", progress::add);
    assertEquals(rows, filled.fixed(), filled.toString());
    IndexProgress last = progress.stream().filter(p -> p.phase().equals("missing"))
        .reduce((a, b) -> b.segmentsDone() > a.segmentsDone() ? b : a).orElseThrow();
    assertEquals(store.scanSegments("trades"), last.segmentsTotal(), progress.toString());
    assertEquals(last.segmentsTotal(), last.segmentsDone());
    assertEquals(rows, last.rowsScanned());
    assertEquals(0, maintenance.verify("trades_by_account", null).problems());
    assertEquals(56, dao.findByAccount("acct-3").size());
  }
}
