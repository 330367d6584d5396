package io.denorm.examples.mailbox;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.ScannableDao;
import io.denorm.TimeBuckets;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import io.denorm.sequence.BlockSequence;
import io.denorm.write.SavePipeline;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link MailboxDao}, storing {@link MailboxMessage} in table {@code mailbox}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.mailbox.MailboxDao"
)
public final class CassandraMailboxDao extends CassandraDaoBase<MailboxMessage> implements MailboxDao,
    ScannableDao<MailboxMessage> {
  /**
   * {@code SELECT day FROM mailbox_buckets WHERE user_id = ? AND day >= ? AND day <= ?}
   */
  private final PreparedCql selectMailboxMessageBuckets;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject FROM mailbox WHERE user_id = ? AND day = ?}
   */
  private final PreparedCql selectMailboxMessageBucket;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject FROM mailbox WHERE user_id = ? AND day = ? AND sent_at <=
   * ?}
   */
  private final PreparedCql selectMailboxMessageBucketUntil;

  /**
   * {@code SELECT day FROM mailbox_buckets WHERE user_id = ? AND day >= ? AND day <= ? ORDER BY day ASC}
   */
  private final PreparedCql selectMailboxMessageBucketsAscending;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject FROM mailbox WHERE user_id = ? AND day = ? AND sent_at >=
   * ? ORDER BY sent_at ASC, id ASC}
   */
  private final PreparedCql selectMailboxMessageBucketFromAscending;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject FROM mailbox WHERE user_id = ? AND day = ? ORDER BY
   * sent_at ASC, id ASC}
   */
  private final PreparedCql selectMailboxMessageBucketAscending;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject FROM mailbox WHERE user_id = ? AND day = ? AND sent_at >=
   * ? AND sent_at <= ?}
   */
  private final PreparedCql selectMailboxMessageBucketFromUntil;

  /**
   * {@code DELETE FROM mailbox WHERE user_id = ? AND day = ? AND sent_at = ? AND id = ?}
   */
  private final PreparedCql deleteMailboxMessage;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject FROM mailbox WHERE token(user_id, day) >= ? AND
   * token(user_id, day) <= ?}
   */
  private final PreparedCql scanMailboxMessage;

  /**
   * {@code SELECT user_id, day, sent_at, id, sender, subject, WRITETIME(sender), WRITETIME(subject) FROM mailbox WHERE
   * user_id = ? AND day = ? AND sent_at = ? AND id = ?}
   */
  private final PreparedCql selectMailboxMessageRow;

  /**
   * {@code INSERT INTO mailbox (user_id, day, sent_at, id, sender, subject) VALUES (?, ?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertMailboxMessage;

  /**
   * {@code INSERT INTO mailbox_buckets (user_id, day) VALUES (?, ?)}
   */
  private final PreparedCql insertMailboxMessageBucket;

  /**
   * Assigns {@code id} of the MailboxMessage saved with it 0: sequence {@code message_id}, 100 ids reserved at a time.
   */
  private final BlockSequence sequence;

  /**
   * The steps of a save of MailboxMessage, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<MailboxMessage> saves;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraMailboxDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectMailboxMessageBuckets = prepare("SELECT day FROM {keyspace}.mailbox_buckets WHERE user_id = ? AND day "
        + ">= ? AND day <= ?");
    this.selectMailboxMessageBucket = prepare("SELECT user_id, day, sent_at, id, sender, subject FROM "
        + "{keyspace}.mailbox WHERE user_id = ? AND day = ?");
    this.selectMailboxMessageBucketUntil = prepare("SELECT user_id, day, sent_at, id, sender, subject FROM "
        + "{keyspace}.mailbox WHERE user_id = ? AND day = ? AND sent_at <= ?");
    this.selectMailboxMessageBucketsAscending = prepare("SELECT day FROM {keyspace}.mailbox_buckets WHERE user_id = ? "
        + "AND day >= ? AND day <= ? ORDER BY day ASC");
    this.selectMailboxMessageBucketFromAscending = prepare("SELECT user_id, day, sent_at, id, sender, subject FROM "
        + "{keyspace}.mailbox WHERE user_id = ? AND day = ? AND sent_at >= ? ORDER BY sent_at ASC, id ASC");
    this.selectMailboxMessageBucketAscending = prepare("SELECT user_id, day, sent_at, id, sender, subject FROM "
        + "{keyspace}.mailbox WHERE user_id = ? AND day = ? ORDER BY sent_at ASC, id ASC");
    this.selectMailboxMessageBucketFromUntil = prepare("SELECT user_id, day, sent_at, id, sender, subject FROM "
        + "{keyspace}.mailbox WHERE user_id = ? AND day = ? AND sent_at >= ? AND sent_at <= ?");
    this.deleteMailboxMessage = prepare("DELETE FROM {keyspace}.mailbox WHERE user_id = ? AND day = ? AND sent_at = ? "
        + "AND id = ?");
    this.scanMailboxMessage = prepare("SELECT user_id, day, sent_at, id, sender, subject FROM {keyspace}.mailbox WHERE "
        + "token(user_id, day) >= ? AND token(user_id, day) <= ?");
    this.selectMailboxMessageRow = prepare("SELECT user_id, day, sent_at, id, sender, subject, WRITETIME(sender), "
        + "WRITETIME(subject) FROM {keyspace}.mailbox WHERE user_id = ? AND day = ? AND sent_at = ? AND id = ?");
    this.insertMailboxMessage = prepare("INSERT INTO {keyspace}.mailbox (user_id, day, sent_at, id, sender, subject) "
        + "VALUES (?, ?, ?, ?, ?, ?)");
    this.insertMailboxMessageBucket = prepare("INSERT INTO {keyspace}.mailbox_buckets (user_id, day) VALUES (?, ?)");
    this.sequence = sequence("message_id", 100);
    master(MasterTable.<MailboxMessage>of("MailboxMessage", selectMailboxMessageRow,
        CassandraMailboxMessageMapper::fromRow, CassandraMailboxMessageMapper::keyOf,
        CassandraMailboxMessageMapper::bindKeyValues)
        .inserting(insertMailboxMessage, CassandraMailboxMessageMapper::bindAll));
    this.saves = savePipeline()
        .checking(CassandraMailboxMessageMapper::requireValidKey)
        .assigning(entity -> CassandraMailboxMessageMapper.withSequence(entity, sequence))
        .listing(entity -> insertMailboxMessageBucket.async().thenCompose(bucketInsert -> writeAsync(
            bucketInsert.boundStatementBuilder().setString(0, entity.userId()).setLong(1, entity.day()).build(),
            nextWriteTimestamp())))
        .build();
  }

  /**
   * Writes every column of the {@code MailboxMessage} row in table {@code mailbox}, replacing the row with the same
   * key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * The row's bucket is first listed in table {@code mailbox_buckets} (the walk of {@code day} reads it).
   * A {@code id} of 0 is first assigned the next id of sequence {@code message_id}; the entity as saved is returned.
   */
  @Override
  public MailboxMessage save(MailboxMessage message) {
    return join(saves.saveReturning(message));
  }

  /**
   * Walks the buckets of {@code mailbox} (@Bucket on {@code day}) newest first: the bucket numbers from table {@code
   * mailbox_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public Page<MailboxMessage> findByUserId(String userId, PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    return bucketPage((lowest, highest) -> selectMailboxMessageBuckets.sync().boundStatementBuilder().setString(0,
        userId).setLong(1, lowest).setLong(2, highest).build(),
            Long.MIN_VALUE, Long.MAX_VALUE, false,
            bucket -> selectMailboxMessageBucket.sync().boundStatementBuilder().setString(0, userId).setLong(1, bucket)
                .build(),
            CassandraMailboxMessageMapper::fromRow, page);
  }

  /**
   * Walks the buckets of {@code mailbox} (@Bucket on {@code day}) newest first: the bucket numbers from table {@code
   * mailbox_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public Page<MailboxMessage> findByUserIdAndSentAtLessThanEqual(String userId, Instant from,
      PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    KeyChecks.argument("MailboxMessage", "sentAt", from);
    return bucketPage((lowest, highest) -> selectMailboxMessageBuckets.sync().boundStatementBuilder().setString(0,
        userId).setLong(1, lowest).setLong(2, highest).build(),
            Long.MIN_VALUE, TimeBuckets.of(ChronoUnit.DAYS, from), false,
            bucket -> selectMailboxMessageBucketUntil.sync().boundStatementBuilder().setString(0, userId).setLong(1,
                bucket).setInstant(2, from).build(),
            CassandraMailboxMessageMapper::fromRow, page);
  }

  /**
   * Walks the buckets of {@code mailbox} (@Bucket on {@code day}) oldest first: the bucket numbers from table {@code
   * mailbox_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public Page<MailboxMessage> findByUserIdAndSentAtGreaterThanEqualOrderBySentAtAsc(String userId,
      Instant from, PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    KeyChecks.argument("MailboxMessage", "sentAt", from);
    return bucketPage((lowest, highest) -> selectMailboxMessageBucketsAscending.sync().boundStatementBuilder()
        .setString(0, userId).setLong(1, lowest).setLong(2, highest).build(),
            TimeBuckets.of(ChronoUnit.DAYS, from), Long.MAX_VALUE, true,
            bucket -> selectMailboxMessageBucketFromAscending.sync().boundStatementBuilder().setString(0, userId)
                .setLong(1, bucket).setInstant(2, from).build(),
            CassandraMailboxMessageMapper::fromRow, page);
  }

  /**
   * Walks the buckets of {@code mailbox} (@Bucket on {@code day}) oldest first: the bucket numbers from table {@code
   * mailbox_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public Page<MailboxMessage> findByUserIdOrderBySentAtAsc(String userId, PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    return bucketPage((lowest, highest) -> selectMailboxMessageBucketsAscending.sync().boundStatementBuilder()
        .setString(0, userId).setLong(1, lowest).setLong(2, highest).build(),
            Long.MIN_VALUE, Long.MAX_VALUE, true,
            bucket -> selectMailboxMessageBucketAscending.sync().boundStatementBuilder().setString(0, userId)
                .setLong(1, bucket).build(),
            CassandraMailboxMessageMapper::fromRow, page);
  }

  /**
   * Walks the buckets of {@code mailbox} (@Bucket on {@code day}) newest first: the bucket numbers from table {@code
   * mailbox_buckets}, read lazily, then each bucket's rows.
   */
  @Override
  public List<MailboxMessage> findByUserIdAndSentAtBetween(String userId, Instant to,
      Instant from) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    KeyChecks.argument("MailboxMessage", "sentAt", to);
    KeyChecks.argument("MailboxMessage", "sentAt", from);
    return bucketList((lowest, highest) -> selectMailboxMessageBuckets.sync().boundStatementBuilder().setString(0,
        userId).setLong(1, lowest).setLong(2, highest).build(),
            TimeBuckets.of(ChronoUnit.DAYS, to), TimeBuckets.of(ChronoUnit.DAYS, from),
            bucket -> selectMailboxMessageBucketFromUntil.sync().boundStatementBuilder().setString(0, userId)
                .setLong(1, bucket).setInstant(2, to).setInstant(3, from).build(),
            CassandraMailboxMessageMapper::fromRow);
  }

  /**
   * Served by table {@code mailbox}: {@code user_id = ? AND day = ?}.
   */
  @Override
  public List<MailboxMessage> findByUserIdAndDay(String userId, long day) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    return list(
        selectMailboxMessageBucket.sync().boundStatementBuilder()
            .setString(0, userId)
            .setLong(1, day)
            .build(),
        CassandraMailboxMessageMapper::fromRow);
  }

  /**
   * Deletes one row of table {@code mailbox} by its primary key, at one client-side write timestamp.
   */
  @Override
  public void delete(MailboxMessage message) {
    CassandraMailboxMessageMapper.requireValidKey(message);
    long writeTimestamp = nextWriteTimestamp();
    write(CassandraMailboxMessageMapper.bindKey(deleteMailboxMessage.sync().boundStatementBuilder(), message).build(),
        writeTimestamp);
  }

  @Override
  public List<IndexScans.Segment<MailboxMessage>> scanSegments(int segments) {
    return masterSegments(scanMailboxMessage, CassandraMailboxMessageMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<MailboxMessage> scanSegment(String range) {
    return masterSegment(scanMailboxMessage, CassandraMailboxMessageMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraMailboxDao withStatementOptions(StatementOptions options) {
    CassandraMailboxDao other = new CassandraMailboxDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
