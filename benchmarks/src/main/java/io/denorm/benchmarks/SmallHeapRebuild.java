package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.index.IndexReport;
import io.denorm.testkit.CassandraTarget;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Rebuilds one index of {@code BenchUser} in a keyspace that {@link MaintenanceRatios} loaded (both
 * passes: the index scanned, then every master row's entry looked up and written), in this JVM,
 * which is started with a heap smaller than the table: prints the rows, the rate and the heap's
 * peak use. Arguments: keyspace, index, expected master rows.
 */
public final class SmallHeapRebuild {

  public static void main(String[] args) throws Exception {
    String keyspace = args[0];
    String index = args[1];
    long expected = Long.parseLong(args[2]);
    try (CassandraTarget target = CassandraTarget.fromSystemProperties(Path.of("target", "denorm-servers", "unused"));
         CqlSession session = target.newSession()) {
      CassandraBenchUserDao dao = new CassandraBenchUserDao(session, keyspace);
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        pool.resetPeakUsage();
      }
      long t0 = System.nanoTime();
      IndexReport report = dao.indexMaintenance().rebuild(index, null);
      double seconds = (System.nanoTime() - t0) / 1e9;
      long peak = 0;
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        if (pool.getType() == MemoryType.HEAP) {
          peak += pool.getPeakUsage().getUsed();
        }
      }
      long collections = 0;
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        collections += Math.max(0, gc.getCollectionCount());
      }
      if (report.masterRows() != expected || report.fixed() != expected) {
        System.out.println("unexpected report: " + report);
        System.exit(2);
      }
      System.out.printf(Locale.ROOT, "small heap: rebuilt %,d rows in %.1f s (%,.0f rows/s); max heap %d MB, peak heap use %d MB (sum of the pools' peaks), %d collections%n",
          report.masterRows(), seconds, report.masterRows() / seconds, Runtime.getRuntime().maxMemory() >> 20, peak >> 20, collections);
    }
  }
}
