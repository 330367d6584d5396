package io.denorm.examples.catalog;

import io.denorm.annotations.Entity;
import io.denorm.annotations.MaterializedPath;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;

/**
 * The example eShop category hierarchy with materialized paths: each category holds the ids from the
 * root down to itself ({@code all/men/men-shoes/}), kept by every save, so "Men's Shoes and
 * everything below it" is one range read of an index by path.
 */
@Entity(table = "shop_categories")
public record ShopCategory(
    @PartitionKey String id,
    @ParentId String parentId,
    String name,
    @MaterializedPath String path) {

  /** A category to save: its path is computed by the save. */
  public ShopCategory(String id, String parentId, String name) {
    this(id, parentId, name, null);
  }
}
