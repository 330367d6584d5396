package io.denorm.spark;

import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexTasks;
import io.denorm.index.IndexedDao;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The DAOs and tasks this JVM has opened for index jobs: one DAO per source, one {@link IndexTasks}
 * per job and index, so that the tasks of a job that run in one executor share its rate limit.
 */
final class OpenTasks {

  /** The tasks of the last jobs this JVM ran (an executor is not told when a job ends: the oldest are let go). */
  private static final Map<String, IndexTasks<?>> TASKS = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, IndexTasks<?>> eldest) {
      return size() > 16;
    }
  });

  private OpenTasks() {}

  static IndexTasks<?> of(JobSpec spec) {
    return TASKS.computeIfAbsent(spec.jobId(), k -> {
      Object opened = spec.source().shared();
      if (!(opened instanceof IndexedDao<?> dao)) {
        throw new io.denorm.DenormException(opened.getClass().getName() + " keeps no index tables: it has no index jobs");
      }
      IndexMaintenance<?> maintenance = dao.indexMaintenance();
      if (spec.repairGrace() != null) {
        maintenance.repairGrace(spec.repairGrace());
      }
      return maintenance.tasks(spec.index(), spec.segments()).maxRowsPerSecond(spec.maxRowsPerSecondPerExecutor());
    });
  }

  /** Forgets the tasks of a finished job (in the driver's JVM; executors keep theirs until they exit, a few objects each). */
  static void forget(String jobId) {
    TASKS.remove(jobId);
  }

  /** What a task needs to find its {@link IndexTasks}: sent with every task of a job. */
  record JobSpec(String jobId, DaoSource<?> source, String index, int segments, double maxRowsPerSecondPerExecutor, Duration repairGrace)
      implements java.io.Serializable {}
}
