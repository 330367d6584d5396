package io.denorm.examples.orders;

import io.denorm.Conversions;
import io.denorm.examples.people.Address;
import io.denorm.hbase.HBaseValues;
import io.denorm.json.JsonTrees;
import io.denorm.json.JsonValues;
import io.denorm.key.KeyReader;
import io.denorm.key.RowKeyCodec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Order} to rows of HBase table {@code orders}: row key (id), qualifiers customer_id, placed_at, ship_to,
 * items, totals, tracking_by_carrier, attributes, history.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.orders.Order"
)
public final class HBaseOrderMapper {
  /**
   * The row key of table {@code orders}.
   */
  public static final RowKeyCodec KEY = new RowKeyCodec("Order", List.of(
      new RowKeyCodec.Component("id", RowKeyCodec.Kind.STRING, false, false, null)));

  /**
   * The qualifiers of the non-key columns, in the order of {@link #cells} and of the cells {@link #fromRow} reads.
   */
  public static final List<String> COLUMNS = List.of("customer_id", "placed_at", "ship_to", "items", "totals",
      "tracking_by_carrier", "attributes", "history");

  private HBaseOrderMapper() {
  }

  /**
   * The key values of {@code entity}, stored form, in key order.
   */
  public static List<Object> key(Order entity) {
    return Arrays.asList(
            entity.id());
  }

  /**
   * The non-key values of {@code entity}, stored form, in {@link #COLUMNS} order.
   */
  public static List<Object> cells(Order entity) {
    JsonValues.check("Order", "attributes", entity.attributes());
    return Arrays.asList(
            entity.customerId(),
            HBaseValues.millis(entity.placedAt()),
            addressToStored(entity.shipTo()),
            Conversions.list(entity.items(), e1 -> lineItemToStored(e1)),
            Conversions.map(entity.totals(), k1 -> k1, e1 -> moneyToStored(e1)),
            entity.trackingByCarrier(),
            Conversions.map(entity.attributes(), k1 -> k1, e1 -> JsonValues.writeElement(e1)),
            JsonTrees.text(Conversions.list(entity.history(), e1 -> statusChangeToTree(e1))));
  }

  /**
   * The row key of {@code entity} (without a salt byte): the bytes of {@code KEY.encode(key(entity))}, with no value
   * list.
   */
  public static byte[] rowKey(Order entity) {
    String key0 = entity.id();
    return KEY.writer((key0 == null ? 0 : key0.length()))
            .string(key0)
            .toKey();
  }

  /**
   * An entity from its row key (from {@code offset}, after any salt byte) and its non-key values, stored form (absent
   * cells: null), in {@link #COLUMNS} order.
   */
  public static Order fromRow(byte[] row, int offset, List<Object> cells) {
    KeyReader reader = KEY.reader(row, offset);
    String key0 = reader.string();
    reader.end();
    return new Order(
            (String) key0,
            (String) cells.get(0),
            (Instant) cells.get(1),
            addressFromStored(cells.get(2)),
            HBaseValues.list(cells.get(3), element -> lineItemFromStored(element)),
            HBaseValues.map(cells.get(4), k -> (String) k, v -> moneyFromStored(v)),
            HBaseValues.map(cells.get(5), k -> (String) k, v -> HBaseValues.list(v, element1 -> (String) element1)),
            HBaseValues.map(cells.get(6), k -> (String) k, v -> JsonValues.read((String) v)),
            JsonTrees.toList(JsonTrees.parse(cells.get(7)), e1 -> statusChangeFromTree(e1)));
  }

  private static List<Object> addressToStored(Address element) {
    return element == null ? null : Arrays.asList(element.line1(), element.line2(), element.city(), element.state(),
        element.zip());
  }

  private static Address addressFromStored(Object stored) {
    if (stored == null) {
      return null;
    }
    return new Address((String) HBaseValues.field(stored, 0), (String) HBaseValues.field(stored, 1),
        (String) HBaseValues.field(stored, 2), (String) HBaseValues.field(stored, 3),
        HBaseValues.orDefault(HBaseValues.field(stored, 4), 0));
  }

  private static List<Object> moneyToStored(Money element) {
    return element == null ? null : Arrays.asList(element.amount(), element.currency());
  }

  private static Money moneyFromStored(Object stored) {
    if (stored == null) {
      return null;
    }
    return new Money((BigDecimal) HBaseValues.field(stored, 0), (String) HBaseValues.field(stored, 1));
  }

  private static List<Object> lineItemToStored(LineItem element) {
    return element == null ? null : Arrays.asList(element.sku(), element.quantity(),
        moneyToStored(element.unitPrice()), element.options(), element.tags());
  }

  private static LineItem lineItemFromStored(Object stored) {
    if (stored == null) {
      return null;
    }
    return new LineItem((String) HBaseValues.field(stored, 0), HBaseValues.orDefault(HBaseValues.field(stored, 1), 0),
        moneyFromStored(HBaseValues.field(stored, 2)), HBaseValues.map(HBaseValues.field(stored, 3), k -> (String) k,
        v -> (String) v), HBaseValues.set(HBaseValues.field(stored, 4), element -> (String) element));
  }

  private static Map<String, Object> statusChangeToTree(StatusChange element) {
    if (element == null) {
      return null;
    }
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("status", JsonTrees.tree(element.status()));
    tree.put("at", JsonTrees.tree(element.at()));
    tree.put("by", JsonTrees.tree(element.by()));
    tree.put("weightKg", JsonTrees.tree(element.weightKg()));
    tree.put("signature", JsonTrees.tree(element.signature()));
    return tree;
  }

  private static StatusChange statusChangeFromTree(Object tree) {
    if (tree == null) {
      return null;
    }
    return new StatusChange(
            JsonTrees.value(JsonTrees.field(tree, "status"), StatusChange.Status.class),
            JsonTrees.value(JsonTrees.field(tree, "at"), Instant.class),
            JsonTrees.value(JsonTrees.field(tree, "by"), UUID.class),
            JsonTrees.value(JsonTrees.field(tree, "weightKg"), float.class),
            JsonTrees.value(JsonTrees.field(tree, "signature"), byte[].class));
  }
}
