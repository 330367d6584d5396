package io.denorm.examples.clicks;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.CountDistinct;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Estimate;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import java.time.Instant;

/**
 * The example click stream: one row per visit, a user's visits kept together (the key starts with
 * the user id), and the number of unique users per site ({@code SELECT count(DISTINCT user_id) FROM
 * clicks GROUP BY site}) kept as the clicks arrive.
 */
@Entity(table = "clicks")
// A user's clicks: a heavy user makes a few thousand a year, so one partition per user stays far under 100,000 rows.
@Estimate(rows = 500_000_000L, rowsPerPartition = 5_000, valueBytes = 24)
@CountDistinct(name = "unique_visitors", group = "site", distinct = "userId")
public record Click(
    @PartitionKey String userId,
    @ClusteringKey(order = Order.DESC) Instant at,
    String site,
    String city) {}
