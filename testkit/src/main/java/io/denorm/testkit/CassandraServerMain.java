package io.denorm.testkit;

import java.nio.file.Path;

/**
 * Starts an embedded Cassandra and keeps it up until stdin closes or the JVM is stopped, printing
 * its contact point: {@code java -cp … io.denorm.testkit.CassandraServerMain [dir]}.
 */
public final class CassandraServerMain {
  private CassandraServerMain() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : "target/denorm-servers/cassandra-main");
    try (EmbeddedCassandra server = EmbeddedCassandra.start(dir)) {
      System.out.println("contactPoint=" + server.contactPoint() + " localDatacenter=" + server.localDatacenter()
          + " pid=" + server.pid() + " ready_after_ms=" + server.startMillis());
      System.out.flush();
      Runtime.getRuntime().addShutdownHook(new Thread(server::close));
      while (System.in.read() != -1) {
        // keep running until stdin closes
      }
    }
  }
}
