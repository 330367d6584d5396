package io.denorm.examples;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A request tracker for a test's session ({@code addRequestTracker}): every request that succeeded,
 * in the order the driver reported them. The driver reports a request after its result reached the
 * caller, so a test waits for the ones it expects ({@link #batches(int)}).
 */
final class SentRequests implements RequestTracker {

  /** A request that succeeded and the execution profile the driver sent it with. */
  record Sent(Request request, DriverExecutionProfile profile) {}

  private final List<Sent> sent = Collections.synchronizedList(new ArrayList<>());

  @Override
  public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node, String prefix) {
    sent.add(new Sent(request, profile));
  }

  @Override
  public void close() {}

  void clear() {
    sent.clear();
  }

  /** The requests reported so far. */
  List<Request> all() {
    return withProfiles().stream().map(Sent::request).toList();
  }

  /** The requests reported so far, each with its execution profile. */
  List<Sent> withProfiles() {
    synchronized (sent) {
      return List.copyOf(sent);
    }
  }

  /** The execution profile {@code request} (the same instance) was sent with. */
  DriverExecutionProfile profileOf(Request request) {
    return withProfiles().stream().filter(s -> s.request() == request).findFirst().map(Sent::profile)
        .orElseThrow(() -> new AssertionError("not reported: " + request));
  }

  /** The batches reported so far. */
  List<BatchStatement> batchesNow() {
    return all().stream().filter(BatchStatement.class::isInstance).map(BatchStatement.class::cast).toList();
  }

  /** The batches reported, once at least {@code expected} are (5 s at most), and 100 ms later, so that one too many shows. */
  List<BatchStatement> batches(int expected) throws InterruptedException {
    for (int i = 0; i < 100 && batchesNow().size() < expected; i++) {
      Thread.sleep(50);
    }
    Thread.sleep(100);
    return batchesNow();
  }
}
