package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.benchmarks.Ratios.Rival;
import io.denorm.benchmarks.Interleaved.LatencyVariant;
import io.denorm.benchmarks.Interleaved.RateVariant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.IntFunction;

import static io.denorm.benchmarks.Interleaved.IN_FLIGHT;
import static io.denorm.benchmarks.Interleaved.latencies;
import static io.denorm.benchmarks.Interleaved.rates;
import static io.denorm.benchmarks.Interleaved.timed;
/**
 * Every comparison of Denorm's generated code with its rivals in one run on one embedded Cassandra
 * (or the cluster the system properties name): the server is warmed first, then each round runs
 * each comparison's variants interleaved ({@link Interleaved}); ratios per round and their median are printed and
 * written to {@code target/ratios.tsv} (or {@code -Dbench.out}).
 *
 * <ul>
 *   <li>a plain entity (no index): Denorm's {@code save}, {@code saveAsync}, {@code findById}
 *       against the Cassandra driver's object mapper and hand-written prepared async driver code;
 *   <li>a user with two covering indexes (by email, by (state, city)): insert and move against the
 *       same writes hand-coded and against a table with two materialized views;
 *   <li>reads through those indexes: one row by email, 200 rows by (state, city), against the
 *       materialized views (the second keyed on a derived {@code state|city} column, so that it can
 *       serve the query) and SAI on the same predicate.
 * </ul>
 *
 * Every variant writes the same rows with the same cells (the view's table holds one more column,
 * the derived one) at {@code LOCAL_QUORUM}, with a client timestamp, 64 requests in flight for rates;
 * latencies are of sequential calls. Sizes: -Dbench.rounds, -Dbench.warmup (operations),
 * -Dbench.plain, -Dbench.inserts, -Dbench.moves, -Dbench.reads, -Dbench.slices (slices per round of
 * a rate). -Dbench.only=prefix[,prefix…] runs only the comparisons whose keys start with one of them
 * (HBase is started only for an HBase or codec comparison); -Dbench.replication sets the keyspaces'
 * replication factor (1; {@link ClusterRatios} runs the index comparisons on a cluster).
 */
public final class RatioBenchmark {

  static final String KS = "denorm_ratios";
  /**
   * The keyspace of the plain comparisons' A/A variant: the same table as Denorm's, apart, so that
   * every plain variant reads and writes a table that receives the same rows. Sharing Denorm's table,
   * the A/A variant's rows doubled it, and Denorm's reads fell behind the rivals' as it grew, which
   * fits a bias against them.
   */
  static final String KS_AGAIN = "denorm_ratios_again";
  static final int ROUNDS = Integer.getInteger("bench.rounds", 5);
  static final int WARMUP = Integer.getInteger("bench.warmup", 200_000);
  static final int PLAIN = Integer.getInteger("bench.plain", 40_000);
  static final int SEQUENTIAL = Integer.getInteger("bench.sequential", 4_000);
  /**
   * Inserts in flight for the reference comparison of inserts with 2 indexes at a higher
   * concurrency (no goal): the protocol's two round trips in sequence need more operations in
   * flight than one round trip to keep the server busy.
   */
  static final int WIDE_IN_FLIGHT = Integer.getInteger("bench.wideInFlight", 256);
  static final int INSERTS = Integer.getInteger("bench.inserts", 10_000);
  static final int MOVES = Integer.getInteger("bench.moves", 3_000);
  static final int READS = Integer.getInteger("bench.reads", 500);
  static final int WIDE_READS = Integer.getInteger("bench.wideReads", 100);
  /** The read set: this many (state, city) pairs of {@link #WIDE} users each, apart from the users inserted and moved. */
  static final int PAIRS = 50;
  static final int WIDE = 200;
  static final int STATES = 10;
  static final int CITIES = 50;

  record User(UUID id, String name, String email, String state, String city) {
    User movedTo(String newState, String newCity) {
      return new User(id, name, email, newState, newCity);
    }

    BenchUser entity() {
      return new BenchUser(id, name, email, state, city);
    }

    BenchLeanUser lean() {
      return new BenchLeanUser(id, name, email, state, city);
    }

    BenchLoggedUser logged() {
      return new BenchLoggedUser(id, name, email, state, city);
    }

    BenchPlainUser plain() {
      return new BenchPlainUser(id, name, email, state, city);
    }

    MapperUser mapped() {
      return new MapperUser(id, name, email, state, city);
    }
  }

