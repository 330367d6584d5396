package io.denorm.examples.mailbox;

import io.denorm.TimeBuckets;
import io.denorm.annotations.Bucket;
import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Estimate;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Sequence;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The example second mailbox: a user's messages grouped into daily buckets, so the mailbox can be
 * walked backward or forward from any date. One partition per user and day; the ids come from the
 * same sequence {@code message_id} as {@link Message}'s.
 */
@Entity(table = "mailbox")
// Bucketed by day: a partition holds one user's messages of one day, however long the mailbox grows.
@Estimate(rows = 2_000_000_000L, rowsPerPartition = 200, valueBytes = 300)
public record MailboxMessage(
    @PartitionKey String userId,
    @PartitionKey(1) @Bucket(field = "sentAt", unit = ChronoUnit.DAYS) long day,
    @ClusteringKey(order = Order.DESC) Instant sentAt,
    @ClusteringKey(value = 1, order = Order.DESC) @Sequence("message_id") long id,
    String sender,
    String subject) {

  /** A new message in the bucket of the day it was sent (UTC); its id is assigned when it is saved. */
  public MailboxMessage(String userId, Instant sentAt, String sender, String subject) {
    this(userId, TimeBuckets.of(ChronoUnit.DAYS, sentAt), sentAt, 0, sender, subject);
  }
}
