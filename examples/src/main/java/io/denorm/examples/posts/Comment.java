package io.denorm.examples.posts;

import io.denorm.annotations.Bucket;
import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;

/**
 * The example comments: every comment of a post lives in table {@code comments}, in buckets of 100
 * by sequence number (comments 0–99 in bucket 0, 100–199 in bucket 1, …), newest first; the newest
 * three are also kept in the post's row.
 */
@Entity(table = "comments")
public record Comment(
    @PartitionKey String postId,
    @PartitionKey(1) @Bucket(field = "seq", size = Comment.BUCKET_SIZE) long bucket,
    @ClusteringKey(order = Order.DESC) long seq,
    String author,
    String comment) {

  /** How many comments one bucket holds: what the application loads at a time. */
  public static final long BUCKET_SIZE = 100;

  /** A comment in the bucket its sequence number belongs to. */
  public Comment(String postId, long seq, String author, String comment) {
    this(postId, Math.floorDiv(seq, BUCKET_SIZE), seq, author, comment);
  }
}
