package io.denorm.spark.model;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;

/** What the graph jobs computed for an account: its PageRank and its component (named by the component's smallest id). */
@Entity(table = "account_ranks")
@Index(name = "account_ranks_by_component", key = "component")
public record AccountRank(@PartitionKey String accountId, double rank, String component) {}
