package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.denorm.WriteClock;
import io.denorm.benchmarks.RatioBenchmark.User;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An experiment of {@link InsertCostProbe}, by hand: the protocol's order (the index rows of an
 * insert, then its master row), with the rows of several inserts in flight sent together. Each row
 * carries its insert's timestamp ({@code USING TIMESTAMP ?}), so rows of inserts stamped apart can
 * share an unlogged batch. A step's rows wait in a queue while {@code inFlight} batches of that step
 * are out, and the next batch takes up to {@code rows} rows of the queue; nothing waits on a timer.
 * Not a feature of Denorm: it measures what such grouping would give on this server.
 */
final class GroupedInserts {

  private final CqlSession session;
  private final PreparedStatement byEmail;
  private final PreparedStatement byLocation;
  /** The master row's insert: with {@code USING TIMESTAMP ?} when master rows are grouped, else stamped as its query timestamp. */
  private final PreparedStatement master;
  private final Step entries;
  /** Null: each master row goes alone. */
  private final Step masters;

  /** {@code groupMasters}: the master rows grouped too; else each goes alone. */
  GroupedInserts(CqlSession session, int rows, int inFlight, boolean groupMasters) {
    this.session = session;
    this.byEmail = prepare(session, "INSERT INTO %s.hand_lean_users_by_email (email, id, verified) VALUES (?, ?, false) USING TIMESTAMP ?");
    this.byLocation = prepare(session, "INSERT INTO %s.hand_lean_users_by_location (state, city, id, verified) VALUES (?, ?, ?, false) USING TIMESTAMP ?");
    this.master = prepare(session, "INSERT INTO %s.hand_lean_users (id, name, email, state, city) VALUES (?, ?, ?, ?, ?)"
        + (groupMasters ? " USING TIMESTAMP ?" : ""));
    this.entries = new Step(session, rows, inFlight);
    this.masters = groupMasters ? new Step(session, rows, inFlight) : null;
  }

  private static PreparedStatement prepare(CqlSession session, String cql) {
    return session.prepare(String.format(cql, RatioBenchmark.KS));
  }

  /** The two index rows, then (once they are in) the master row, each step grouped with other inserts'. */
  CompletionStage<?> insert(User u) {
    long ts = WriteClock.shared().next();
    return entries.write(List.of(byEmail.bind(u.email(), u.id(), ts), byLocation.bind(u.state(), u.city(), u.id(), ts)))
        .thenCompose(v -> masters != null
            ? masters.write(List.of(master.bind(u.id(), u.name(), u.email(), u.state(), u.city(), ts)))
            : session.executeAsync(master.boundStatementBuilder(u.id(), u.name(), u.email(), u.state(), u.city())
                .setQueryTimestamp(ts).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM).setIdempotence(true).build()).thenApply(rs -> (Void) null));
  }

  /** One step's queue of rows and the batches of it that are out. */
  private static final class Step {
    private record Pending(List<BoundStatement> rows, CompletableFuture<Void> done) {}

    private final CqlSession session;
    private final int rows;
    private final int inFlight;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private int out;

    Step(CqlSession session, int rows, int inFlight) {
      this.session = session;
      this.rows = rows;
      this.inFlight = inFlight;
    }

    CompletableFuture<Void> write(List<BoundStatement> statements) {
      Pending p = new Pending(statements, new CompletableFuture<>());
      List<Pending> group = null;
      synchronized (this) {
        queue.add(p);
        if (out < inFlight) {
          out++;
          group = take();
        }
      }
      if (group != null) {
        send(group);
      }
      return p.done();
    }

    /** Up to {@link #rows} rows of the queue, whole operations (at least one). */
    private List<Pending> take() {
      List<Pending> group = new ArrayList<>();
      int n = 0;
      while (!queue.isEmpty() && (group.isEmpty() || n + queue.peek().rows().size() <= rows)) {
        Pending p = queue.poll();
        group.add(p);
        n += p.rows().size();
      }
      return group;
    }

    private void send(List<Pending> group) {
      BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_QUORUM)
          .setIdempotence(true);
      for (Pending p : group) {
        p.rows().forEach(batch::addStatement);
      }
      session.executeAsync(batch.build()).whenComplete((rs, error) -> {
        for (Pending p : group) {
          if (error != null) {
            p.done().completeExceptionally(error);
          } else {
            p.done().complete(null);
          }
        }
        List<Pending> next;
        synchronized (this) {
          next = queue.isEmpty() ? null : take();
          if (next == null) {
            out--;
          }
        }
        if (next != null) {
          send(next);
        }
      });
    }
  }
}