  public static void main(String[] args) throws Exception {
    Path tsv = Path.of(System.getProperty("bench.out", "target/ratios.tsv"));
    AtomicReference<Integer> shortOf = new AtomicReference<>();
    BenchStores.onCassandra(KS, b -> b.addRequestTracker(DriverLatencies.TRACKER), true, session -> {
      if (Ratios.wants("hbase") || Ratios.wants("codec")) {
        BenchStores.onHBase(HBaseRatios.NS, connection -> shortOf.set(new RatioBenchmark(session, connection).run(tsv)));
      } else { // no HBase comparison wanted (-Dbench.only): no HBase server started
        shortOf.set(new RatioBenchmark(session, null).run(tsv));
      }
    });
    System.out.printf("%d goal(s) not reached%n", shortOf.get());
  }

  private final CqlSession session;
  /** Null when no HBase comparison runs (-Dbench.only). */
  private final org.apache.hadoop.hbase.client.Connection hbase;
  private final CassandraBenchPlainUserDao plainDao;
  /**
   * A second DAO of the same class over its own copy of the table, in {@link #KS_AGAIN}: the plain
   * comparisons' A/A reference, the ratio that Denorm against itself measures (the resolution of
   * those goals).
   */
  private final CassandraBenchPlainUserDao plainDaoAgain;
  private final MapperUserDao mapperDao;
  private final CassandraBenchUserDao userDao;
  private final CassandraBenchLeanUserDao leanDao;
  private final HandCoded hand;
  /** The users each round inserts (per round, the same for every variant), then moves in part. */
  private final List<List<User>> inserted = new ArrayList<>();
  /** New users for the inserts at {@link #WIDE_IN_FLIGHT} in flight. */
  private final List<List<User>> insertedWide = new ArrayList<>();
  private final List<List<User>> plainUsers = new ArrayList<>();
  /** Other users per round for the plain comparisons' A/A variant: rows of its own in its own table, saved, then read. */
  private final List<List<User>> plainUsersAgain = new ArrayList<>();
  /** Other new users per round, for save(u) beside insert(u) (which would otherwise find them saved). */
  private final List<List<User>> savedNew = new ArrayList<>();
  /** Per round, the users its moves move, in every variant's covering tables. */
  private final List<List<User>> movable = new ArrayList<>();
  /** Other new users per round, for the hand-coded insert in the protocol's order. */
  private final List<List<User>> orderedNew = new ArrayList<>();
  private final List<User> readSet = new ArrayList<>();

  RatioBenchmark(CqlSession session, org.apache.hadoop.hbase.client.Connection hbase) {
    this.session = session;
    this.hbase = hbase;
    HandCoded.schema(session);
    this.plainDao = new CassandraBenchPlainUserDao(session, KS);
    BenchStores.freshKeyspace(session, KS_AGAIN, List.of("BenchPlainUser"));
    this.plainDaoAgain = new CassandraBenchPlainUserDao(session, KS_AGAIN);
    this.mapperDao = new BenchMapperBuilder(session).build().userDao(KS);
    this.userDao = new CassandraBenchUserDao(session, KS);
    this.leanDao = new CassandraBenchLeanUserDao(session, KS);
    this.hand = new HandCoded(session);
    for (int round = 0; round < ROUNDS; round++) {
      plainUsers.add(users(new Random(1000 + round), PLAIN, "p" + round));
      plainUsersAgain.add(users(new Random(9500 + round), PLAIN, "q" + round));
      inserted.add(users(new Random(2000 + round), INSERTS, "i" + round));
      insertedWide.add(users(new Random(9000 + round), INSERTS, "x" + round));
      savedNew.add(users(new Random(2500 + round), INSERTS, "n" + round));
      orderedNew.add(users(new Random(2700 + round), INSERTS, "o" + round));
      movable.add(users(new Random(2900 + round), MOVES, "m" + round));
    }
  }

