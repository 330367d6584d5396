package io.denorm.benchmarks;

import io.denorm.TimeBuckets;
import io.denorm.annotations.Bucket;
import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** A mailbox in daily buckets, as the examples' MailboxMessage, without the sequence. */
@Entity(table = "bench_mail")
public record BenchMail(
    @PartitionKey String userId,
    @PartitionKey(1) @Bucket(field = "sentAt", unit = ChronoUnit.DAYS) long day,
    @ClusteringKey(order = Order.DESC) Instant sentAt,
    @ClusteringKey(value = 1, order = Order.DESC) long id,
    String subject) {

  public BenchMail(String userId, Instant sentAt, long id, String subject) {
    this(userId, TimeBuckets.of(ChronoUnit.DAYS, sentAt), sentAt, id, subject);
  }
}
