package io.denorm.examples.orders;

import io.denorm.annotations.Column;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.examples.people.Address;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An order as one aggregate: everything it holds is stored in its own row, so reading it is one read
 * and saving it is one write. It shows each shape an aggregate can take: a single embedded object
 * ({@code shipTo}), a list of embedded objects that hold embedded objects and collections
 * ({@code items}), a map of embedded objects ({@code totals}), a map of lists
 * ({@code trackingByCarrier}), an attribute bag of any JSON shape ({@code attributes}), and a list of
 * embedded objects kept as one JSON text instead of UDTs ({@code history}).
 */
@Entity(table = "orders")
public record Order(
    @PartitionKey String id,
    String customerId,
    Instant placedAt,
    Address shipTo,
    @SuppressWarnings("denorm:EmbeddedCollection") // an order has a few lines, written once
    List<LineItem> items,
    Map<String, Money> totals,
    Map<String, List<String>> trackingByCarrier,
    Map<String, Object> attributes,
    @Column(json = true) List<StatusChange> history) {}