  int run(Path tsv) throws Exception {
    System.out.printf("rounds %d, warm-up %,d operations, %d requests in flight; plain %,d, inserts %,d, moves %,d, reads %d and %d%n",
        ROUNDS, WARMUP, IN_FLIGHT, PLAIN, INSERTS, MOVES, READS, WIDE_READS);
    System.out.printf("%s; keyspace %s replicated %s%n", server(), KS,
        session.getMetadata().getKeyspace(KS).map(k -> k.getReplication().toString()).orElse("(not found)"));
    loadReadSet();
    long loaded = System.nanoTime();
    warmUp();
    verifyReadSet(loaded);
    Ratios ratios = new Ratios();
    plainComparisons(ratios);
    indexedComparisons(ratios);
    readComparisons(ratios);
    List<String> heap = List.of();
    if (Ratios.wants("hbase") || Ratios.wants("codec")) {
      System.out.println("HBase and codec warm-up");
      HBaseRatios onHBase = new HBaseRatios(hbase);
      onHBase.warmUp();
      ratios.add(onHBase.saveAll());
      ratios.add(onHBase.codec());
    }
    ProcessorTime javac = null;
    if (Ratios.wants("javac")) {
      javac = new ProcessorTime(Path.of(System.getProperty("bench.work", "target"), "processor-time"));
      ratios.add(javac.comparison());
    }
    if (Ratios.wants("maintenance")) {
      System.out.println("index maintenance: loading master rows");
      MaintenanceRatios maintenance = MaintenanceRatios.forRatios(session).load();
      ratios.add(maintenance.backfill());
      ratios.add(maintenance.rebuild());
      ratios.add(maintenance.verify());
      heap = MaintenanceRatios.smallHeapRun(session);
      heap.forEach(System.out::println);
    }
    for (int round = 0; round < ROUNDS; round++) {
      ratios.round(round);
    }
    int missed = ratios.report(tsv);
    if (javac != null) {
      heap = new ArrayList<>(heap);
      heap.add(String.format(Locale.ROOT, "javac source set: %,d bytes of entities and DAOs, %,d bytes generated from them",
          javac.sourceBytes(), javac.generatedBytes()));
      System.out.println(heap.get(heap.size() - 1));
    }
    String report = System.getProperty("bench.report", "");
    if (!report.isEmpty()) {
      ratios.updateReport(Path.of(report), String.format(Locale.ROOT, "Measured %s on %s (%d cores, %s, %s), %d rounds after %,d warm-up operations.",
          java.time.LocalDate.now(), server(), Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
          "JDK " + System.getProperty("java.version"), ROUNDS, WARMUP) + (heap.isEmpty() ? "" : "\n\n" + String.join("; ", heap) + "."));
    }
    return missed;
  }

  /** The servers measured: "Cassandra 5.0.9, 1 node, and HBase …" (no HBase when no HBase comparison runs). */
  private String server() {
    var nodes = session.getMetadata().getNodes().values();
    String version = nodes.stream().map(n -> String.valueOf(n.getCassandraVersion())).distinct().findFirst().orElse("?");
    return "Cassandra " + version + ", " + nodes.size() + (nodes.size() == 1 ? " node" : " nodes") + (hbase == null ? "" : ", and HBase "
        + org.apache.hadoop.hbase.util.VersionInfo.getVersion() + " (client; standalone server)");
  }

  // ---- the comparisons ------------------------------------------------------------------------

