package io.denorm.testkit;

import java.nio.file.Path;

/**
 * A server this JVM started in a forked JVM ({@link EmbeddedCassandra}, {@link EmbeddedHBase}): its
 * folder, its process, and how long it took to start. Closing it kills the server.
 */
public abstract class EmbeddedServer implements AutoCloseable {

  private final Path dir;
  private final ForkedServer server;
  private final long startMillis;

  EmbeddedServer(Path dir, ForkedServer server, long startMillis) {
    this.dir = dir;
    this.server = server;
    this.startMillis = startMillis;
  }

  public long pid() {
    return server.pid;
  }

  /** Milliseconds from launching the JVM to the server's ports accepting connections. */
  public long startMillis() {
    return startMillis;
  }

  public Path dir() {
    return dir;
  }

  /** Kills the server (its data is throw-away) and waits until it is gone. */
  @Override
  public void close() {
    server.stop();
  }
}
