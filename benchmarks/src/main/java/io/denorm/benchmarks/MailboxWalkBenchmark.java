package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.TimeBuckets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A 30-day mailbox walked newest first a page at a time, on both embedded stores: the generated
 * bucket walk ({@code @Bucket(field = "sentAt", unit = DAYS)}) against the walk an application
 * without a bucket index writes: read day after day back from the cursor's day until the page is
 * full, down to the first day (which the baseline is told, to be kind to it). Two users: a busy one
 * (20 messages on each of 20 of the 30 days, 10 days empty) and a sparse one (30 messages over 365
 * days). Reads are requests to the store: on Cassandra counted by a driver request tracker (paging
 * requests included), on HBase the scans the code issues (the walk: one per page; the baseline:
 * one per day probed). Both variants must return the same messages. -Dbench.page, -Dbench.rounds.
 */
public final class MailboxWalkBenchmark {

  static final int PAGE = Integer.getInteger("bench.page", 50);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
  static final String SCHEMA = "denorm_walk_bench";
  static final Instant NEWEST = Instant.parse("2026-11-21T23:59:59Z");

  /** Requests the Cassandra session completed. */
  static final AtomicLong REQUESTS = new AtomicLong();

  record User(String id, Instant first, int messages) {}

  public static void main(String[] args) throws Exception {
    System.out.printf("Denorm mailbox walk benchmark: pages of %d, newest first, %d rounds; 2 cores%n", PAGE, ROUNDS);
    RequestTracker counter = new RequestTracker() {
      @Override
      public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node, String logPrefix) {
        REQUESTS.incrementAndGet();
      }

      @Override
      public void close() {}
    };
    BenchStores.onCassandra(SCHEMA, b -> b.addRequestTracker(counter), false, session -> run(new CassandraBenchMailDao(session, SCHEMA), true));
    BenchStores.onHBase(SCHEMA, connection -> run(new HBaseBenchMailDao(connection, SCHEMA), false));
  }

  static void run(BenchMailDao dao, boolean counted) {
    Random random = new Random(7);
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    long id = 0;
    // Busy: 20 messages on each of 20 random days of the 30 ending at NEWEST.
    List<Integer> days = new ArrayList<>();
    for (int d = 0; d < 30; d++) {
      days.add(d);
    }
    java.util.Collections.shuffle(days, random);
    for (int d : days.subList(0, 20)) {
      for (int i = 0; i < 20; i++) {
        Instant at = NEWEST.minus(Duration.ofDays(d)).minusSeconds(random.nextInt(86_000));
        saves.add(dao.saveAsync(new BenchMail("busy", at, ++id, "m" + id)).toCompletableFuture());
      }
    }
    // Sparse: 30 messages, about one every 12 days over a year.
    for (int i = 0; i < 30; i++) {
      Instant at = NEWEST.minus(Duration.ofDays(i * 12L + random.nextInt(12))).minusSeconds(random.nextInt(86_000));
      saves.add(dao.saveAsync(new BenchMail("sparse", at, ++id, "m" + id)).toCompletableFuture());
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
    List<User> users = List.of(new User("busy", NEWEST.minus(Duration.ofDays(30)), 400), new User("sparse", NEWEST.minus(Duration.ofDays(372)), 30));
    for (User u : users) {
      walk(dao, u);
      baseline(dao, u); // warm-up
    }
    System.out.println("user   | round | walk ms/page | walk reads/page | day-by-day ms/page | day-by-day reads/page | pages | ratio ms, reads (day-by-day / walk)");
    for (User u : users) {
      for (int round = 1; round <= ROUNDS; round++) {
        long r0 = REQUESTS.get();
        long t0 = System.nanoTime();
        Result walk = walk(dao, u);
        double walkMs = (System.nanoTime() - t0) / 1e6;
        long walkReads = counted ? REQUESTS.get() - r0 : walk.scans;
        r0 = REQUESTS.get();
        t0 = System.nanoTime();
        Result base = baseline(dao, u);
        double baseMs = (System.nanoTime() - t0) / 1e6;
        long baseReads = counted ? REQUESTS.get() - r0 : base.scans;
        if (!walk.ids.equals(base.ids) || walk.ids.size() != u.messages()) {
          throw new IllegalStateException(u.id() + ": the walk returned " + walk.ids.size() + " messages, the baseline " + base.ids.size()
              + ", expected " + u.messages() + (walk.ids.equals(base.ids) ? "" : " (different messages)"));
        }
        System.out.printf("%-6s | %5d | %12.2f | %15.1f | %18.2f | %21.1f | %5d | %.1fx, %.1fx%n", u.id(), round, walkMs / walk.pages,
            (double) walkReads / walk.pages, baseMs / base.pages, (double) baseReads / base.pages, walk.pages,
            (baseMs / base.pages) / (walkMs / walk.pages), ((double) baseReads / base.pages) / ((double) walkReads / walk.pages));
      }
    }
  }

  record Result(List<Long> ids, int pages, long scans) {}

  /** The generated walk, page by page from NEWEST back. */
  static Result walk(BenchMailDao dao, User u) {
    List<Long> ids = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(PAGE);
    int pages = 0;
    while (true) {
      Page<BenchMail> page = dao.findByUserIdAndSentAtLessThanEqual(u.id(), NEWEST, request);
      pages++;
      page.content().forEach(m -> ids.add(m.id()));
      if (!page.hasNext()) {
        return new Result(ids, pages, pages);
      }
      request = PageRequest.of(PAGE, page.nextCursor());
    }
  }

  /** Day after day from NEWEST's day down to the user's first day, cutting pages of PAGE. */
  static Result baseline(BenchMailDao dao, User u) {
    List<Long> ids = new ArrayList<>();
    long last = TimeBuckets.of(ChronoUnit.DAYS, u.first());
    long scans = 0;
    int pages = 0;
    List<BenchMail> carry = new ArrayList<>();
    long day = TimeBuckets.of(ChronoUnit.DAYS, NEWEST);
    while (day >= last || !carry.isEmpty()) {
      // Fill one page: rows left over from the last day read, then further days.
      List<BenchMail> page = new ArrayList<>();
      while (page.size() < PAGE && !carry.isEmpty()) {
        page.add(carry.remove(0));
      }
      while (page.size() < PAGE && day >= last) {
        List<BenchMail> rows = dao.findByUserIdAndDay(u.id(), day--);
        scans++;
        for (BenchMail m : rows) {
          if (page.size() < PAGE) {
            page.add(m);
          } else {
            carry.add(m);
          }
        }
      }
      if (page.isEmpty()) {
        break;
      }
      pages++;
      page.forEach(m -> ids.add(m.id()));
    }
    return new Result(ids, Math.max(pages, 1), scans);
  }
}