  private void plainComparisons(Ratios ratios) {
    IntFunction<List<User>> plain = plainUsers::get;
    IntFunction<List<User>> plainAgain = plainUsersAgain::get; // the A/A variant's own rows, saved in the same round before they are read
    IntFunction<List<User>> sequentialAgain = r -> plainUsersAgain.get(r).subList(0, SEQUENTIAL);
    IntFunction<List<User>> sequential = r -> plainUsers.get(r).subList(0, SEQUENTIAL);
    ratios.add(rates("plain.saveAsync", "plain saveAsync, 64 in flight",
        List.of(new RateVariant("denorm", plain, u -> plainDao.saveAsync(u.plain())),
            new RateVariant("mapper", plain, u -> mapperDao.saveAsync(u.mapped())),
            new RateVariant("hand", plain, hand::plainInsert),
            new RateVariant("denorm again", plainAgain, u -> plainDaoAgain.saveAsync(u.plain()))),
        List.of(new Rival("mapper", 1, 1.0), new Rival("hand", 2, 0.97), new Rival("denorm-again", 3, Double.NaN))));
    ratios.add(rates("plain.findByIdAsync", "plain findById, 64 in flight",
        List.of(new RateVariant("denorm", plain, u -> plainDao.findByIdAsync(u.id()).thenAccept(found -> require(found.isPresent(), u))),
            new RateVariant("mapper", plain, u -> mapperDao.findByIdAsync(u.id()).thenAccept(found -> require(found != null, u))),
            new RateVariant("hand", plain, u -> hand.plainRead(u).thenAccept(found -> require(found != null, u))),
            new RateVariant("denorm again", plainAgain, u -> plainDaoAgain.findByIdAsync(u.id()).thenAccept(found -> require(found.isPresent(), u)))),
        List.of(new Rival("mapper", 1, 1.0), new Rival("hand", 2, 0.97), new Rival("denorm-again", 3, Double.NaN))));
    IntFunction<List<User>> fresh = r -> users(new Random(3000 + r), SEQUENTIAL, "s" + r);
    // The A/A variant: Denorm again, through a second DAO into its own copy of the table (new rows of
    // its own for saves, the rows it saved in the rates for reads), interleaved like the rivals.
    IntFunction<List<User>> freshAgain = r -> users(new Random(8000 + r), SEQUENTIAL, "a" + r);
    ratios.add(latencies("plain.save.p50", "plain save, sequential, p50",
        List.of(new LatencyVariant("denorm", fresh, u -> plainDao.save(u.plain())),
            new LatencyVariant("mapper", fresh, u -> mapperDao.save(u.mapped())),
            new LatencyVariant("hand", fresh, hand::plainInsertSync),
            new LatencyVariant("denorm again", freshAgain, u -> plainDaoAgain.save(u.plain()))),
        List.of(new Rival("mapper", 1, 1.0), new Rival("hand", 2, 1 / 0.97), new Rival("denorm-again", 3, Double.NaN))));
    ratios.add(latencies("plain.findById.p50", "plain findById, sequential, p50",
        List.of(new LatencyVariant("denorm", sequential, u -> require(plainDao.findById(u.id()).isPresent(), u)),
            new LatencyVariant("mapper", sequential, u -> require(mapperDao.findById(u.id()) != null, u)),
            new LatencyVariant("hand", sequential, u -> require(session.execute(hand.plainSelect(u)).one() != null, u)),
            new LatencyVariant("denorm again", sequentialAgain, u -> require(plainDaoAgain.findById(u.id()).isPresent(), u))),
        List.of(new Rival("mapper", 1, 1.0), new Rival("hand", 2, 1 / 0.97), new Rival("denorm-again", 3, Double.NaN))));
  }

  private void indexedComparisons(Ratios ratios) {
    IntFunction<List<User>> fresh = inserted::get;
    ratios.add(rates("insert2", "insert a new user with 2 indexes, 64 in flight",
        List.of(new RateVariant("denorm insert(u)", fresh, u -> leanDao.insertAsync(u.lean())),
            new RateVariant("hand", fresh, hand::leanInsert),
            new RateVariant("2 MVs", fresh, hand::mvLeanInsert),
            new RateVariant("denorm save(u)", savedNew::get, u -> leanDao.saveAsync(u.lean())),
            new RateVariant("hand, entries then master", orderedNew::get, hand::leanInsertInOrder),
            new RateVariant("SAI", fresh, hand::saiInsert)),
        List.of(new Rival("hand", 1, 0.97), new Rival("mv", 2, 1.25), new Rival("hand-ordered", 4, Double.NaN))));
    IntFunction<List<User>> wide = insertedWide::get;
    ratios.add(rates("insert2." + WIDE_IN_FLIGHT, "insert a new user with 2 indexes, " + WIDE_IN_FLIGHT + " in flight",
        List.of(new RateVariant("denorm insert(u)", wide, u -> leanDao.insertAsync(u.lean())),
            new RateVariant("hand", wide, hand::leanInsert),
            new RateVariant("2 MVs", wide, hand::mvLeanInsert)),
        List.of(new Rival("hand", 1, Double.NaN), new Rival("mv", 2, Double.NaN)), WIDE_IN_FLIGHT));
    IntFunction<List<User>> moves = this::moves;
    ratios.add(rates("move", "move a user (indexed fields change), 64 in flight",
        List.of(new RateVariant("denorm", moves, u -> userDao.saveAsync(u.entity())),
            new RateVariant("hand (same protocol)", moves, hand::move),
            new RateVariant("2 MVs", moves, hand::mvInsert)),
        List.of(new Rival("hand", 1, 0.97), new Rival("mv", 2, 1.3))));
  }

