package io.denorm.examples.audience;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import java.util.Set;

/**
 * The example audience report: a visitor, the sites they visited and the categories they belong to
 * (Men, Women, Bloggers, …). The row is the direct index {userId → categories}; three inverted
 * indexes {site → userIds}, {category → userIds} and {city → userIds} find who meets a criterion.
 */
@Entity(table = "visitors")
@Index(name = "visitors_by_site", key = "sites")
@Index(name = "visitors_by_category", key = "categories")
@Index(name = "visitors_by_city", key = "city")
public record Visitor(
    @PartitionKey String userId,
    String city,
    Set<String> sites,
    Set<String> categories) {}
