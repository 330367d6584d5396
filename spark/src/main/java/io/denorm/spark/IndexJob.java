package io.denorm.spark;

import io.denorm.index.IndexProgress;
import io.denorm.index.IndexReport;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * A verify, rebuild or back-fill running on Spark: its report when it ends, its progress as its
 * tasks finish, and a way to cancel it. Its Spark jobs carry the group {@link #group()} and a
 * description per phase, so Spark's UI shows them by name.
 */
public final class IndexJob {

  private final String group;
  private final String index;
  private final String kind;
  private final JavaSparkContext spark;
  final CompletableFuture<IndexReport> report = new CompletableFuture<>();
  private final List<Consumer<IndexProgress>> listeners = new CopyOnWriteArrayList<>();
  private volatile IndexProgress last;
  private volatile Plan plan;
  private final java.util.concurrent.atomic.AtomicInteger failedAttempts = new java.util.concurrent.atomic.AtomicInteger();

  IndexJob(String group, String index, String kind, JavaSparkContext spark) {
    this.group = group;
    this.index = index;
    this.kind = kind;
    this.spark = spark;
  }

  /** The Spark job group of this run's jobs. */
  public String group() {
    return group;
  }

  /** Calls {@code listener} with the progress after each finished task (on Spark's listener thread). */
  public IndexJob onProgress(Consumer<IndexProgress> listener) {
    listeners.add(listener);
    IndexProgress now = last;
    if (now != null) {
      listener.accept(now);
    }
    return this;
  }

  /** The progress last reported, or null before the first task finished. */
  public IndexProgress progress() {
    return last;
  }

  /**
   * How the run was split, once it has been planned (null before): the segments of each table (one
   * scan task each), the partitions of the compare, and the store's estimate of the master table's
   * rows (-1: none).
   */
  public record Plan(int indexSegments, int masterSegments, int comparePartitions, long estimatedRows) {}

  /** The run's split, or null while it is being planned. */
  public Plan plan() {
    return plan;
  }

  void planned(Plan p) {
    plan = p;
  }

  /** How many task attempts of this run failed (and were retried by Spark, or failed the run). */
  public int failedTaskAttempts() {
    return failedAttempts.get();
  }

  void taskFailed() {
    failedAttempts.incrementAndGet();
  }

  /** The report, once the run ends. */
  public CompletableFuture<IndexReport> future() {
    return report;
  }

  /** Waits for the run to end and returns its report; a failed run's error is thrown. */
  public IndexReport report() {
    try {
      return report.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the " + kind + " of " + index, e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(kind + " of " + index + " failed: " + e.getCause(), e.getCause());
    }
  }

  /** Cancels the run's Spark jobs; what its finished tasks did stays (a rerun completes it). */
  public void cancel() {
    spark.sc().cancelJobGroup(group);
  }

  void progress(IndexProgress p) {
    last = p;
    for (Consumer<IndexProgress> l : listeners) {
      l.accept(p);
    }
  }

  @Override
  public String toString() {
    return kind + " of " + index + " (Spark job group " + group + ")";
  }
}
