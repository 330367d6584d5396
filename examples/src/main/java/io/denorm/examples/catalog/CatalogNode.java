package io.denorm.examples.catalog;

import io.denorm.annotations.Entity;
import io.denorm.annotations.NestedSet;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;

/**
 * The example eShop catalogue with nested sets: categories and, at the leaves, products. A rebuild
 * numbers the products of the catalogue depth first (siblings by name) and maps each category to
 * the range of product numbers under it, so "every product under Men's Shoes" is one range read,
 * and how many there are is read from the category's range alone.
 */
@Entity(table = "catalog_nodes")
@NestedSet(name = "catalog_leaves", order = "name")
public record CatalogNode(
    @PartitionKey String id,
    @ParentId String parentId,
    String name) {}
