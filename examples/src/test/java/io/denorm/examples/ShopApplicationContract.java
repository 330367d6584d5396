package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.sessions.Session;
import io.denorm.examples.sessions.SessionDao;
import io.denorm.examples.shop.Accounts;
import io.denorm.examples.shop.Catalog;
import io.denorm.examples.shop.Money;
import io.denorm.examples.shop.Product;
import io.denorm.examples.shop.ShopApplication;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import io.denorm.spring.DenormDaos;
import io.denorm.spring.DenormHealthIndicator;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The shop application ({@link ShopApplication}) started by Spring Boot with the Denorm starter, on
 * each store: the generated DAOs are beans of the store's implementation, the schema action created
 * their tables, and the application's service imports users in bulk, moves them by partial updates
 * and logs them in with sessions that expire, with the index tables following; the counters reach
 * the meter registry and the health contributor. Run by {@code CassandraShopApplicationTest} and
 * {@code HBaseShopApplicationTest}.
 */
abstract class ShopApplicationContract {

  static final String PACKAGES = "io.denorm.examples.users,io.denorm.examples.sessions,io.denorm.examples.shop";

  /** A meter registry, as an application with Spring Boot's actuator has one. */
  @Configuration(proxyBeanMethods = false)
  static class Meters {
    @Bean
    SimpleMeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  @Autowired Accounts accounts;
  @Autowired Catalog catalog;
  @Autowired UserDao userDao;
  @Autowired SessionDao sessionDao;
  @Autowired DenormDaos daos;
  @Autowired DenormHealthIndicator health;
  @Autowired MeterRegistry meters;

  /** {@code Cassandra} or {@code HBase}: the prefix of the generated implementations. */
  abstract String store();

  /** The properties that point a second application at this store, with {@code schema} as keyspace or namespace. */
  abstract Map<String, Object> storeProperties(String schema);

  /** Creates {@code schema} empty, for the validation to find it lacking every table. */
  abstract void createEmpty(String schema);

  @Test
  void theDaosAreBeansOfTheStoresImplementation() {
    assertEquals(store() + "UserDao", userDao.getClass().getSimpleName());
    assertEquals(store() + "SessionDao", sessionDao.getClass().getSimpleName());
    assertEquals(store().toLowerCase(), daos.store());
    assertEquals(List.of("productDao", "sessionDao", "userDao"), daos.beanNames().stream().sorted().toList(), "only the DAOs of denorm.packages");
  }

  @Test
  void aBulkImportAndPartialUpdatesKeepTheLocationIndex() {
    String state = "S" + UUID.randomUUID().toString().substring(0, 8);
    List<User> batch = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      batch.add(new User(UUID.randomUUID(), "user " + i, null, state, i % 2 == 0 ? "Springfield" : "Shelbyville", Set.of()));
    }
    assertEquals(200, accounts.importUsers(batch));
    assertEquals(100, accounts.countIn(state, "Springfield"));
    User moved = batch.get(0);
    assertTrue(accounts.relocate(moved.id(), state, "Capital City"));
    assertEquals(99, accounts.countIn(state, "Springfield"));
    List<User> there = accounts.usersIn(state, "Capital City");
    assertEquals(List.of(moved.id()), there.stream().map(User::id).toList());
    assertEquals("user 0", there.get(0).name(), "the fields the update did not name are kept");
    assertTrue(!accounts.relocate(UUID.randomUUID(), state, "Nowhere"), "no such user: nothing written");
    assertEquals(0, accounts.countIn(state, "Nowhere"));
  }

  @Test
  void productsPricedInMoneyAreImportedAndReadByPriceThroughTheConverter() {
    String category = "lamps-" + UUID.randomUUID();
    List<Product> batch = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      Money price = new Money(java.math.BigDecimal.valueOf(500 + i * 25L, 2), "EUR");
      batch.add(new Product(category, price, "sku-" + i, "lamp " + i, price));
    }
    assertEquals(120, catalog.importProducts(batch));
    List<Product> cheap = catalog.priced(category, Money.euros("5.00"), Money.euros("10.00"));
    assertEquals(21, cheap.size(), "5.00, 5.25, … 10.00");
    assertEquals(Money.euros("5.00"), cheap.get(0).price());
    assertTrue(catalog.rename(cheap.get(0), "reading lamp"));
    assertEquals("reading lamp", catalog.priced(category, Money.euros("5.00"), Money.euros("5.00")).get(0).name());
    List<Product> dollars = List.of(new Product(category, new Money(java.math.BigDecimal.ONE, "USD"), "sku-x", "import", Money.euros("1.00")));
    assertThrows(io.denorm.InvalidEntityException.class, () -> catalog.importProducts(dollars));
    assertEquals(0, catalog.priced(category, Money.euros("0.00"), Money.euros("4.99")).size(), "the refused import wrote nothing");
  }

  @Test
  void aShortSessionExpiresWithItsIndexRowAndTheOtherStays() throws InterruptedException {
    String user = "u" + UUID.randomUUID();
    Session kept = accounts.login(user, "laptop");
    // Cassandra counts a TTL from the whole second a write arrives in: a 1 s lifetime can end at once.
    accounts.loginFor(user, "kiosk", Duration.ofSeconds(3));
    assertEquals(2, accounts.sessionsOf(user).size());
    List<Session> left = accounts.sessionsOf(user);
    for (int i = 0; i < 150 && left.size() > 1; i++) {
      Thread.sleep(100);
      left = accounts.sessionsOf(user);
    }
    assertEquals(List.of(kept.getId()), left.stream().map(Session::getId).toList());
  }

  @Test
  void theCountersReachTheMeterRegistryAndTheHealthContributor() {
    String state = "M" + UUID.randomUUID().toString().substring(0, 8);
    accounts.importUsers(List.of(new User(UUID.randomUUID(), "metered", null, state, "Ogdenville", Set.of())));
    assertEquals(1, accounts.usersIn(state, "Ogdenville").size());
    double rows = meters.get("denorm.index.rows").tag("dao", "userDao").functionCounter().count();
    assertTrue(rows >= 1, "index rows read, as counted by the meter: " + rows);
    Health h = health.health();
    assertEquals(Status.UP, h.getStatus(), h.toString());
    assertEquals(store().toLowerCase(), h.getDetails().get("store"));
    assertTrue(((Map<?, ?>) h.getDetails().get("daos")).containsKey("userDao"), h.toString());
  }

  @Test
  void theValidateActionAcceptsTheCreatedSchemaAndRejectsAnEmptyOne() {
    try (ConfigurableApplicationContext ok = second(daos.schema())) {
      assertEquals(store() + "UserDao", ok.getBean(UserDao.class).getClass().getSimpleName());
    }
    String empty = "shop_empty_" + Long.toHexString(System.nanoTime());
    createEmpty(empty);
    Exception failed = assertThrows(Exception.class, () -> second(empty).close());
    String message = rootMessage(failed);
    assertTrue(message.contains("users: table missing") && message.contains("sessions: table missing")
        && message.contains("products: table missing"), message);
    assertTrue(!message.contains("accounts: table missing"), "only the tables of the DAOs' entities are checked: " + message);
  }

  private ConfigurableApplicationContext second(String schema) {
    Map<String, Object> properties = new java.util.HashMap<>(storeProperties(schema));
    properties.put("denorm.schema-action", "validate");
    properties.put("denorm.packages", PACKAGES);
    return new SpringApplicationBuilder(ShopApplication.class).web(WebApplicationType.NONE).properties(properties).run();
  }

  private static String rootMessage(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }
}
