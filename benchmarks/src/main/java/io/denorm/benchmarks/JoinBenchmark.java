package io.denorm.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * End-to-end application-side join on both embedded stores, in one run: a portfolio referencing
 * {@code bench.refs} stocks (default 100), read with the generated {@code loadStockIds} (batches of
 * up to 100 ids, one request each: {@code IN} on Cassandra, a multi-get on HBase) against the same
 * stocks read one after another with {@code findById}, as code without a join would. Each variant
 * checks it got every stock. Sizes: -Dbench.refs, -Dbench.joins, -Dbench.rounds.
 */
public final class JoinBenchmark {

  static final int STOCKS = 5_000;
  static final int REFS = Integer.getInteger("bench.refs", 100);
  static final int JOINS = Integer.getInteger("bench.joins", 200);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
  static final String SCHEMA = "denorm_join_bench";

  public static void main(String[] args) throws Exception {
    System.out.printf("Denorm join benchmark: %d joins of %d references per variant and round, %d rounds; 2 cores%n", JOINS, REFS, ROUNDS);
    BenchStores.onCassandra(SCHEMA, session -> run(new CassandraBenchStockDao(session, SCHEMA), new CassandraBenchPortfolioDao(session, SCHEMA)));
    BenchStores.onHBase(SCHEMA, connection -> run(new HBaseBenchStockDao(connection, SCHEMA), new HBaseBenchPortfolioDao(connection, SCHEMA)));
  }

  static void run(BenchStockDao stocks, BenchPortfolioDao portfolios) {
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    for (int i = 0; i < STOCKS; i++) {
      saves.add(stocks.saveAsync(new BenchStock(String.format("stk-%05d", i), "S" + i, i, i + 1, i - 1, i * 10L)).toCompletableFuture());
      if (saves.size() == 64) {
        CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
        saves.clear();
      }
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
    Random random = new Random(11);
    List<BenchPortfolio> owners = new ArrayList<>();
    for (int p = 0; p < 50; p++) {
      List<String> ids = new ArrayList<>();
      while (ids.size() < REFS) {
        String id = String.format("stk-%05d", random.nextInt(STOCKS));
        if (!ids.contains(id)) {
          ids.add(id);
        }
      }
      BenchPortfolio portfolio = new BenchPortfolio("owner-" + p, ids);
      portfolios.save(portfolio);
      owners.add(portfolio);
    }
    Function<BenchPortfolio, Integer> join = p -> portfolios.loadStockIds(p).size();
    Function<BenchPortfolio, Integer> sequential = p -> {
      int found = 0;
      for (String id : p.stockIds()) {
        found += stocks.findById(id).isPresent() ? 1 : 0;
      }
      return found;
    };
    time(owners, join, JOINS / 4);
    time(owners, sequential, JOINS / 4);
    System.out.println("round | load join ms/join | requests/join | sequential findById ms/join | requests/join | sequential/join");
    for (int round = 1; round <= ROUNDS; round++) {
      double joined = time(owners, join, JOINS);
      double oneByOne = time(owners, sequential, JOINS);
      int batches = (REFS + io.denorm.References.BATCH - 1) / io.denorm.References.BATCH;
      System.out.printf("%5d | %17.2f | %13d | %26.2f | %13d | %14.1fx%n", round, joined, batches, oneByOne, REFS, oneByOne / joined);
    }
  }

  /** Milliseconds per join over {@code n} joins (portfolios in turn); fails when a stock is missing. */
  static double time(List<BenchPortfolio> owners, Function<BenchPortfolio, Integer> variant, int n) {
    long start = System.nanoTime();
    for (int i = 0; i < n; i++) {
      BenchPortfolio p = owners.get(i % owners.size());
      int found = variant.apply(p);
      if (found != p.stockIds().size()) {
        throw new IllegalStateException("found " + found + " of " + p.stockIds().size() + " stocks of " + p.owner());
      }
    }
    return (System.nanoTime() - start) / 1e6 / n;
  }
}
