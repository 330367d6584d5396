package io.denorm.metrics;

import io.denorm.CasRetry;
import io.denorm.index.IndexReadStats;
import io.denorm.index.IndexedDao;
import io.denorm.snippet.FanOutStats;
import io.denorm.snippet.SnippetSource;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * Micrometer meters over the counters a DAO keeps (Micrometer is an optional dependency: this class
 * is the only one that needs it). {@link #bind} registers, for one DAO instance tagged {@code
 * dao=<name>}:
 *
 * <ul>
 *   <li>index reads: {@code denorm.index.rows} (index rows read), {@code denorm.index.trusted}
 *       (rows returned without their master), {@code denorm.index.stale} (rows dropped because
 *       their master no longer needs them), {@code denorm.index.repairs} and {@code
 *       denorm.index.repair.failures};
 *   <li>the write protocol: {@code denorm.write.step} (a function timer per step, tagged {@code
 *       step=claims|index_inserts|master|index_deletes}: the single writes of that step, each from
 *       its call to its completion; counted from the bind on, at the cost of one clock read per
 *       write), {@code denorm.index.deferred} and {@code denorm.index.deferred.dropped}
 *       (rows checked again after the repair grace, or left unchecked), {@code denorm.writes.undone}
 *       and {@code denorm.writes.taken.back} (rows a failed or lost save took back), {@code
 *       denorm.claims.taken.over} (unique values taken from rows that no longer held them);
 *   <li>for a DAO whose saves fan out snippets: {@code denorm.fanout.saves}, {@code
 *       denorm.fanout.holders}, {@code denorm.fanout.updated}, {@code denorm.fanout.retried} (holder
 *       rewrites that lost a compare-and-set), {@code denorm.fanout.failed} and {@code
 *       denorm.fanout.duration} (a function timer: the fan-outs run and their total time).
 * </ul>
 *
 * <p>{@link #bindGlobal} registers {@code denorm.cas.conflicts}: compare-and-sets of counts, inverse
 * sides, recent lists and sequences lost to a concurrent change (each retried), across every DAO of
 * the class loader. The meters read the counters when the registry publishes; nothing is added to a
 * call, but for the step timer's clock reads once bound.
 */
public final class DenormMetrics {

  private DenormMetrics() {}

  /** Registers the meters of {@code dao} (a generated DAO) in {@code registry}, tagged {@code dao=name}. */
  public static void bind(Object dao, String name, MeterRegistry registry) {
    Objects.requireNonNull(dao, "dao");
    Objects.requireNonNull(registry, "registry");
    Tags tags = Tags.of("dao", name);
    if (dao instanceof IndexedDao<?> indexed) {
      IndexReadStats stats = indexed.indexReadStats();
      counter(registry, "denorm.index.rows", "index rows read", tags, stats, IndexReadStats::indexRows);
      counter(registry, "denorm.index.trusted", "index rows returned without reading their master", tags, stats, IndexReadStats::trusted);
      counter(registry, "denorm.index.stale", "index rows dropped: their master no longer needs them", tags, stats, IndexReadStats::stale);
      counter(registry, "denorm.index.repairs", "stale index rows deleted by reads", tags, stats, IndexReadStats::repairs);
      counter(registry, "denorm.index.repair.failures", "repairs that failed (a later read tries again)", tags, stats, IndexReadStats::repairFailures);
      counter(registry, "denorm.index.deferred", "index rows checked again after the repair grace", tags, stats, IndexReadStats::deferred);
      counter(registry, "denorm.index.deferred.dropped", "index rows left unchecked: too many waiting", tags, stats, IndexReadStats::deferredDropped);
      counter(registry, "denorm.writes.undone", "rows a save that lost its compare-and-set took back", tags, stats, IndexReadStats::undone);
      counter(registry, "denorm.writes.taken.back", "claimed rows a failed write released", tags, stats, IndexReadStats::takenBack);
      counter(registry, "denorm.claims.taken.over", "unique values taken from rows that no longer held them", tags, stats, IndexReadStats::takenOver);
      io.denorm.index.WriteTimes times = stats.writeTimes();
      times.enable();
      for (io.denorm.index.WriteStep step : io.denorm.index.WriteStep.values()) {
        FunctionTimer.builder("denorm.write.step", times, t -> t.count(step), t -> t.totalNanos(step), java.util.concurrent.TimeUnit.NANOSECONDS)
            .description("single writes of one step of the index protocol (claims, index rows, master row, removals), call to completion")
            .tags(tags.and("step", step.name().toLowerCase(java.util.Locale.ROOT))).register(registry);
      }
    }
    if (dao instanceof SnippetSource<?> source) {
      FanOutStats stats = source.fanOutStats();
      counter(registry, "denorm.fanout.saves", "saves whose snippets fanned out", tags, stats, FanOutStats::fanOuts);
      counter(registry, "denorm.fanout.holders", "holder rows found by fan-outs", tags, stats, FanOutStats::holders);
      counter(registry, "denorm.fanout.updated", "holder rows rewritten", tags, stats, FanOutStats::updated);
      counter(registry, "denorm.fanout.retried", "holder rewrites that lost a compare-and-set and were retried", tags, stats, FanOutStats::retried);
      counter(registry, "denorm.fanout.failed", "holder rows not refreshed", tags, stats, FanOutStats::failed);
      FunctionTimer.builder("denorm.fanout.duration", stats, FanOutStats::fanOuts, FanOutStats::totalNanos, java.util.concurrent.TimeUnit.NANOSECONDS)
          .description("fan-outs run, from the first holder read to the last rewrite settled").tags(tags).register(registry);
    }
  }

  /** Registers the meters shared by every DAO of the class loader: {@code denorm.cas.conflicts}. */
  public static void bindGlobal(MeterRegistry registry) {
    FunctionCounter.builder("denorm.cas.conflicts", CasRetry.class, c -> CasRetry.conflicts())
        .description("compare-and-sets lost to a concurrent change, each retried").register(registry);
  }

  private static <T> void counter(MeterRegistry registry, String name, String description, Tags tags, T stats, ToLongFunction<T> count) {
    FunctionCounter.builder(name, stats, s -> count.applyAsLong(s)).description(description).tags(tags).register(registry);
  }
}
