package io.denorm.examples.shop;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.Converters;
import io.denorm.KeyChecks;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Product} to rows of table {@code products}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: category, price, sku, name, list_price.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.shop.Product"
)
public final class CassandraProductMapper {
  /**
   * Index table {@code products_by_list_price}: key (listPrice), then the master key, including name.
   */
  public static final IndexDefinition PRODUCTS_BY_LIST_PRICE = new IndexDefinition("Product", "products_by_list_price",
      1, 3, 1, false);

  private CassandraProductMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Product entity) {
    Objects.requireNonNull(entity, "Product to write");
    KeyChecks.keyComponent("Product", "category", entity.category());
    KeyChecks.keyComponent("Product", "price", Converters.toColumn(Converters.of(EuroCents.class), entity.price(),
        "Product", "price"));
    KeyChecks.keyComponent("Product", "sku", entity.sku());
    Converters.toColumn(Converters.of(EuroCents.class), entity.listPrice(), "Product", "listPrice");
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Product entity) {
    statement = statement.setString(0, entity.category());
    statement = statement.set(1, Converters.toColumn(Converters.of(EuroCents.class), entity.price(), "Product",
        "price"), Long.class);
    statement = statement.setString(2, entity.sku());
    statement = statement.setString(3, entity.name());
    statement = statement.set(4, Converters.toColumn(Converters.of(EuroCents.class), entity.listPrice(), "Product",
        "listPrice"), Long.class);
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Product entity) {
    statement = statement.setString(0, entity.category());
    statement = statement.set(1, Converters.toColumn(Converters.of(EuroCents.class), entity.price(), "Product",
        "price"), Long.class);
    statement = statement.setString(2, entity.sku());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    statement = statement.set(1, Converters.toColumn(Converters.of(EuroCents.class), (Money) key.get(1), "Product",
        "price"), Long.class);
    statement = statement.setString(2, (String) key.get(2));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Product entity) {
    return Arrays.asList(entity.category(), entity.price(), entity.sku());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Product fromRow(Row row) {
    return new Product(
            row.getString(0),
            Converters.fromColumn(Converters.of(EuroCents.class), row.get(1, Long.class), "Product", "price"),
            row.getString(2),
            row.getString(3),
            Converters.fromColumn(Converters.of(EuroCents.class), row.get(4, Long.class), "Product", "listPrice"));
  }

  /**
   * Reads one entity from a row of index table {@code products_by_list_price} (its columns in index order: list_price,
   * category, price, sku, name), a row trusted as verified.
   */
  public static Product fromProductsByListPriceRow(Row row) {
    return new Product(
            row.getString(1),
            Converters.fromColumn(Converters.of(EuroCents.class), row.get(2, Long.class), "Product", "price"),
            row.getString(3),
            row.getString(4),
            Converters.fromColumn(Converters.of(EuroCents.class), row.get(0, Long.class), "Product", "listPrice"));
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(Product entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // products_by_list_price
    if (entity.listPrice() != null) {
      entries.add(new IndexEntry(PRODUCTS_BY_LIST_PRICE,
          Arrays.asList(Converters.toColumn(Converters.of(EuroCents.class), entity.listPrice(), "Product",
          "listPrice"), entity.category(), Converters.toColumn(Converters.of(EuroCents.class), entity.price(),
          "Product", "price"), entity.sku(), entity.name())));
    }
    return entries;
  }
}
