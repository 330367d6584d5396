package io.denorm;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;

/**
 * How a blocking DAO method waits for the asynchronous call it wraps, the same on every store: the
 * exception the call failed with is rethrown as it was, not wrapped in the future's own.
 */
public final class Futures {

  private Futures() {}

  /**
   * Waits for {@code stage}. If it fails, its cause (under any {@link CompletionException}s) is
   * rethrown: a runtime exception as {@code rethrown} gives it, an error as it was, anything else
   * in a {@link DenormException} whose message is {@code prefix} followed by it. An interrupt while
   * waiting fails with a {@link DenormException} naming {@code store}.
   */
  public static <T> T join(CompletionStage<T> stage, String store, String prefix, UnaryOperator<RuntimeException> rethrown) {
    try {
      return stage.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DenormException("interrupted while waiting for " + store, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      while (cause instanceof CompletionException && cause.getCause() != null) {
        cause = cause.getCause();
      }
      if (cause instanceof RuntimeException runtime) {
        throw rethrown.apply(runtime);
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new DenormException(prefix + cause, cause);
    }
  }

  /** {@code error} without the {@link CompletionException}s and {@link ExecutionException}s around it. */
  public static Throwable unwrap(Throwable error) {
    while ((error instanceof CompletionException || error instanceof ExecutionException) && error.getCause() != null) {
      error = error.getCause();
    }
    return error;
  }
}
