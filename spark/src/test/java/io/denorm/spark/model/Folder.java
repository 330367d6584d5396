package io.denorm.spark.model;

import io.denorm.annotations.Entity;
import io.denorm.annotations.ParentId;
import io.denorm.annotations.PartitionKey;

/** A folder tree stored as an adjacency list. */
@Entity(table = "folders")
public record Folder(@PartitionKey String id, @ParentId String parentId, String name) {}
