package io.denorm.examples.orders;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import io.denorm.Conversions;
import io.denorm.KeyChecks;
import io.denorm.cassandra.CassandraValues;
import io.denorm.examples.people.Address;
import io.denorm.json.JsonTrees;
import io.denorm.json.JsonValues;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Order} to rows of table {@code orders}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, customer_id, placed_at, ship_to, items, totals,
 * tracking_by_carrier, attributes, history.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.orders.Order"
)
public final class CassandraOrderMapper {
  private CassandraOrderMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Order entity) {
    Objects.requireNonNull(entity, "Order to write");
    KeyChecks.keyComponent("Order", "id", entity.id());
    JsonValues.check("Order", "attributes", entity.attributes());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Order entity) {
    statement = statement.setString(0, entity.id());
    statement = statement.setString(1, entity.customerId());
    statement = statement.setInstant(2, entity.placedAt());
    statement = statement.set(3, CassandraOrderMapper.addressToUdt((UserDefinedType) statement.getType(3),
        entity.shipTo()), GenericType.of(UdtValue.class));
    statement = statement.set(4, CassandraValues.toList(entity.items(),
        CassandraValues.elementType(statement.getType(4)), (t1, e1) ->
        CassandraOrderMapper.lineItemToUdt((UserDefinedType) t1, e1)),
        GenericType.listOf(GenericType.of(UdtValue.class)));
    statement = statement.set(5, CassandraValues.toMap(entity.totals(), statement.getType(5), (t1, k1) -> k1, (t1,
        e1) -> CassandraOrderMapper.moneyToUdt((UserDefinedType) t1, e1)),
        GenericType.mapOf(GenericType.of(String.class), GenericType.of(UdtValue.class)));
    statement = statement.set(6, entity.trackingByCarrier(), GenericType.mapOf(GenericType.of(String.class),
        GenericType.listOf(GenericType.of(String.class))));
    statement = statement.set(7, CassandraValues.toMap(entity.attributes(), statement.getType(7), (t1, k1) -> k1, (t1,
        e1) -> JsonValues.writeElement(e1)), GenericType.mapOf(GenericType.of(String.class),
        GenericType.of(String.class)));
    statement = statement.setString(8, JsonTrees.text(Conversions.list(entity.history(), e1 ->
        CassandraOrderMapper.statusChangeToTree(e1))));
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Order entity) {
    statement = statement.setString(0, entity.id());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Order entity) {
    return Arrays.asList(entity.id());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Order fromRow(Row row) {
    return new Order(
            row.getString(0),
            row.getString(1),
            row.getInstant(2),
            CassandraOrderMapper.addressFromUdt(row.get(3, GenericType.of(UdtValue.class))),
            Conversions.list(row.get(4, GenericType.listOf(GenericType.of(UdtValue.class))), e1 ->
                CassandraOrderMapper.lineItemFromUdt(e1)),
            Conversions.map(row.get(5, GenericType.mapOf(GenericType.of(String.class),
                GenericType.of(UdtValue.class))), k1 -> k1, e1 -> CassandraOrderMapper.moneyFromUdt(e1)),
            row.get(6, GenericType.mapOf(GenericType.of(String.class),
                GenericType.listOf(GenericType.of(String.class)))),
            Conversions.map(row.get(7, GenericType.mapOf(GenericType.of(String.class), GenericType.of(String.class))),
                k1 -> k1, e1 -> JsonValues.read(e1)),
            JsonTrees.toList(JsonTrees.parse(row.getString(8)), e1 -> CassandraOrderMapper.statusChangeFromTree(e1)));
  }

  private static UdtValue addressToUdt(UserDefinedType type, Address element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setString(0, element.line1());
    value = value.setString(1, element.line2());
    value = value.setString(2, element.city());
    value = value.setString(3, element.state());
    value = value.setInt(4, element.zip());
    return value;
  }

  private static Address addressFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
    return new Address(value.getString(0), value.getString(1), value.getString(2), value.getString(3), value.getInt(4));
  }

  private static UdtValue moneyToUdt(UserDefinedType type, Money element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setBigDecimal(0, element.amount());
    value = value.setString(1, element.currency());
    return value;
  }

  private static Money moneyFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
    return new Money(value.getBigDecimal(0), value.getString(1));
  }

  private static UdtValue lineItemToUdt(UserDefinedType type, LineItem element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setString(0, element.sku());
    value = value.setInt(1, element.quantity());
    value = value.set(2, CassandraOrderMapper.moneyToUdt((UserDefinedType) value.getType(2), element.unitPrice()),
        GenericType.of(UdtValue.class));
    value = value.setMap(3, element.options(), String.class, String.class);
    value = value.setSet(4, element.tags(), String.class);
    return value;
  }

  private static LineItem lineItemFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
    return new LineItem(value.getString(0), value.getInt(1), CassandraOrderMapper.moneyFromUdt(value.get(2,
        GenericType.of(UdtValue.class))), value.getMap(3, String.class, String.class), value.getSet(4, String.class));
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
