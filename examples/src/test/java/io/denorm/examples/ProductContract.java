package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.examples.shop.Money;
import io.denorm.examples.shop.Product;
import io.denorm.examples.shop.ProductDao;
import io.denorm.index.IndexedDao;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A converted type ({@code @Convert(EuroCents.class) Money}) on a real store: stored as cents in the
 * row, in the clustering key and in an index key; rows ordered by the stored value (cents, not the
 * text of the amount), ranges and index reads bound through the converter, a refused value an
 * {@link InvalidEntityException} that names the field and writes nothing. Run on each store by its
 * subclasses.
 */
abstract class ProductContract {

  static Stores.Store store;
  static ProductDao dao;

  static void use(Stores.Store s) {
    store = s;
    dao = s.dao(ProductDao.class, "products_test", "Product");
  }

  private static Product product(String category, String price, String name) {
    return new Product(category, Money.euros(price), "sku-" + UUID.randomUUID(), name, Money.euros(price));
  }

  private static String category() {
    return "c" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Test
  void rowsAreOrderedByTheStoredCentsNotByTheTextOfTheAmount() {
    String c = category();
    // As text "100.00" < "9.90" < "99.99"; as cents -100 < 990 < 1000 < 9999 < 10000.
    for (String price : List.of("100.00", "9.90", "-1.00", "99.99", "10.00")) {
      dao.save(product(c, price, "at " + price));
    }
    List<Money> prices = dao.findByCategory(c).stream().map(Product::price).toList();
    assertEquals(List.of(Money.euros("-1.00"), Money.euros("9.90"), Money.euros("10.00"), Money.euros("99.99"), Money.euros("100.00")), prices);
    assertEquals(List.of("at 9.90", "at 10.00", "at 99.99"), dao.findByCategoryAndPriceBetween(c, Money.euros("5.00"), Money.euros("99.99"))
        .stream().map(Product::name).toList(), "a range bound through the converter, ends included");
  }

  @Test
  void anIndexKeyedByAConvertedValueIsReadAndKeptThroughPartialUpdates() {
    String c = category();
    Product p = product(c, "12.50", "lamp");
    dao.save(p);
    dao.save(product(c, "12.51", "other lamp"));
    assertEquals(List.of(p), dao.findByListPrice(Money.euros("12.50")).stream().filter(x -> x.category().equals(c)).toList());
    assertTrue(dao.updateNameByCategoryAndPriceAndSku(c, p.price(), p.sku(), "desk lamp"));
    assertEquals(List.of("desk lamp"), dao.findByListPrice(Money.euros("12.50")).stream().filter(x -> x.category().equals(c)).map(Product::name).toList());
    @SuppressWarnings("unchecked")
    IndexedDao<Product> indexed = (IndexedDao<Product>) dao;
    assertEquals(0, indexed.indexMaintenance().verify("products_by_list_price", null).problems());
    assertTrue(dao.deleteByCategoryAndPriceAndSku(c, p.price(), p.sku()));
    assertEquals(List.of(), dao.findByListPrice(Money.euros("12.50")).stream().filter(x -> x.category().equals(c)).toList());
  }

  /** The covering index's rows are verified against their masters, read by the stored key (a converted price in cents). */
  @Test
  void rowsOfACoveringIndexWithAConvertedKeyAreVerified() throws InterruptedException {
    String c = category();
    @SuppressWarnings("unchecked")
    IndexedDao<Product> indexed = (IndexedDao<Product>) dao;
    indexed.setIndexRepairGrace(java.time.Duration.ZERO);
    try {
      Product p = product(c, "77.70", "vase");
      dao.save(p);
      long failures = indexed.indexReadStats().repairFailures();
      for (int i = 0; i < 50 && indexed.indexReadStats().verified() == 0 && store.name().equals("Cassandra"); i++) {
        assertTrue(dao.findByListPrice(Money.euros("77.70")).contains(p));
        Thread.sleep(20);
      }
      assertTrue(dao.findByListPrice(Money.euros("77.70")).contains(p));
      Thread.sleep(200);
      assertEquals(failures, indexed.indexReadStats().repairFailures(), "the master read by the stored key: no failure");
      if (store.name().equals("Cassandra")) {
        assertTrue(indexed.indexReadStats().verified() >= 1, "a Cassandra covering row is verified: " + indexed.indexReadStats());
      }
    } finally {
      indexed.setIndexRepairGrace(java.time.Duration.ofSeconds(60));
    }
  }

  @Test
  void aValueTheConverterRefusesNamesTheFieldAndWritesNothing() {
    String c = category();
    long before = store.count("products");
    long indexBefore = store.count("products_by_list_price");
    Product dollars = new Product(c, new Money(new BigDecimal("5.00"), "USD"), "sku-1", "import", Money.euros("5.00"));
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> dao.save(dollars));
    assertEquals("Product", e.entity());
    assertEquals("price", e.field());
    assertTrue(e.getMessage().contains("EuroCents refused 5.00 USD: only EUR amounts are stored, not USD"), e.getMessage());
    Product fraction = new Product(c, Money.euros("5.00"), "sku-2", "import", Money.euros("0.001"));
    InvalidEntityException f = assertThrows(InvalidEntityException.class, () -> dao.save(fraction));
    assertEquals("listPrice", f.field(), "the indexed field is refused before its index row is written");
    assertEquals(before, store.count("products"));
    assertEquals(indexBefore, store.count("products_by_list_price"));
    InvalidEntityException q = assertThrows(InvalidEntityException.class,
        () -> dao.findByCategoryAndPriceBetween(c, Money.euros("1.00"), new Money(BigDecimal.TEN, "GBP")));
    assertEquals("price", q.field(), "a finder argument goes through the converter too");
  }

  @Test
  void aBulkImportStoresEveryProduct() {
    String c = category();
    List<Product> batch = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      batch.add(product(c, BigDecimal.valueOf(i * 7L % 1000, 2).toPlainString(), "item " + i));
    }
    dao.saveAll(batch);
    List<Product> stored = dao.findByCategory(c);
    assertEquals(300, stored.size());
    List<Long> cents = stored.stream().map(p -> p.price().amount().movePointRight(2).longValueExact()).toList();
    assertEquals(cents.stream().sorted().toList(), cents, "cheapest first");
  }
}
