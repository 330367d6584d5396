package io.denorm.examples.shop;

import io.denorm.examples.users.User;
import io.denorm.spring.DenormDaos;
import io.denorm.spring.DenormHealthIndicator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The shop application started by Spring Boot inside the demo, on the store {@code storeProperties} name, printing what it does. */
public final class ShopDemo {

  private ShopDemo() {}

  public static void run(Map<String, Object> storeProperties) {
    Map<String, Object> properties = new HashMap<>(storeProperties);
    properties.put("denorm.schema-action", "validate");
    properties.put("denorm.packages", "io.denorm.examples.users,io.denorm.examples.sessions,io.denorm.examples.shop");
    long t0 = System.nanoTime();
    try (ConfigurableApplicationContext app = new SpringApplicationBuilder(ShopApplication.class).web(WebApplicationType.NONE)
        .bannerMode(Banner.Mode.OFF).logStartupInfo(false).properties(properties).run()) {
      DenormDaos daos = app.getBean(DenormDaos.class);
      System.out.printf("%n== Spring Boot: ShopApplication started in %d ms; DAO beans %s on %s %s (denorm.schema-action=validate passed)%n",
          (System.nanoTime() - t0) / 1_000_000, daos.beanNames(), daos.store(), daos.schema());
      Accounts accounts = app.getBean(Accounts.class);
      String state = "Z" + UUID.randomUUID().toString().substring(0, 6);
      List<User> batch = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        batch.add(new User(UUID.randomUUID(), "customer " + i, null, state, i < 30 ? "Springfield" : "Shelbyville", Set.of()));
      }
      accounts.importUsers(batch);
      System.out.printf("Accounts.importUsers(50) (UserDao.saveAll) -> countIn(%s, Springfield) = %d%n", state, accounts.countIn(state, "Springfield"));
      accounts.relocate(batch.get(0).id(), state, "Capital City");
      System.out.printf("Accounts.relocate (updateStateAndCityById) -> Springfield %d, Capital City %s%n", accounts.countIn(state, "Springfield"),
          accounts.usersIn(state, "Capital City").stream().map(User::name).toList());
      accounts.login("customer-0", "laptop");
      accounts.loginFor("customer-0", "kiosk", Duration.ofMinutes(5));
      System.out.printf("Accounts.login + loginFor(5 min) -> sessionsOf(customer-0): %d%n", accounts.sessionsOf("customer-0").size());
      Catalog catalog = app.getBean(Catalog.class);
      String category = "lamps-" + UUID.randomUUID().toString().substring(0, 6);
      List<Product> products = new ArrayList<>();
      for (String price : List.of("100.00", "9.90", "24.50", "10.00")) {
        products.add(new Product(category, Money.euros(price), "sku-" + price, "lamp at " + price, Money.euros(price)));
      }
      catalog.importProducts(products);
      System.out.printf("Catalog.importProducts(4 lamps, @Convert(EuroCents.class) Money price as bigint cents) -> priced(9.00 EUR to 30.00 EUR): %s%n",
          catalog.priced(category, Money.euros("9.00"), Money.euros("30.00")).stream().map(p -> p.price().toString()).toList());
      try {
        catalog.importProducts(List.of(new Product(category, new Money(java.math.BigDecimal.ONE, "USD"), "sku-usd", "import", Money.euros("1.00"))));
      } catch (io.denorm.InvalidEntityException e) {
        System.out.printf("Catalog.importProducts(a USD price) -> InvalidEntityException: %s%n", e.getMessage());
      }
      System.out.printf("health denorm: %s%n", app.getBean(DenormHealthIndicator.class).health().getStatus());
    }
  }
}
