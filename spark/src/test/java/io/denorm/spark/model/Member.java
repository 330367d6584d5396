package io.denorm.spark.model;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.UUID;

/** A member of a club: found by e-mail (unique) and by city (with the name copied into the index). */
@Entity(table = "members")
@Index(name = "members_by_email", key = "email", unique = true)
@Index(name = "members_by_city", key = "city", include = "name")
public record Member(@PartitionKey UUID id, String name, String email, String city) {}
