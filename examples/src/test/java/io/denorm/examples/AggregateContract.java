package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.examples.orders.LineItem;
import io.denorm.examples.orders.Money;
import io.denorm.examples.orders.Order;
import io.denorm.examples.orders.OrderDao;
import io.denorm.examples.orders.StatusChange;
import io.denorm.examples.people.Address;
import io.denorm.examples.people.Person;
import io.denorm.examples.people.PersonDao;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Aggregates on a real store: every shape an entity can embed (a single object, lists and maps of
 * objects holding objects and collections, maps of lists, attribute bags of any JSON shape) comes
 * back from one read exactly as it was saved.
 */
abstract class AggregateContract {

  static Stores.Store store;
  static OrderDao orders;
  static PersonDao people;

  static void use(Stores.Store s) {
    store = s;
    people = s.dao(PersonDao.class, "aggregates_people", "Person");
    orders = s.dao(OrderDao.class, "aggregates_orders", "Order");
  }

  private static final Address HOME = new Address("100 Some Street", "Unit 1", "Seattle", "WA", 98012);

  /** The example person: two addresses and two contact details of different shapes. */
  private static Person seedPerson(String id) {
    Person p = new Person(id, "Thomas", "Andersen",
        List.of(new Address("100 Some Street", "Unit 1", "Seattle", "WA", 98012), new Address("200 Another Street", null, "Redmond", "WA", 98052)));
    Map<String, Object> phone = new LinkedHashMap<>();
    phone.put("phone", "+1 555 555-5555");
    phone.put("extension", 5555);
    return p.contactDetails(List.of(Map.of("email", "thomas@andersen.com"), phone));
  }

  private static Order order(String id, List<LineItem> items) {
    Map<String, Object> attributes = new LinkedHashMap<>();
    attributes.put("gift", true);
    attributes.put("note", "leave at the \"back\" door\nthanks");
    attributes.put("priority", 2);
    attributes.put("weightKg", 2.5);
    attributes.put("loyaltyPoints", 12_345_678_901L);
    attributes.put("huge", new BigInteger("123456789012345678901234567890"));
    attributes.put("rate", new BigDecimal("0.1000000000000000055511151231257827"));
    attributes.put("coupon", null);
    attributes.put("labels", List.of("fragile", "upright"));
    attributes.put("box", Map.of("w", 30, "h", 20, "unit", "cm"));
    return new Order(id, "c-1", Instant.parse("2026-11-21T10:15:30.123Z"), HOME, items,
        Map.of("net", Money.of("38.00", "EUR"), "tax", Money.of("7.22", "EUR"), "gross", Money.of("45.22", "EUR")),
        Map.of("dhl", List.of("JD0001", "JD0002"), "ups", List.of("1Z999")),
        attributes, history());
  }

  private static List<StatusChange> history() {
    return List.of(
        new StatusChange(StatusChange.Status.PLACED, Instant.parse("2026-11-21T10:15:30.123456789Z"), UUID.fromString("00000000-0000-0000-0000-00000000000a"),
            0f, null),
        new StatusChange(StatusChange.Status.SHIPPED, Instant.parse("2026-11-22T08:00:00Z"), null, 2.75f, new byte[] {1, 2, (byte) 0xff}));
  }

  private static LineItem item(String sku, int quantity, String price) {
    return new LineItem(sku, quantity, Money.of(price, "EUR"), Map.of("color", "blue", "size", "M"), Set.of("sale", "summer"));
  }

  @Test
  void theSeedPersonRoundTripsWithAddressesAndContactDetailsOfDifferentShapes() {
    Person saved = seedPerson("agg-p1");
    people.save(saved);
    Person read = people.findById("agg-p1").orElseThrow();
    assertEquals(saved, read);
    assertEquals(2, read.addresses().size());
    assertNull(read.addresses().get(1).line2());
    assertEquals("thomas@andersen.com", read.contactDetails().get(0).get("email"));
    Object extension = read.contactDetails().get(1).get("extension");
    assertEquals(Integer.class, extension.getClass(), "5555 comes back as the Integer it was");
    assertEquals(5555, extension);
  }

