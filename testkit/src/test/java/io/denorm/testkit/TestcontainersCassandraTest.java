package io.denorm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.Test;

/**
 * The Testcontainers path of {@link CassandraTarget}: runs only where a Docker engine is reachable
 * (not on the machines this project is built on, which have none), and checks that the container
 * answers CQL with the same server version as the forked server.
 */
class TestcontainersCassandraTest {

  @Test
  void aContainerServesCqlWhereDockerExists() {
    assumeTrue(CassandraContainers.dockerPresent(), "no Docker engine here: the forked server is used instead");
    try (CassandraTarget target = CassandraTarget.inContainer(); CqlSession session = target.newSession()) {
      assertFalse(target.isEmbedded());
      assertEquals(EmbeddedCassandra.VERSION, session.execute("SELECT release_version FROM system.local").one().getString(0));
    }
  }

  @Test
  void withoutADockerSocketTestcontainersIsNotEvenLoaded() {
    assumeTrue(System.getenv("DOCKER_HOST") == null && !java.nio.file.Files.exists(java.nio.file.Path.of("/var/run/docker.sock"))
        && !java.nio.file.Files.exists(java.nio.file.Path.of(System.getProperty("user.home"), ".docker/run/docker.sock")));
    assertFalse(CassandraContainers.dockerPresent());
  }
}
