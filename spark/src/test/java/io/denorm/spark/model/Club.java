package io.denorm.spark.model;

import io.denorm.annotations.Count;
import io.denorm.annotations.Entity;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.References;
import java.util.Set;

/** A club: how many people name it, and which (the inverse side of {@code Person.clubIds}), both kept by the people's saves. */
@Entity(table = "clubs")
public record Club(@PartitionKey String id, String name,
    @SuppressWarnings("denorm:UnboundedInverse") @References(value = Person.class, mappedBy = "clubIds") Set<String> memberIds,
    @Count(of = Person.class, by = "clubIds") long memberCount) {}