  @Test
  void everyNestedShapeRoundTripsExactly() {
    Order saved = order("agg-o1", List.of(item("sku-1", 2, "12.50"), item("sku-2", 1, "13.00")));
    orders.save(saved);
    Order read = orders.findById("agg-o1").orElseThrow();
    assertEquals(saved, read);
    assertEquals(new BigDecimal("12.50"), read.items().get(0).unitPrice().amount(), "the scale of a nested decimal is kept");
    assertEquals(Long.class, read.attributes().get("loyaltyPoints").getClass());
    assertEquals(BigInteger.class, read.attributes().get("huge").getClass());
    assertEquals(BigDecimal.class, read.attributes().get("rate").getClass(), "a decimal a double cannot print back stays a BigDecimal");
    assertEquals(Double.class, read.attributes().get("weightKg").getClass());
    assertTrue(read.attributes().containsKey("coupon"), "a null attribute is kept as a key with no value");
    assertNull(read.attributes().get("coupon"));
  }

  @Test
  void savingASmallerAggregateLeavesNothingOfTheLargerOne() {
    orders.save(order("agg-o2", List.of(item("a", 1, "1.00"), item("b", 2, "2.00"), item("c", 3, "3.00"))));
    Order smaller = new Order("agg-o2", "c-2", null, null, List.of(item("b", 5, "2.00")), Map.of(), Map.of(), Map.of("gift", false), null);
    orders.save(smaller);
    Order read = orders.findById("agg-o2").orElseThrow();
    assertEquals(List.of(item("b", 5, "2.00")), read.items());
    assertNull(read.shipTo(), "a single embedded object set to null is removed");
    assertNull(read.placedAt());
    assertEquals(Map.of(), read.totals(), "an empty map and an absent one read back the same: empty");
    assertEquals(Map.of("gift", false), read.attributes());
    assertNull(read.history(), "a JSON column keeps null apart from empty");
    orders.save(new Order("agg-o2", "c-2", null, null, List.of(), Map.of(), Map.of(), Map.of(), List.of()));
    assertEquals(List.of(), orders.findById("agg-o2").orElseThrow().history());
  }

  @Test
  void aJsonColumnKeepsWhatAUdtWouldRoundTo() {
    Order saved = order("agg-o5", List.of());
    orders.save(saved);
    List<StatusChange> read = orders.findById("agg-o5").orElseThrow().history();
    assertEquals(history(), read);
    assertEquals(123_456_789, read.get(0).at().getNano(), "nanoseconds survive in JSON text (a timestamp column keeps milliseconds)");
    assertEquals(2.75f, read.get(1).weightKg());
    assertEquals(List.of((byte) 1, (byte) 2, (byte) 0xff), List.of(read.get(1).signature()[0], read.get(1).signature()[1], read.get(1).signature()[2]));
  }

  @Test
  void anAttributeJsonCannotHoldIsATypedErrorAndNothingIsWritten() {
    Map<String, Object> bad = new LinkedHashMap<>();
    bad.put("ok", "fine");
    bad.put("when", new java.util.Date(0));
    Order order = new Order("agg-o3", "c-3", null, HOME, List.of(), Map.of(), Map.of(), bad, history());
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> orders.save(order));
    assertEquals("Order", e.entity());
    assertEquals("attributes", e.field());
    assertTrue(e.getMessage().contains("'when' is a java.util.Date"), e.getMessage());
    assertTrue(orders.findById("agg-o3").isEmpty(), "nothing of the order was written");

    Person p = seedPerson("agg-p2").contactDetails(List.of(Map.of("fax", Double.NaN)));
    InvalidEntityException nan = assertThrows(InvalidEntityException.class, () -> people.save(p));
    assertEquals("contactDetails", nan.field());
    assertTrue(nan.getMessage().contains("'[0].fax' is NaN"), nan.getMessage());
    assertTrue(people.findById("agg-p2").isEmpty());
  }

  @Test
  void asyncSaveAndDeleteOfAnAggregate() {
    Order saved = order("agg-o4", List.of(item("z", 9, "0.99")));
    orders.saveAsync(saved).toCompletableFuture().join();
    assertEquals(saved, orders.findById("agg-o4").orElseThrow());
    assertTrue(orders.deleteById("agg-o4"));
    assertTrue(orders.findById("agg-o4").isEmpty());
  }
}
