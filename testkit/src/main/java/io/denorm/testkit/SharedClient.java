package io.denorm.testkit;

import java.util.function.Function;

/**
 * A server (or the cluster named by system properties) and one client to it, shared by a test run
 * and closed together, client first.
 */
final class SharedClient<T extends AutoCloseable, C extends AutoCloseable> implements AutoCloseable {
  final T target;
  final C client;

  SharedClient(T target, Function<T, C> connect) {
    this.target = target;
    C c;
    try {
      c = connect.apply(target);
    } catch (RuntimeException e) {
      closeQuietly(target, e);
      throw e;
    }
    this.client = c;
  }

  @Override
  public void close() throws Exception {
    try {
      client.close();
    } finally {
      target.close();
    }
  }

  private static void closeQuietly(AutoCloseable closeable, RuntimeException cause) {
    try {
      closeable.close();
    } catch (Exception suppressed) {
      cause.addSuppressed(suppressed);
    }
  }
}
