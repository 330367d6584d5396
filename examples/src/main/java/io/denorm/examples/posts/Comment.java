package io.denorm.examples.posts;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;

/**
 * The seed's comments: every comment of a post lives in table {@code comments}, one partition per
 * post, newest first by its sequence number; the newest three are also kept in the post's row.
 */
@Entity(table = "comments")
public record Comment(@PartitionKey String postId, @ClusteringKey(order = Order.DESC) long seq, String author, String comment) {}
