package io.denorm.examples.shop;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Convert;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;

/**
 * A product of the shop's catalog, cheapest first within its category: the price is a {@link Money}
 * stored through a converter, in the row, in the clustering key and in an index.
 */
@Entity(table = "products")
@Index(name = "products_by_list_price", key = "listPrice", include = "name")
public record Product(
    @PartitionKey String category,
    @ClusteringKey(0) @Convert(EuroCents.class) Money price,
    @ClusteringKey(1) String sku,
    String name,
    @Convert(EuroCents.class) Money listPrice) {}
