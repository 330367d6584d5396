package io.denorm.examples.shop;

import io.denorm.annotations.Dao;
import java.util.Collection;
import java.util.List;

/** The catalog: imported in bulk, read by category and price range, and by list price. */
@Dao
public interface ProductDao {
  void save(Product product);

  void saveAll(Collection<Product> products);

  /** A category, cheapest first (the order of the stored cents). */
  List<Product> findByCategory(String category);

  List<Product> findByCategoryAndPriceBetween(String category, Money from, Money to);

  List<Product> findByListPrice(Money listPrice);

  boolean updateNameByCategoryAndPriceAndSku(String category, Money price, String sku, String name);

  boolean deleteByCategoryAndPriceAndSku(String category, Money price, String sku);
}
