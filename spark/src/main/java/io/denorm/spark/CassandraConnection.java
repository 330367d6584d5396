package io.denorm.spark;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;

/**
 * Where the executors' Cassandra sessions connect: contact points ({@code host:port}), the local
 * data centre, the keyspace, and optionally a user name and password. Sent with the job; each JVM
 * opens one session per connection.
 */
public record CassandraConnection(List<String> contactPoints, String localDatacenter, String keyspace, String username, String password)
    implements Serializable {

  public CassandraConnection {
    contactPoints = List.copyOf(Objects.requireNonNull(contactPoints, "contactPoints"));
    if (contactPoints.isEmpty()) {
      throw new IllegalArgumentException("at least one contact point (host:port) is needed");
    }
    for (String point : contactPoints) {
      address(point);
    }
    Objects.requireNonNull(localDatacenter, "localDatacenter");
    Objects.requireNonNull(keyspace, "keyspace");
  }

  /** Without authentication. */
  public static CassandraConnection of(String contactPoints, String localDatacenter, String keyspace) {
    return new CassandraConnection(List.of(contactPoints.split(",")), localDatacenter, keyspace, null, null);
  }

  public CassandraConnection withCredentials(String user, String pass) {
    return new CassandraConnection(contactPoints, localDatacenter, keyspace, user, pass);
  }

  CqlSession open() {
    CqlSessionBuilder builder = CqlSession.builder().withLocalDatacenter(localDatacenter);
    for (String point : contactPoints) {
      builder.addContactPoint(address(point));
    }
    if (username != null) {
      builder.withAuthCredentials(username, password);
    }
    return builder.build();
  }

  /** The part of {@link DaoSource#key()} that names the connection (without the password). */
  String key() {
    // the password only by its hash: sources with other passwords get sessions of their own, and no key shows it
    return String.join(",", contactPoints) + "/" + localDatacenter + "/" + username + "/" + java.util.Objects.hashCode(password);
  }

  @Override
  public String toString() {
    return "Cassandra at " + String.join(",", contactPoints) + " (" + localDatacenter + "), keyspace " + keyspace;
  }

  private static InetSocketAddress address(String point) {
    String p = point.trim();
    int colon = p.lastIndexOf(':');
    if (colon < 1) {
      throw new IllegalArgumentException("contact point " + point + " is not host:port");
    }
    try {
      return InetSocketAddress.createUnresolved(p.substring(0, colon), Integer.parseInt(p.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("contact point " + point + " is not host:port", e);
    }
  }
}
