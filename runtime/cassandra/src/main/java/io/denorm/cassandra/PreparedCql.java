package io.denorm.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One CQL statement, prepared on first use and then reused by every call. A preparation that fails
 * (a table not created yet, a node down) is forgotten, so the next call prepares again.
 */
public final class PreparedCql {

  private final CqlSession session;
  private final String cql;
  private final AtomicReference<CompletableFuture<PreparedStatement>> prepared = new AtomicReference<>();

  PreparedCql(CqlSession session, String cql) {
    this.session = session;
    this.cql = cql;
  }

  /** The statement's text, with the keyspace filled in. */
  public String cql() {
    return cql;
  }

  /**
   * The prepared statement, or its preparation: started by the first caller, shared by the callers
   * that come while it runs. A preparation that fails fails every caller that shares it and is
   * forgotten, so that the next call starts another.
   */
  public CompletionStage<PreparedStatement> async() {
    while (true) {
      CompletableFuture<PreparedStatement> current = prepared.get();
      if (current != null) {
        return current;
      }
      CompletableFuture<PreparedStatement> mine = new CompletableFuture<>();
      if (prepared.compareAndSet(null, mine)) {
        start(mine);
        return mine;
      }
      // another caller's preparation was set, and may have failed and been forgotten since: read again
    }
  }

  private void start(CompletableFuture<PreparedStatement> mine) {
    try {
      session.prepareAsync(cql).whenComplete((statement, error) -> {
        if (error != null) {
          fail(mine, error);
        } else {
          mine.complete(statement);
        }
      });
    } catch (Throwable e) { // a session (a wrapper of one) that throws, or returns no stage, instead of failing the stage
      fail(mine, e);
      if (e instanceof Error error) {
        throw error;
      }
    }
  }

  /** Forgets {@code mine}, then fails it: a caller that sees the failure and calls again prepares again. */
  private void fail(CompletableFuture<PreparedStatement> mine, Throwable error) {
    prepared.compareAndSet(mine, null);
    mine.completeExceptionally(error);
  }

  /** The prepared statement when its preparation has completed, else null (nothing is started). */
  PreparedStatement ready() {
    CompletableFuture<PreparedStatement> current = prepared.get();
    return current != null && current.isDone() && !current.isCompletedExceptionally() ? current.join() : null;
  }

  /**
   * {@code use} applied to the prepared statement: at once when it is prepared already (no stage
   * waits on a completed future), else once it is; a {@code use} that throws fails the stage.
   */
  <T> CompletionStage<T> then(java.util.function.Function<PreparedStatement, ? extends CompletionStage<T>> use) {
    PreparedStatement ps = ready();
    if (ps == null) {
      return async().thenCompose(use);
    }
    try {
      return use.apply(ps);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  public PreparedStatement sync() {
    return CassandraDaoBase.join(async());
  }
}
