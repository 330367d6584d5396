package io.denorm.examples.catalog;

import io.denorm.annotations.Entity;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;

/**
 * The example eShop category hierarchy as an adjacency list: each category names its parent (null
 * for the root), and an index of the categories by parent lets the tree be read downwards.
 */
@Entity(table = "categories")
public record Category(
    @PartitionKey String id,
    @ParentId String parentId,
    String name) {}
