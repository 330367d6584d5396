package io.denorm.testkit;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Cassandra in a Docker container through Testcontainers ({@code
 * org.testcontainers:testcontainers-cassandra}, an optional dependency of the testkit): the server
 * {@link CassandraTarget} uses when a Docker engine is present and no contact point is given, the
 * forked server otherwise ({@code -Ddenorm.cassandra.server=forked|testcontainers} forces one).
 * Only this class names Testcontainers' types, and it is loaded only when a Docker engine is found.
 */
final class CassandraContainers {

  /** The image: the same Cassandra version as the forked server. */
  static final String IMAGE = "cassandra:" + EmbeddedCassandra.VERSION;

  private CassandraContainers() {}

  /**
   * Whether a Docker engine can be reached: {@code DOCKER_HOST} is set or a Docker socket exists,
   * Testcontainers is on the class path, and it finds the engine. The socket is looked at first, so
   * that a machine without Docker does not load Testcontainers at all.
   */
  static boolean dockerPresent() {
    boolean socket = System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"))
        || Files.exists(Path.of(System.getProperty("user.home", "/"), ".docker/run/docker.sock"));
    if (!socket) {
      return false;
    }
    try {
      Class.forName("org.testcontainers.DockerClientFactory", false, CassandraContainers.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return false;
    }
    try {
      return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  /** A started container, stopped by {@link #close}. */
  record Running(AutoCloseable container, InetSocketAddress contactPoint, String localDatacenter) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      container.close();
    }
  }

  static Running start() {
    org.testcontainers.cassandra.CassandraContainer container = new org.testcontainers.cassandra.CassandraContainer(IMAGE);
    container.start();
    return new Running(container, container.getContactPoint(), container.getLocalDatacenter());
  }
}
