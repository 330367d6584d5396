package io.denorm.benchmarks;

import io.denorm.index.IndexReadStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

/**
 * {@code findLeaves} and {@code countLeaves} of a {@code @NestedSet} catalogue served by its
 * numbering against the same calls while the numbering is stale (a walk of the adjacency list,
 * level by level through the index by parent), side by side on both embedded stores. Catalogue:
 * one root, {@code bench.departments} departments (default 10) of {@code bench.categories}
 * categories (20) of {@code bench.products} products (50). Reads: a department (1,000 leaves by
 * default) and a category (50). Every numbered answer is compared with the walked one. Also: the
 * time of a rebuild. -Dbench.rounds.
 */
public final class NestedSetBenchmark {

  static final int DEPARTMENTS = Integer.getInteger("bench.departments", 10);
  static final int CATEGORIES = Integer.getInteger("bench.categories", 20);
  static final int PRODUCTS = Integer.getInteger("bench.products", 50);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
  static final int READS = 20; // reads of each kind per round and mode
  static final String SCHEMA = "denorm_nested_bench";

  public static void main(String[] args) throws Exception {
    System.out.printf("Denorm nested-set benchmark: %d departments x %d categories x %d products (%,d leaves), %d rounds of %d reads per kind; 2 cores%n",
        DEPARTMENTS, CATEGORIES, PRODUCTS, DEPARTMENTS * CATEGORIES * PRODUCTS, ROUNDS, READS);
    BenchStores.onCassandra(SCHEMA, b -> b, true, session -> {
      CassandraBenchNodeDao dao = new CassandraBenchNodeDao(session, SCHEMA);
      run(dao, dao.indexReadStats());
    });
    BenchStores.onHBase(SCHEMA, connection -> {
      HBaseBenchNodeDao dao = new HBaseBenchNodeDao(connection, SCHEMA);
      run(dao, dao.indexReadStats());
    });
  }

  static void run(BenchNodeDao dao, IndexReadStats stats) {
    long t0 = System.nanoTime();
    List<BenchNode> nodes = new ArrayList<>();
    nodes.add(new BenchNode("root", null, "Catalogue"));
    for (int d = 0; d < DEPARTMENTS; d++) {
      nodes.add(new BenchNode("d" + d, "root", "Department " + d));
      for (int c = 0; c < CATEGORIES; c++) {
        nodes.add(new BenchNode("d" + d + "c" + c, "d" + d, "Category " + c));
        for (int p = 0; p < PRODUCTS; p++) {
          nodes.add(new BenchNode("d" + d + "c" + c + "p" + p, "d" + d + "c" + c, "Product " + p));
        }
      }
    }
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    for (BenchNode n : nodes) {
      saves.add(dao.saveAsync(n, null).toCompletableFuture());
      if (saves.size() == 64) {
        CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
        saves.clear();
      }
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
    System.out.printf("saved %,d nodes with their index rows in %.1f s%n", nodes.size(), (System.nanoTime() - t0) / 1e9);
    double[] numbered = new double[4];
    double[] walked = new double[4];
    long[] indexRows = new long[4];
    for (int round = 0; round <= ROUNDS; round++) {
      long r0 = System.nanoTime();
      var numbering = dao.rebuildNestedSet("root");
      double rebuild = (System.nanoTime() - r0) / 1e6;
      if (!dao.isNestedSetCurrent("root")) {
        throw new AssertionError("not current after a rebuild");
      }
      List<List<String>> answers = new ArrayList<>();
      double[] n = time(dao, stats, answers, null);
      // One new product makes the numbering stale: the same reads now walk the tree.
      dao.save(new BenchNode("extra" + round, "d0c0", "Zz extra " + round));
      if (dao.isNestedSetCurrent("root")) {
        throw new AssertionError("current after a change");
      }
      long rows0 = stats.indexRows();
      double[] w = time(dao, stats, answers, indexRows);
      if (round == 0) {
        System.out.printf("warm-up round done (rebuild %,.0f ms, %d leaves)%n", rebuild, numbering.leaves());
        continue;
      }
      System.out.printf("round %d: rebuild of %,d nodes %,.0f ms; per call (ms) numbered / walked: findLeaves(department) %.1f / %.1f, findLeaves(category) %.2f / %.2f,"
          + " countLeaves(department) %.2f / %.1f, countLeaves(category) %.2f / %.2f; index rows read by the walks %,d%n", round, numbering.nodes(), rebuild,
          n[0], w[0], n[1], w[1], n[2], w[2], n[3], w[3], stats.indexRows() - rows0);
      for (int k = 0; k < 4; k++) {
        numbered[k] += n[k] / ROUNDS;
        walked[k] += w[k] / ROUNDS;
      }
    }
    String[] kinds = {"findLeaves(department)", "findLeaves(category)", "countLeaves(department)", "countLeaves(category)"};
    for (int k = 0; k < 4; k++) {
      System.out.printf("  %-24s numbered %8.2f ms, walked %8.2f ms: %.1fx faster; index rows per walk %,d, per numbered read 0%n", kinds[k], numbered[k], walked[k],
          walked[k] / numbered[k], indexRows[k] / Math.max(1, ROUNDS + 1) / READS);
    }
  }

  /**
   * Mean milliseconds of each read kind over {@link #READS} calls. With {@code indexRows} null the
   * answers are recorded; otherwise each is compared with the recorded one (the same ids, apart
   * from the extra products saved since) and the index rows read are added up.
   */
  static double[] time(BenchNodeDao dao, IndexReadStats stats, List<List<String>> answers, long[] indexRows) {
    double[] out = new double[4];
    int at = 0;
    for (int k = 0; k < 4; k++) {
      boolean department = k % 2 == 0;
      long total = 0;
      Random picks = new Random(k); // the same ids numbered and walked
      for (int i = 0; i < READS; i++) {
        String id = department ? "d" + (1 + picks.nextInt(DEPARTMENTS - 1)) : "d" + (1 + picks.nextInt(DEPARTMENTS - 1)) + "c" + picks.nextInt(CATEGORIES);
        long before = stats.indexRows();
        long t0 = System.nanoTime();
        List<String> answer = k < 2 ? dao.findLeaves(id).stream().map(BenchNode::id).toList() : List.of(String.valueOf(dao.countLeaves(id)));
        total += System.nanoTime() - t0;
        if (indexRows == null) {
          if (k < 2 && stats.indexRows() != before) {
            throw new AssertionError("a numbered read walked");
          }
          answers.add(answer);
        } else {
          indexRows[k] += stats.indexRows() - before;
          if (!answers.get(at).equals(answer)) {
            throw new AssertionError("numbered and walked answers differ for " + id);
          }
        }
        at++;
      }
      out[k] = total / 1e6 / READS;
    }
    return out;
  }
}
