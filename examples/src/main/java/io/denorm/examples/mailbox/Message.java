package io.denorm.examples.mailbox;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Estimate;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Sequence;
import java.time.Instant;

/**
 * The example first mailbox: a user's messages under the composite key userId_messageId, the id
 * taken from the store's sequence {@code message_id} when the message is saved. Knowing one id, the
 * application steps to the message before or after it.
 */
@Entity(table = "messages")
// A user's messages in one partition, newest first: fine while a user keeps a few thousand; a mailbox
// that grows without bound is MailboxMessage, bucketed by day.
@Estimate(rows = 100_000_000L, rowsPerPartition = 2_000, valueBytes = 200)
public record Message(
    @PartitionKey String userId,
    @ClusteringKey(order = Order.DESC) @Sequence("message_id") long id,
    String sender,
    String subject,
    Instant sentAt) {

  /** A new message: its id is assigned when it is saved. */
  public Message(String userId, String sender, String subject, Instant sentAt) {
    this(userId, 0, sender, subject, sentAt);
  }
}
