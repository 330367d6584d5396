package io.denorm.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The Cassandra that tests and the demo talk to: a real cluster named by {@code
 * -Ddenorm.cassandra.contactPoints=host:port[,host:port…]} (with {@code
 * -Ddenorm.cassandra.localDatacenter}, default {@code datacenter1}), or else an embedded server
 * started for this JVM.
 */
public final class CassandraTarget implements AutoCloseable {

  public static final String CONTACT_POINTS = "denorm.cassandra.contactPoints";
  public static final String LOCAL_DATACENTER = "denorm.cassandra.localDatacenter";

  /** {@code -Ddenorm.cassandra.server}: {@code auto} (default), {@code forked} or {@code testcontainers}. */
  public static final String SERVER = "denorm.cassandra.server";

  private final List<InetSocketAddress> contactPoints;
  private final String localDatacenter;
  private final EmbeddedCassandra embedded;
  private final CassandraContainers.Running container;

  private CassandraTarget(List<InetSocketAddress> contactPoints, String localDatacenter, EmbeddedCassandra embedded,
      CassandraContainers.Running container) {
    this.contactPoints = contactPoints;
    this.localDatacenter = localDatacenter;
    this.embedded = embedded;
    this.container = container;
  }

  /**
   * The cluster named by system properties; else, when a Docker engine is present (and
   * Testcontainers is on the class path), Cassandra in a container; else a forked server in {@code
   * embeddedDir}. {@code -Ddenorm.cassandra.server=forked} or {@code testcontainers} chooses.
   */
  public static CassandraTarget fromSystemProperties(Path embeddedDir) {
    String points = System.getProperty(CONTACT_POINTS, "").strip();
    String dc = System.getProperty(LOCAL_DATACENTER, "datacenter1");
    if (!points.isEmpty()) {
      return new CassandraTarget(parse(points), dc, null, null);
    }
    String server = System.getProperty(SERVER, "auto");
    if (server.equals("testcontainers") || server.equals("auto") && CassandraContainers.dockerPresent()) {
      return inContainer();
    }
    if (!server.equals("auto") && !server.equals("forked")) {
      throw new IllegalArgumentException(SERVER + " is auto, forked or testcontainers, not " + server);
    }
    EmbeddedCassandra forked = EmbeddedCassandra.start(embeddedDir);
    return new CassandraTarget(List.of(new InetSocketAddress(forked.host(), forked.port())), forked.localDatacenter(), forked, null);
  }

  /** Cassandra {@value CassandraContainers#IMAGE} in a Docker container, through Testcontainers (which must be on the class path). */
  public static CassandraTarget inContainer() {
    CassandraContainers.Running running = CassandraContainers.start();
    return new CassandraTarget(List.of(running.contactPoint()), running.localDatacenter(), null, running);
  }

  static List<InetSocketAddress> parse(String points) {
    List<InetSocketAddress> out = new ArrayList<>();
    for (String point : points.split(",")) {
      String p = point.strip();
      int colon = p.lastIndexOf(':');
      if (colon <= 0 || colon == p.length() - 1) {
        throw new IllegalArgumentException(CONTACT_POINTS + " takes host:port[,host:port…]; got '" + p + "'");
      }
      out.add(InetSocketAddress.createUnresolved(p.substring(0, colon), Integer.parseInt(p.substring(colon + 1))));
    }
    return out;
  }

  /**
   * A new session. Schema changes are seen at once (no metadata debounce), and requests get
   * timeouts that suit a small test machine.
   */
  public CqlSession newSession() {
    return newSession(b -> b);
  }

  /** A new session as above, its builder first passed through {@code customize} (a request tracker, say). */
  public CqlSession newSession(java.util.function.UnaryOperator<com.datastax.oss.driver.api.core.CqlSessionBuilder> customize) {
    return newSession(c -> c, customize);
  }

  /**
   * A new session as above, its driver configuration first passed through {@code config} (options
   * or execution profiles added to this target's own), then its builder through {@code customize}.
   */
  public CqlSession newSession(
      java.util.function.UnaryOperator<com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder> config,
      java.util.function.UnaryOperator<com.datastax.oss.driver.api.core.CqlSessionBuilder> customize) {
    DriverConfigLoader loader = config.apply(DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ZERO)
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30)))
        .build();
    List<InetSocketAddress> resolved = contactPoints.stream()
        .map(a -> new InetSocketAddress(a.getHostString(), a.getPort()))
        .toList();
    return customize.apply(CqlSession.builder()
        .addContactPoints(resolved)
        .withLocalDatacenter(localDatacenter)
        .withConfigLoader(loader))
        .build();
  }

  /** {@code host:port[,host:port…]}, as {@code -Ddenorm.cassandra.contactPoints} takes it (for a forked client). */
  public String contactPointList() {
    return String.join(",", contactPoints.stream().map(a -> a.getHostString() + ":" + a.getPort()).toList());
  }

  public String localDatacenter() {
    return localDatacenter;
  }

  /** Whether this target started its own server. */
  public boolean isEmbedded() {
    return embedded != null;
  }

  /** The embedded server, or null when a cluster was named. */
  public EmbeddedCassandra embedded() {
    return embedded;
  }

  public String describe() {
    if (container != null) {
      return "Cassandra " + CassandraContainers.IMAGE + " in a Testcontainers container at " + contactPointList();
    }
    return embedded != null
        ? "embedded Cassandra " + EmbeddedCassandra.VERSION + " on " + embedded.contactPoint() + " (pid " + embedded.pid() + ", ready after " + embedded.startMillis() + " ms)"
        : "Cassandra at " + contactPoints.stream().map(a -> a.getHostString() + ":" + a.getPort()).collect(java.util.stream.Collectors.joining(","))
            + " (datacenter " + localDatacenter + ")";
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
    if (container != null) {
      try {
        container.close();
      } catch (Exception e) {
        throw new IllegalStateException("stopping the Cassandra container failed: " + e, e);
      }
    }
  }
}
