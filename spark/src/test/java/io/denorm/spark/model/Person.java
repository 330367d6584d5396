package io.denorm.spark.model;

import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Reference;
import java.util.Set;

/** A person and the clubs they belong to. */
@Entity(table = "people")
public record Person(@PartitionKey String id, String name,
    @SuppressWarnings("denorm:ReferenceCollection") @Reference(Club.class) Set<String> clubIds) {}
