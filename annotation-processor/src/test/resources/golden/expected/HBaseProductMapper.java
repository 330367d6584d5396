package io.denorm.examples.shop;

import io.denorm.Converters;
import io.denorm.hbase.HBaseValues;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import io.denorm.key.KeyReader;
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
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
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
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Product entity) {
    String key0 = entity.category();
    Object key1 = HBaseValues.keyValue(Converters.toColumn(Converters.of(EuroCents.class), entity.price(), "Product",
        "price"));
    String key2 = entity.sku();
    return KEY.writer((key0 == null ? 0 : key0.length()) + (key2 == null ? 0 : key2.length()))
            .string(key0)
            .value(key1)
            .string(key2)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Product fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    Object key1 = HBaseValues.storedValue(reader.value());
    String key2 = reader.string();
    reader.end();
    return new Product(
            (String) key0,
            Converters.fromColumn(Converters.of(EuroCents.class), (Long) key1, "Product", "price"),
            (String) key2,
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
