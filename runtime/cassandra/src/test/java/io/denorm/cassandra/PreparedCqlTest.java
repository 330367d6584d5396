package io.denorm.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * How a statement's preparation fails and is forgotten, including the ways a live driver session
 * does not fail (it fails the stage): a session, or a wrapper of one, that throws from
 * {@code prepareAsync} or returns no stage. The session here answers only {@code prepareAsync},
 * with the answers the test queues; the real server's failures are covered by the examples'
 * {@code CassandraPreparationTest}.
 */
class PreparedCqlTest {

  private final Deque<Supplier<CompletionStage<PreparedStatement>>> answers = new ArrayDeque<>();
  private int prepares;

  private final CqlSession session = (CqlSession) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {CqlSession.class},
      (proxy, method, args) -> {
        if (method.getName().equals("prepareAsync") && args.length == 1 && args[0] instanceof String) {
          prepares++;
          return answers.removeFirst().get();
        }
        throw new UnsupportedOperationException(method.getName());
      });

  private static final PreparedStatement STATEMENT = (PreparedStatement) Proxy.newProxyInstance(PreparedCqlTest.class.getClassLoader(),
      new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
        throw new UnsupportedOperationException(method.getName());
      });

  @Test
  void aPreparationThatThrowsOrReturnsNoStageFailsTheCallerAndIsPreparedAgain() throws Exception {
    PreparedCql cql = new PreparedCql(session, "SELECT a FROM ks.t WHERE k = ?");
    answers.add(() -> {
      throw new IllegalStateException("session wrapper refused");
    });
    answers.add(() -> null);
    answers.add(() -> CompletableFuture.failedFuture(new IllegalArgumentException("unconfigured table t")));
    answers.add(() -> CompletableFuture.completedFuture(STATEMENT));

    assertEquals("session wrapper refused", failure(cql.async()).getMessage());
    assertTrue(failure(cql.async()) instanceof NullPointerException, "no stage: the caller fails, nothing is left pending");
    assertEquals("unconfigured table t", failure(cql.async()).getMessage());
    assertNull(cql.ready(), "nothing prepared yet");
    assertSame(STATEMENT, done(cql.async()), "each failure was forgotten: the fourth call prepared again");
    assertSame(STATEMENT, cql.ready());
    assertSame(STATEMENT, cql.sync());
    assertEquals(4, prepares, "a prepared statement is not prepared again");
  }

  @Test
  void anErrorFromTheSessionIsRethrownAfterThePreparationIsForgotten() throws Exception {
    PreparedCql cql = new PreparedCql(session, "SELECT a FROM ks.t WHERE k = ?");
    answers.add(() -> {
      throw new AssertionError("session wrapper broke");
    });
    answers.add(() -> CompletableFuture.completedFuture(STATEMENT));
    assertThrows(AssertionError.class, cql::async);
    assertSame(STATEMENT, done(cql.async()));
    assertEquals(2, prepares);
  }

  @Test
  void callersWhileAPreparationRunsShareIt() throws Exception {
    PreparedCql cql = new PreparedCql(session, "SELECT a FROM ks.t WHERE k = ?");
    CompletableFuture<PreparedStatement> pending = new CompletableFuture<>();
    answers.add(() -> pending);
    CompletionStage<PreparedStatement> first = cql.async();
    CompletionStage<PreparedStatement> second = cql.async();
    assertSame(first, second);
    assertNull(cql.ready(), "not prepared while the preparation runs");
    pending.complete(STATEMENT);
    assertSame(STATEMENT, done(first));
    assertEquals(1, prepares);
  }

  /** The statement {@code stage} completes with, waited for 10 s at most (a preparation left pending fails the test). */
  private static PreparedStatement done(CompletionStage<PreparedStatement> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static Throwable failure(CompletionStage<?> stage) {
    ExecutionException e = assertThrows(ExecutionException.class, () -> stage.toCompletableFuture().get(10, TimeUnit.SECONDS));
    return e.getCause();
  }
}
