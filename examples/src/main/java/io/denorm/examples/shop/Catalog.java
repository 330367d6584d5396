package io.denorm.examples.shop;

import java.util.Collection;
import java.util.List;
import org.springframework.stereotype.Service;

/** The shop's catalog: products imported in bulk, priced in {@link Money} stored as cents, read by price range. */
@Service
public class Catalog {

  private final ProductDao products;

  public Catalog(ProductDao products) {
    this.products = products;
  }

  /** Saves every product; a price the converter refuses fails the import before anything is written. */
  public int importProducts(Collection<Product> batch) {
    products.saveAll(batch);
    return batch.size();
  }

  /** A category's products from {@code from} to {@code to}, cheapest first. */
  public List<Product> priced(String category, Money from, Money to) {
    return products.findByCategoryAndPriceBetween(category, from, to);
  }

  /** Renames a product: only its name is written. */
  public boolean rename(Product p, String name) {
    return products.updateNameByCategoryAndPriceAndSku(p.category(), p.price(), p.sku(), name);
  }
}