  private void readComparisons(Ratios ratios) {
    IntFunction<List<User>> emails = this::emails;
    ratios.add(latencies("read1.p50", "1 row through an index (email), p50",
        List.of(new LatencyVariant("denorm", emails, u -> require(userDao.findFirstByEmail(u.email()).isPresent(), u)),
            new LatencyVariant("MV", emails, u -> require(hand.mvByEmail(u) != null, u)),
            new LatencyVariant("SAI", emails, u -> require(hand.saiByEmail(u) != null, u))),
        List.of(new Rival("mv", 1, 1.2), new Rival("sai", 2, 1.0))));
    IntFunction<List<User>> pairs = this::pairs;
    ratios.add(latencies("read200.p50", "200 rows through a covering index (state, city), p50",
        List.of(new LatencyVariant("denorm", pairs, u -> requireRows(userDao.findByStateAndCity(u.state(), u.city()).size(), u)),
            new LatencyVariant("MV", pairs, u -> requireRows(hand.mvByLocation(u), u)),
            new LatencyVariant("SAI", pairs, u -> requireRows(hand.saiByLocation(u), u)),
            new LatencyVariant("index table by hand", pairs, u -> requireRows(hand.denormTableByLocation(u), u)),
            new LatencyVariant("index table, columns only", pairs, u -> requireRows(hand.denormColumnsByLocation(u), u))),
        List.of(new Rival("mv", 1, 1.1), new Rival("sai", 2, 1.0), new Rival("by-hand", 3, Double.NaN), new Rival("columns-only", 4, Double.NaN))));
  }

  // ---- data -------------------------------------------------------------------------------------

