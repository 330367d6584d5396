package io.denorm.spark;

import io.denorm.DenormException;
import io.denorm.index.IndexProgress;
import io.denorm.index.IndexReport;
import io.denorm.index.IndexTasks;
import io.denorm.index.IndexTasks.Identity;
import io.denorm.index.IndexTasks.Tally;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.util.CollectionAccumulator;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * Verify, rebuild and back-fill of an index as Spark jobs, with the rules of {@link
 * io.denorm.index.IndexMaintenance} (through {@link IndexTasks}; there is no second implementation).
 *
 * <p>A verify or rebuild reads the index table and the master table in segments, one Spark task per
 * segment (a token range of the driver's token map, split evenly; an HBase region), each task with
 * the DAO its executor opened from the {@link DaoSource}. The rows the index holds and the rows the
 * master rows need are shuffled by row identity, and each partition of the shuffle compares (and
 * for a rebuild repairs) its identities; an index that feeds counts or inverse sides then has them
 * checked segment by segment. A back-fill is one task per master segment. Counts are gathered in
 * Spark accumulators and come back as the same {@link IndexReport} as {@code IndexMaintenance}'s.
 *
 * <p>Tasks are idempotent: a task that fails or is killed half-way and runs again (Spark's retries,
 * speculative execution) leaves the index as one run would; its report then misses what the failed
 * attempt repaired. A scan's counts are kept once per segment, however many of its attempts succeed.
 *
 * <pre>{@code
 * DaoSource<CassandraUserDao> users = DaoSource.cassandra(CassandraConnection.of("10.0.0.1:9042", "dc1", "app"), CassandraUserDao.class);
 * IndexReport report = SparkIndexJobs.of(sparkContext, users).rebuild("users_by_email").report();
 * }</pre>
 */
public final class SparkIndexJobs {

  /** How many rows a scan runs ahead of the task that hands them to the shuffle. */
  private static final int SCAN_AHEAD = 4096;

  private static final String[] COUNTS = {"masterRows", "indexRows", "missing", "stale", "mismatched", "fixed", "youngStaleLeft", "counts",
      "wrongCounts", "wrongInverse"};

  private final JavaSparkContext spark;
  private final DaoSource<? extends io.denorm.index.IndexedDao<?>> source;
  private long rowsPerTask = 200_000;
  private int minTasks;
  private double maxRowsPerSecondPerExecutor;
  private Duration repairGrace;
  private int failFirstAttemptAfter = -1;

  private SparkIndexJobs(JavaSparkContext spark, DaoSource<? extends io.denorm.index.IndexedDao<?>> source) {
    this.spark = spark;
    this.source = source;
    this.minTasks = 2 * spark.defaultParallelism();
  }

  public static SparkIndexJobs of(JavaSparkContext spark, DaoSource<? extends io.denorm.index.IndexedDao<?>> source) {
    return new SparkIndexJobs(spark, source);
  }

  /**
   * About how many table rows one scan task reads (default 200,000), judged from the store's size
   * estimate (Cassandra's {@code system.size_estimates}); at least {@link #minTasks} tasks either way.
   */
  public SparkIndexJobs rowsPerTask(long rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("rows per task must be at least 1");
    }
    this.rowsPerTask = rows;
    return this;
  }

  /** The fewest scan tasks per table (default: twice Spark's default parallelism). */
  public SparkIndexJobs minTasks(int tasks) {
    if (tasks < 1) {
      throw new IllegalArgumentException("min tasks must be at least 1");
    }
    this.minTasks = tasks;
    return this;
  }

  /** At most {@code rows} table rows read per second by the tasks of a job in one executor (0: no limit, the default). */
  public SparkIndexJobs maxRowsPerSecondPerExecutor(double rows) {
    if (rows < 0 || Double.isNaN(rows)) {
      throw new IllegalArgumentException("max rows per second must be positive, or 0 for no limit");
    }
    this.maxRowsPerSecondPerExecutor = rows;
    return this;
  }

  /** How old a stale row must be before a rebuild deletes it (default: the DAO's, 60 s). */
  public SparkIndexJobs repairGrace(Duration grace) {
    this.repairGrace = grace;
    return this;
  }

  /** For tests: the first attempt of the first compare task fails after {@code groups} row identities. */
  SparkIndexJobs failFirstAttemptAfter(int groups) {
    this.failFirstAttemptAfter = groups;
    return this;
  }

  /** Counts missing, stale and mismatched rows of {@code index}; changes nothing. */
  public IndexJob verify(String index) {
    return start(index, "verify");
  }

  /** Repairs {@code index}: writes missing rows, deletes stale ones, rewrites mismatched ones. */
  public IndexJob rebuild(String index) {
    return start(index, "rebuild");
  }

  /**
   * Writes every row {@code index} needs without reading it first (a new index); a unique index or
   * one that feeds counts or inverse sides is rebuilt instead, as {@code IndexMaintenance} does.
   */
  public IndexJob backfill(String index) {
    return start(index, "backfill");
  }

  private IndexJob start(String index, String kind) {
    String group = "denorm-" + kind + "-" + index + "-" + UUID.randomUUID();
    IndexJob job = new IndexJob(group, index, kind, spark);
    Progress listener = new Progress(spark, group, index, job);
    spark.sc().addSparkListener(listener);
    Thread driver = new Thread(() -> {
      try {
        IndexReport report = run(index, kind, group, job, listener);
        // complete once the listener has seen the run's last job end, so that its progress and its
        // count of failed attempts are final when the report is
        listener.afterLastJob(() -> job.report.complete(report));
      } catch (Throwable e) {
        listener.afterLastJob(() -> job.report.completeExceptionally(e));
      } finally {
        OpenTasks.forget(group);
      }
    }, "denorm-spark-" + kind + "-" + index);
    driver.setDaemon(true);
    driver.start();
    return job;
  }

  private IndexReport run(String index, String kind, String group, IndexJob job, Progress listener) {
    long start = System.nanoTime();
    long estimate;
    try {
      IndexTasks<?> plan = OpenTasks.of(new OpenTasks.JobSpec(group + "-plan", source, index, 1, 0, repairGrace));
      estimate = Math.max(plan.estimatedRows(true), plan.estimatedRows(false));
    } finally {
      OpenTasks.forget(group + "-plan");
    }
    int segments = (int) Math.max(minTasks, estimate < 0 ? 0 : Math.min(100_000, (estimate + rowsPerTask - 1) / rowsPerTask));
    OpenTasks.JobSpec spec = new OpenTasks.JobSpec(group, source, index, segments, maxRowsPerSecondPerExecutor, repairGrace);
    IndexTasks<?> tasks = OpenTasks.of(spec);
    boolean fix = !kind.equals("verify");
    LongAccumulator[] counts = new LongAccumulator[COUNTS.length];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = spark.sc().longAccumulator("denorm " + kind + " " + index + " " + COUNTS[i]);
    }
    // A scan is a shuffle-map task, which Spark may run twice (speculation, a lost executor): its
    // tally is kept once per segment. Compares, membership checks and back-fills are result tasks,
    // whose updates Spark applies once.
    CollectionAccumulator<ScanTally> scanned = spark.sc().collectionAccumulator("denorm " + kind + " " + index + " scans");
    listener.counting(counts, scanned);
    try {
      spark.setJobGroup(group, kind + " of " + index, true);
      if (kind.equals("backfill") && tasks.backfillWritesDirectly()) {
        List<String> master = tasks.masterSegments();
        job.planned(new IndexJob.Plan(0, master.size(), 0, estimate));
        describe(kind + " of " + index + ": write the rows of " + master.size() + " master segments");
        listener.expectJob();
        spark.parallelize(master, master.size()).foreachPartition(ranges -> {
          IndexTasks<?> t = OpenTasks.of(spec);
          while (ranges.hasNext()) {
            add(counts, t.backfill(ranges.next()));
          }
        });
        return tasks.report(true, total(counts), Duration.ofNanos(System.nanoTime() - start));
      }
      List<String> held = tasks.indexSegments();
      List<String> master = tasks.masterSegments();
      int partitions = Math.max(held.size(), master.size());
      job.planned(new IndexJob.Plan(held.size(), master.size(), partitions, estimate));
      JavaPairRDD<Identity, byte[]> heldRows = spark.parallelize(held, held.size()).flatMapToPair(range ->
          Streamed.<Tuple2<Identity, byte[]>>of("denorm scan of " + index + " " + range, SCAN_AHEAD, sink -> {
            Tally tally = OpenTasks.of(spec).scanIndex(range, (id, record) -> sink.accept(new Tuple2<>(id, record)));
            scanned.add(new ScanTally("index " + range, tally));
          }));
      JavaPairRDD<Identity, byte[]> neededRows = spark.parallelize(master, master.size()).flatMapToPair(range ->
          Streamed.<Tuple2<Identity, byte[]>>of("denorm scan of the master table of " + index + " " + range, SCAN_AHEAD, sink -> {
            Tally tally = OpenTasks.of(spec).scanMaster(range, (id, record) -> sink.accept(new Tuple2<>(id, record)));
            scanned.add(new ScanTally("master " + range, tally));
          }));
      int fail = failFirstAttemptAfter;
      describe(kind + " of " + index + ": compare " + held.size() + " index segments with " + master.size() + " master segments");
      listener.expectJob();
      heldRows.union(neededRows).groupByKey(partitions).foreachPartition(groups -> {
        Iterator<Iterable<byte[]>> rows = values(groups, fail);
        add(counts, OpenTasks.of(spec).compare(rows, fix));
      });
      if (tasks.feedsMembers()) {
        List<String> members = tasks.membershipSegments();
        describe(kind + " of " + index + ": check the counts and inverse sides of " + members.size() + " segments");
        listener.expectJob();
        spark.parallelize(members, members.size()).foreachPartition(ranges -> {
          IndexTasks<?> t = OpenTasks.of(spec);
          while (ranges.hasNext()) {
            add(counts, t.memberships(ranges.next(), fix));
          }
        });
      }
      return tasks.report(fix, total(counts).plus(once(scanned)), Duration.ofNanos(System.nanoTime() - start));
    } finally {
      spark.clearJobGroup();
    }
  }

  /** The groups' rows; with {@code fail} >= 0, the first attempt of partition 0 fails after that many groups. */
  private static Iterator<Iterable<byte[]>> values(Iterator<Tuple2<Identity, Iterable<byte[]>>> groups, int fail) {
    return new Iterator<>() {
      int taken;

      @Override
      public boolean hasNext() {
        return groups.hasNext();
      }

      @Override
      public Iterable<byte[]> next() {
        TaskContext task = TaskContext.get();
        if (fail >= 0 && taken++ == fail && task.attemptNumber() == 0 && task.partitionId() == 0) {
          throw new DenormException("a fault injected by the test after " + fail + " row identities");
        }
        return groups.next()._2();
      }
    };
  }

  private void describe(String what) {
    spark.setJobDescription(what);
  }

  private static void add(LongAccumulator[] counts, Tally tally) {
    long[] values = tally.toArray();
    for (int i = 0; i < values.length; i++) {
      if (values[i] != 0) {
        counts[i].add(values[i]);
      }
    }
  }

  /** The scans' tallies, one per segment however many attempts of its task succeeded. */
  private static Tally once(CollectionAccumulator<ScanTally> scanned) {
    Map<String, Tally> bySegment = new java.util.HashMap<>();
    for (ScanTally t : scanned.value()) {
      bySegment.putIfAbsent(t.segment(), t.tally());
    }
    return bySegment.values().stream().reduce(Tally.ZERO, Tally::plus);
  }

  /** What the scan of one segment counted. */
  record ScanTally(String segment, Tally tally) implements java.io.Serializable {}

  private static Tally total(LongAccumulator[] counts) {
    long[] values = new long[counts.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = counts[i].value();
    }
    return Tally.of(values);
  }

  /**
   * Reports the progress of one run's Spark jobs as their tasks end, counts its failed attempts, and
   * completes the run's report once the last of its jobs has ended here (Spark's listener bus runs
   * behind the jobs), then removes itself.
   */
  private static final class Progress extends SparkListener {
    private final JavaSparkContext spark;
    private final String group;
    private final String index;
    private final IndexJob job;
    private volatile LongAccumulator[] counts;
    private volatile CollectionAccumulator<ScanTally> scanned;
    private final Map<Integer, String> phases = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> tasks = new ConcurrentHashMap<>();
    private final java.util.Set<Integer> jobs = ConcurrentHashMap.newKeySet();
    private final AtomicInteger done = new AtomicInteger();
    private final long start = System.nanoTime();
    private int expected;
    private int ended;
    private Runnable whenDone;

    Progress(JavaSparkContext spark, String group, String index, IndexJob job) {
      this.spark = spark;
      this.group = group;
      this.index = index;
      this.job = job;
    }

    void counting(LongAccumulator[] counts, CollectionAccumulator<ScanTally> scanned) {
      this.counts = counts;
      this.scanned = scanned;
    }

    synchronized void expectJob() {
      expected++;
    }

    /** The thread that fires {@code whenDone} after 10 s if not every job's end was seen; interrupted once it has fired. */
    private Thread fallback;

    /** Runs {@code action} once every job the run started has ended here, or after 10 s at most. */
    void afterLastJob(Runnable action) {
      synchronized (this) {
        whenDone = action;
      }
      fireIfDone();
      Thread timer = new Thread(() -> {
        try {
          Thread.sleep(10_000);
        } catch (InterruptedException e) {
          return;
        }
        fire();
      }, "denorm-spark-listener-timeout");
      timer.setDaemon(true);
      synchronized (this) {
        if (whenDone == null) {
          return; // fired already
        }
        fallback = timer;
        timer.start(); // under the lock: fire() interrupts it only once it runs
      }
    }

    private void fireIfDone() {
      boolean now;
      synchronized (this) {
        now = whenDone != null && ended >= expected;
      }
      if (now) {
        fire();
      }
    }

    private void fire() {
      Runnable action;
      Thread waiting;
      synchronized (this) {
        action = whenDone;
        whenDone = null;
        waiting = fallback;
        fallback = null;
      }
      if (waiting != null && waiting != Thread.currentThread()) {
        waiting.interrupt();
      }
      if (action != null) {
        new Thread(() -> {
          spark.sc().removeSparkListener(this);
          action.run();
        }, "denorm-spark-job-end").start();
      }
    }

    @Override
    public void onJobStart(SparkListenerJobStart event) {
      java.util.Properties p = event.properties();
      if (p == null || !group.equals(p.getProperty("spark.jobGroup.id"))) {
        return;
      }
      jobs.add(event.jobId());
      String description = p.getProperty("spark.job.description", "");
      String phase = description.contains(": compare") ? "compare" : description.contains(": check") ? "memberships" : "backfill";
      List<StageInfo> stages = scala.jdk.javaapi.CollectionConverters.asJava(event.stageInfos());
      int last = stages.stream().mapToInt(StageInfo::stageId).max().orElse(-1);
      for (StageInfo stage : stages) {
        phases.put(stage.stageId(), stage.stageId() == last ? phase : "scan");
        tasks.put(stage.stageId(), stage.numTasks());
      }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd event) {
      String phase = phases.get(event.stageId());
      if (phase == null) {
        return;
      }
      if (!event.taskInfo().successful()) {
        job.taskFailed();
        return;
      }
      int total = tasks.values().stream().mapToInt(Integer::intValue).sum();
      int finished = done.incrementAndGet();
      long rows = 0;
      if (counts != null) {
        Tally scans = once(scanned);
        rows = counts[0].value() + counts[1].value() + scans.masterRows() + scans.indexRows();
      }
      double seconds = Math.max(1e-9, (System.nanoTime() - start) / 1e9);
      job.progress(new IndexProgress(index, phase, finished, total, rows, rows / seconds, seconds / finished * Math.max(0, total - finished)));
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd event) {
      if (jobs.contains(event.jobId())) {
        synchronized (this) {
          ended++;
        }
        fireIfDone();
      }
    }
  }
}
