package io.denorm.examples.shop;

import io.denorm.Converters;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.key.RowKeyCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Product} to rows of HBase table {@code products}: row key (category, price, sku), qualifiers name,
 * list_price.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.shop.Product"
)
public final class HBaseProductMapper {
  /**
   * The row key of table {@code products}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Product", List.of(
      new RowKeyCodec.Component("category", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("price", RowKeyCodec.Kind.LONG, false, false, null),
      new RowKeyCodec.Component("sku", RowKeyCodec.Kind.STRING, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and {@link #fromValues}.
   */
  public static final List<String> COLUMNS = List.of("name", "list_price");

  /**
   * Index table {@code products_by_list_price}: key (listPrice), then the master key, including name.
   */
  public static final IndexDefinition PRODUCTS_BY_LIST_PRICE = new IndexDefinition("Product", "products_by_list_price",
      1, 3, 1, false);

  /**
   * The row key of index table {@code products_by_list_price}.
   */
  public static final RowKeyCodec PRODUCTS_BY_LIST_PRICE_KEY = new RowKeyCodec("Product", List.of(
      new RowKeyCodec.Component("listPrice", RowKeyCodec.Kind.LONG, false, false, null),
      new RowKeyCodec.Component("category", RowKeyCodec.Kind.STRING, false, false, null),
      new RowKeyCodec.Component("price", RowKeyCodec.Kind.LONG, false, false, null),
      new RowKeyCodec.Component("sku", RowKeyCodec.Kind.STRING, false, false, null)));

  private HBaseProductMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Product entity) {
    return Arrays.asList(
            entity.category(),
            Converters.toColumn(Converters.of(EuroCents.class), entity.price(), "Product", "price"),
            entity.sku());
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Product entity) {
    return Arrays.asList(
            entity.name(),
            Converters.toColumn(Converters.of(EuroCents.class), entity.listPrice(), "Product", "listPrice"));
  }

  /**
   * An entity from its key values and non-key values (absent cells: null), stored form.
   */
  public static Product fromValues(List<Object> key, List<Object> cells) {
    return new Product(
            (String) key.get(0),
            Converters.fromColumn(Converters.of(EuroCents.class), (Long) key.get(1), "Product", "price"),
            (String) key.get(2),
            (String) cells.get(0),
            Converters.fromColumn(Converters.of(EuroCents.class), (Long) cells.get(1), "Product", "listPrice"));
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
