package io.denorm.examples.shop;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application over the generated DAOs: the Denorm starter makes {@code UserDao} and
 * {@code SessionDao} beans over Spring Boot's {@code CqlSession} (or an HBase connection from {@code
 * denorm.hbase.zookeeper-quorum}), creates or validates their tables at start-up ({@code
 * denorm.schema-action}), and {@link Accounts} uses them: bulk imports, partial updates and sessions
 * that expire by themselves.
 *
 * <pre>
 * java … io.denorm.examples.shop.ShopApplication --spring.cassandra.contact-points=127.0.0.1:9042 \
 *     --spring.cassandra.local-datacenter=datacenter1 --denorm.keyspace=shop \
 *     --denorm.schema-action=create-if-not-exists --denorm.packages=io.denorm.examples.users,io.denorm.examples.sessions
 * </pre>
 */
@SpringBootApplication
public class ShopApplication {

  public static void main(String[] args) {
    SpringApplication.run(ShopApplication.class, args);
  }
}
