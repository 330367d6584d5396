package io.denorm.spark.model;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import java.util.Set;

/** An account and the accounts it follows: a follower graph stored as references. */
@Entity(table = "accounts")
public record Account(@PartitionKey String id, String name, @Reference(Account.class) Set<String> follows) {}
