package io.denorm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class CassandraTargetTest {

  @Test
  void parsesContactPoints() {
    List<InetSocketAddress> points = CassandraTarget.parse("10.0.0.1:9042, cass-2.example:19042");
    assertEquals(2, points.size());
    assertEquals("10.0.0.1", points.get(0).getHostString());
    assertEquals(9042, points.get(0).getPort());
    assertEquals("cass-2.example", points.get(1).getHostString());
    assertEquals(19042, points.get(1).getPort());
  }

  @Test
  void rejectsPointsWithoutPort() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CassandraTarget.parse("localhost"));
    assertEquals("denorm.cassandra.contactPoints takes host:port[,host:port…]; got 'localhost'", e.getMessage());
  }

  @Test
  void findsAJdk17() {
    // This build runs on JDK 17 or names one; either way a java binary must come back.
    assertEquals(true, java.nio.file.Files.isExecutable(JavaRuntimes.java17()));
  }
}
