package io.denorm.examples.mailbox;

import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.TimeBuckets;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseValues;
import io.denorm.sequence.BlockSequence;
import io.denorm.write.SavePipeline;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link MailboxDao}, storing {@link MailboxMessage} in table {@code mailbox}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.mailbox.MailboxDao"
)
public final class HBaseMailboxDao extends HBaseDaoBase<MailboxMessage> implements MailboxDao {
  /**
   * Assigns {@code id} of the MailboxMessage saved with it 0: sequence {@code message_id}, 100 ids reserved at a time.
   */
  private final BlockSequence sequence;

  /**
   * The steps of a save of MailboxMessage, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<MailboxMessage> saves;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseMailboxDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseMailboxDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "MailboxMessage", "mailbox", HBaseMailboxMessageMapper.KEY,
        HBaseMailboxMessageMapper.COLUMNS, HBaseMailboxMessageMapper::key, HBaseMailboxMessageMapper::cells,
        HBaseMailboxMessageMapper::fromRow, entity -> List.of());
    typedKeys(HBaseMailboxMessageMapper::rowKey);
    this.sequence = sequence("message_id", 100);
    this.saves = savePipeline()
        .checking(this::checkKey)
        .assigning(entity -> HBaseMailboxMessageMapper.withSequence(entity, sequence))
        .build();
  }

  /**
   * Writes every column of the {@code MailboxMessage} row in table {@code mailbox} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * A {@code id} of 0 is first assigned the next id of sequence {@code message_id}; the entity as saved is returned.
   */
  @Override
  public MailboxMessage save(MailboxMessage message) {
    return join(saves.saveReturning(message));
  }

  /**
   * Reads the buckets of {@code mailbox} (@Bucket on {@code day}) newest first: one scan of a key range, the bucket and
   * {@code sentAt} being descending in the row key.
   */
  @Override
  public Page<MailboxMessage> findByUserId(String userId, PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    return page(range(List.<Object>of(userId)), page, false);
  }

  /**
   * Reads the buckets of {@code mailbox} (@Bucket on {@code day}) newest first: one scan of a key range, the bucket and
   * {@code sentAt} being descending in the row key.
   */
  @Override
  public Page<MailboxMessage> findByUserIdAndSentAtLessThanEqual(String userId, Instant from,
      PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    KeyChecks.argument("MailboxMessage", "sentAt", from);
    return page(span(List.<Object>of(userId),
            null, false,
            List.<Object>of(TimeBuckets.of(ChronoUnit.DAYS, from), HBaseValues.millis(from)), true), page, false);
  }

  /**
   * Reads the buckets of {@code mailbox} (@Bucket on {@code day}) oldest first: one reversed scan of a key range, the
   * bucket and {@code sentAt} being descending in the row key.
   */
  @Override
  public Page<MailboxMessage> findByUserIdAndSentAtGreaterThanEqualOrderBySentAtAsc(String userId,
      Instant from, PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    KeyChecks.argument("MailboxMessage", "sentAt", from);
    return page(span(List.<Object>of(userId),
            List.<Object>of(TimeBuckets.of(ChronoUnit.DAYS, from), HBaseValues.millis(from)), true,
            null, false), page, true);
  }

  /**
   * Reads the buckets of {@code mailbox} (@Bucket on {@code day}) oldest first: one reversed scan of a key range, the
   * bucket and {@code sentAt} being descending in the row key.
   */
  @Override
  public Page<MailboxMessage> findByUserIdOrderBySentAtAsc(String userId, PageRequest page) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    return page(range(List.<Object>of(userId)), page, true);
  }

  /**
   * Reads the buckets of {@code mailbox} (@Bucket on {@code day}) newest first: one scan of a key range, the bucket and
   * {@code sentAt} being descending in the row key.
   */
  @Override
  public List<MailboxMessage> findByUserIdAndSentAtBetween(String userId, Instant to,
      Instant from) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    KeyChecks.argument("MailboxMessage", "sentAt", to);
    KeyChecks.argument("MailboxMessage", "sentAt", from);
    return list(span(List.<Object>of(userId),
            List.<Object>of(TimeBuckets.of(ChronoUnit.DAYS, to), HBaseValues.millis(to)), true,
            List.<Object>of(TimeBuckets.of(ChronoUnit.DAYS, from), HBaseValues.millis(from)), true), 0, false);
  }

  /**
   * Served by table {@code mailbox}: {@code user_id = ? AND day = ?}.
   */
  @Override
  public List<MailboxMessage> findByUserIdAndDay(String userId, long day) {
    KeyChecks.argument("MailboxMessage", "userId", userId);
    return list(range(List.<Object>of(userId, day)), 0);
  }

  /**
   * Deletes one row of table {@code mailbox} by its key, at one timestamp.
   */
  @Override
  public void delete(MailboxMessage message) {
    join(removeEntityAsync(message));
  }
}
