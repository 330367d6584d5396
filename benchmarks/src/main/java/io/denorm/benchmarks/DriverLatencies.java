package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The driver's own latency of each successful select (from the request's start in the driver to its
 * response), by query, while a phase is set: what a sequential call spends in the request, apart
 * from what the calling code spends around it. A {@link RequestTracker}, added to a benchmark's
 * session.
 */
final class DriverLatencies implements RequestTracker {

  static final DriverLatencies TRACKER = new DriverLatencies();

  private volatile String phase;
  private final Map<String, List<Long>> byQuery = new ConcurrentHashMap<>();

  /** Records the selects from now on under {@code name} (null: records nothing). */
  void phase(String name) {
    this.phase = name;
  }

  @Override
  public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node, String logPrefix) {
    String p = phase;
    if (p != null && request instanceof BoundStatement b) {
      String q = b.getPreparedStatement().getQuery();
      if (q.startsWith("SELECT")) {
        byQuery.computeIfAbsent(q, k -> Collections.synchronizedList(new ArrayList<>())).add(latencyNanos);
      }
    }
  }

  /** The median latency in µs of each query recorded since the last call, and how many; then forgets them. */
  Map<String, String> drainMedians() {
    Map<String, String> out = new TreeMap<>();
    for (String q : List.copyOf(byQuery.keySet())) {
      List<Long> l = byQuery.remove(q);
      List<Long> sorted;
      synchronized (l) {
        sorted = new ArrayList<>(l);
      }
      sorted.sort(null);
      out.put(q, String.format(java.util.Locale.ROOT, "%.1f µs (%d)", sorted.get(sorted.size() / 2) / 1000.0, sorted.size()));
    }
    return out;
  }

  /** The median latency in ns of the queries {@code query} accepts, recorded since the last drain (NaN: none). */
  double medianNanos(java.util.function.Predicate<String> query) {
    List<Long> all = new ArrayList<>();
    byQuery.forEach((q, l) -> {
      if (query.test(q)) {
        synchronized (l) {
          all.addAll(l);
        }
      }
    });
    if (all.isEmpty()) {
      return Double.NaN;
    }
    all.sort(null);
    return all.get(all.size() / 2);
  }

  void clear() {
    byQuery.clear();
  }

  @Override
  public void close() {}
}
