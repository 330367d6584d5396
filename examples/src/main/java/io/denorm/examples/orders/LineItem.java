package io.denorm.examples.orders;

import java.util.Map;
import java.util.Set;

/** One line of an order: an embedded object holding another (the price) and two collections. */
public record LineItem(String sku, int quantity, Money unitPrice, Map<String, String> options, Set<String> tags) {}
