package io.denorm.benchmarks;

import io.denorm.snippet.FanOutStats;
import io.denorm.snippet.SnippetSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * End-to-end author rename on both embedded stores: one author held by {@code bench.books} books
 * (default 1,000), renamed through the generated save, whose fan-out finds the books through the
 * reverse index and rewrites them {@code SnippetFanOut.IN_FLIGHT} at a time. Side by side, the
 * rewrite an application would write by hand: the books read through the same index, then each
 * saved in turn. Both variants check every book shows the new name afterwards.
 */
public final class FanOutBenchmark {

  static final int BOOKS = Integer.getInteger("bench.books", 1_000);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
  static final String SCHEMA = "denorm_fanout_bench";

  public static void main(String[] args) throws Exception {
    System.out.printf("Denorm fan-out benchmark: an author held by %d books renamed, %d rounds; 2 cores%n", BOOKS, ROUNDS);
    BenchStores.onCassandra(SCHEMA, session -> run(new CassandraBenchAuthorDao(session, SCHEMA), new CassandraBenchBookDao(session, SCHEMA),
        new CassandraBenchPlainBookDao(session, SCHEMA)));
    BenchStores.onHBase(SCHEMA, connection -> run(new HBaseBenchAuthorDao(connection, SCHEMA), new HBaseBenchBookDao(connection, SCHEMA),
        new HBaseBenchPlainBookDao(connection, SCHEMA)));
  }

  @SuppressWarnings("unchecked")
  static void run(BenchAuthorDao authors, BenchBookDao books, BenchPlainBookDao plain) {
    FanOutStats stats = ((SnippetSource<BenchAuthor>) authors).fanOutStats();
    authors.save(new BenchAuthor("author", "Name 0", "http://img/0.png"));
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    for (int i = 0; i < BOOKS; i++) {
      saves.add(books.saveAsync(new BenchBook(String.format("book-%05d", i), "Title " + i,
          List.of(new BenchAuthorSnippet("author", null, null)))).toCompletableFuture());
      saves.add(plain.saveAsync(new BenchPlainBook(String.format("book-%05d", i), "Title " + i,
          List.of(new BenchAuthorSnippet("author", "Name 0", "http://img/0.png")))).toCompletableFuture());
      if (saves.size() == 64) {
        CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
        saves.clear();
      }
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
    int version = 0;
    // warm-up: one of each
    version++;
    rename(authors, version);
    check(books, version);
    byHand(plain, version);
    checkPlain(plain, version);
    System.out.println("round | fan-out ms | books rewritten | ms/book | by hand ms | by hand/fan-out");
    for (int round = 1; round <= ROUNDS; round++) {
      version++;
      long updatedBefore = stats.updated();
      double fanOut = rename(authors, version);
      long rewritten = stats.updated() - updatedBefore;
      check(books, version);
      double byHand = byHand(plain, version);
      checkPlain(plain, version);
      System.out.printf("%5d | %10.1f | %15d | %7.3f | %10.1f | %14.1fx%n", round, fanOut, rewritten, fanOut / rewritten, byHand, byHand / fanOut);
    }
    System.out.println("totals: " + stats);
  }

  /** The generated save: the author row, then the fan-out. Milliseconds. */
  static double rename(BenchAuthorDao authors, int version) {
    long start = System.nanoTime();
    authors.save(new BenchAuthor("author", "Name " + version, "http://img/" + version + ".png"));
    return (System.nanoTime() - start) / 1e6;
  }

  /**
   * The same rewrite by hand, on the baseline books without {@code @Denormalized}: the books read
   * through the index by author id, then each saved in turn with the new snippet. Milliseconds.
   */
  static double byHand(BenchPlainBookDao plain, int version) {
    long start = System.nanoTime();
    for (BenchPlainBook b : plain.findByAuthorsId("author")) {
      plain.save(new BenchPlainBook(b.id(), b.title(), List.of(new BenchAuthorSnippet("author", "Name " + version, "http://img/" + version + ".png"))), b);
    }
    return (System.nanoTime() - start) / 1e6;
  }

  static void checkPlain(BenchPlainBookDao plain, int version) {
    for (int i = 0; i < BOOKS; i += 97) {
      String name = plain.findById(String.format("book-%05d", i)).orElseThrow().authors().get(0).name();
      if (!name.equals("Name " + version)) {
        throw new IllegalStateException("plain book " + i + " shows " + name + ", expected Name " + version);
      }
    }
  }

  static void check(BenchBookDao books, int version) {
    for (int i = 0; i < BOOKS; i += 97) {
      String name = books.findById(String.format("book-%05d", i)).orElseThrow().authors().get(0).name();
      if (!name.equals("Name " + version)) {
        throw new IllegalStateException("book " + i + " shows " + name + ", expected Name " + version);
      }
    }
  }
}
