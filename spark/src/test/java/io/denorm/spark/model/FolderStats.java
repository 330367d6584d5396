package io.denorm.spark.model;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;

/** A folder's depth in its tree and the size of its subtree, as a graph job computed them. */
@Entity(table = "folder_stats")
public record FolderStats(@PartitionKey String folderId, int depth, long subtreeSize) {}