  private static List<User> users(Random random, int n, String tag) {
    List<User> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      UUID id = new UUID(random.nextLong(), random.nextLong());
      out.add(new User(id, "user " + tag + "-" + i, tag + "-" + i + "@example.org", "state-" + random.nextInt(STATES), "city-" + random.nextInt(CITIES)));
    }
    return out;
  }

  /** The moves of a round: users of the covering tables (saved before the warm-up), to other cities (the same for every variant). */
  private List<User> moves(int round) {
    Random random = new Random(4000 + round);
    List<User> out = new ArrayList<>(MOVES);
    for (User u : movable.get(round)) {
      out.add(u.movedTo("state-" + random.nextInt(STATES), "city-" + random.nextInt(CITIES)));
    }
    return out;
  }

  private List<User> emails(int round) {
    Random random = new Random(5000 + round);
    List<User> out = new ArrayList<>(READS);
    for (int i = 0; i < READS; i++) {
      out.add(readSet.get(random.nextInt(readSet.size())));
    }
    return out;
  }

  /** One user of each of WIDE_READS random read-set pairs. */
  private List<User> pairs(int round) {
    Random random = new Random(6000 + round);
    List<User> out = new ArrayList<>(WIDE_READS);
    for (int i = 0; i < WIDE_READS; i++) {
      out.add(readSet.get(random.nextInt(PAIRS) * WIDE));
    }
    return out;
  }

  /** PAIRS × WIDE users in (state, city) pairs no insert or move uses, in every variant's tables. */
  private void loadReadSet() throws InterruptedException {
    Random random = new Random(7);
    for (int p = 0; p < PAIRS; p++) {
      for (int i = 0; i < WIDE; i++) {
        UUID id = new UUID(random.nextLong(), random.nextLong());
        readSet.add(new User(id, "reader " + p + "-" + i, "r" + p + "-" + i + "@example.org", "rstate-" + p % 5, "rcity-" + p));
      }
    }
    long t0 = System.nanoTime();
    timed(readSet, u -> userDao.insertAsync(u.entity()));
    timed(readSet, hand::mvInsert);
    timed(readSet, hand::saiInsert);
    for (List<User> users : movable) {
      timed(users, u -> userDao.insertAsync(u.entity()));
      timed(users, hand::insert);
      timed(users, hand::mvInsert);
    }
    System.out.printf("read set: %,d users in %d (state, city) pairs of %d, loaded in %.1f s%n", readSet.size(), PAIRS, WIDE,
        (System.nanoTime() - t0) / 1e9);
  }

  /**
   * Reads every row of the read set once through Denorm's covering indexes, once the repair grace
   * (60 s) has passed since it was written: each read finds its rows matching their masters and marks
   * them verified, so the rounds measure reads of settled data, which trust the index rows alone;
   * then the keyspace is flushed and compacted (on the embedded server, or on every node of the
   * cluster {@link ClusterRatios} started).
   */
  private void verifyReadSet(long loaded) throws InterruptedException {
    long wait = Duration.ofSeconds(61).toNanos() - (System.nanoTime() - loaded);
    if (wait > 0) {
      System.out.printf("waiting %.0f s for the repair grace to pass since the read set was written%n", wait / 1e9);
      Thread.sleep(wait / 1_000_000);
    }
    for (User u : readSet) {
      userDao.findFirstByEmail(u.email());
    }
    for (int p = 0; p < PAIRS; p++) {
      User u = readSet.get(p * WIDE);
      userDao.findByStateAndCity(u.state(), u.city());
    }
    Thread.sleep(2_000); // the marks are written in the background
    long verified = userDao.indexReadStats().verified();
    System.out.printf("read set verified: %,d index rows marked verified, %,d read trusted so far%n", verified, userDao.indexReadStats().trusted());
    if (verified < 2L * readSet.size()) {
      System.out.printf("NOTE: %,d of the read set's %,d index rows were not verified: their reads below read their masters%n",
          2L * readSet.size() - verified, 2L * readSet.size());
    }
    // The marks are written after the rows, so until a compaction each read row is merged from two places (the flushed
    // rows and the marks); the views' rows were written once. Every table is flushed and compacted alike before the rounds.
    long t0 = System.nanoTime();
    if (BenchStores.compactCassandra(KS) && BenchStores.compactCassandra(KS_AGAIN)) {
      System.out.printf("keyspaces %s and %s flushed and compacted in %.1f s: the rounds read settled tables on every side%n", KS, KS_AGAIN,
          (System.nanoTime() - t0) / 1e9);
    } else {
      System.out.println("NOTE: neither the embedded server nor a cluster the benchmark started: the tables are not compacted before the rounds");
    }
  }

  /** Every write and read path, until WARMUP operations ran: the server's per-operation cost settles only after ~200k. */
  private void warmUp() throws Exception {
    long t0 = System.nanoTime();
    int ops = 0;
    for (int pass = 0; ops < WARMUP; pass++) {
      List<User> users = users(new Random(-1 - pass), 5_000, "w" + pass);
      List<Function<User, CompletionStage<?>>> paths = List.of(
          u -> plainDao.saveAsync(u.plain()), u -> mapperDao.saveAsync(u.mapped()), hand::plainInsert, u -> plainDaoAgain.saveAsync(u.plain()),
          u -> plainDao.findByIdAsync(u.id()), u -> mapperDao.findByIdAsync(u.id()), hand::plainRead, u -> plainDaoAgain.findByIdAsync(u.id()),
          u -> leanDao.insertAsync(u.lean()), hand::leanInsert, hand::mvLeanInsert, hand::saiInsert,
          u -> userDao.saveAsync(u.entity()), hand::insert, hand::mvInsert);
      for (Function<User, CompletionStage<?>> path : paths) {
        timed(users, path);
        ops += users.size();
      }
      Random random = new Random(pass);
      List<User> moved = users.stream().map(u -> u.movedTo("state-" + random.nextInt(STATES), "city-" + random.nextInt(CITIES))).toList();
      for (Function<User, CompletionStage<?>> path : List.<Function<User, CompletionStage<?>>>of(u -> userDao.saveAsync(u.entity()), hand::move, hand::mvInsert)) {
        timed(moved, path);
        ops += moved.size();
      }
      for (User u : readSet.subList(0, 200)) {
        userDao.findFirstByEmail(u.email());
        hand.mvByEmail(u);
        hand.saiByEmail(u);
      }
      for (int i = 0; i < 10; i++) {
        User u = readSet.get(i * WIDE);
        userDao.findByStateAndCity(u.state(), u.city());
        hand.mvByLocation(u);
        hand.saiByLocation(u);
      }
      ops += 630;
      System.out.printf("warm-up: %,d operations, %.0f s%n", ops, (System.nanoTime() - t0) / 1e9);
    }
  }

  // ---- measuring --------------------------------------------------------------------------------

  /** Fails the run when a read did not find {@code u}'s row (also used by {@link InsertCostProbe}). */
  static void require(boolean found, User u) {
    if (!found) {
      throw new IllegalStateException("not found: " + u);
    }
  }

  private static void requireRows(int rows, User u) {
    if (rows != WIDE) {
      throw new IllegalStateException(rows + " rows instead of " + WIDE + " for " + u.state() + ", " + u.city());
    }
  }

}
