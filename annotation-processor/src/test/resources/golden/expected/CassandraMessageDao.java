package io.denorm.examples.mailbox;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.index.IndexScans;
import io.denorm.sequence.BlockSequence;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link MessageDao}, storing {@link Message} in table {@code messages}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.mailbox.MessageDao"
)
public final class CassandraMessageDao extends CassandraDaoBase<Message> implements MessageDao, ScannableDao<Message> {
  /**
   * {@code SELECT user_id, id, sender, subject, sent_at FROM messages WHERE user_id = ? AND id = ?}
   */
  private final PreparedCql selectByUserIdAndId;

  /**
   * {@code SELECT user_id, id, sender, subject, sent_at FROM messages WHERE user_id = ?}
   */
  private final PreparedCql selectByUserId;

  /**
   * {@code SELECT user_id, id, sender, subject, sent_at FROM messages WHERE user_id = ? AND id < ? LIMIT 1}
   */
  private final PreparedCql selectPrevious;

  /**
   * {@code SELECT user_id, id, sender, subject, sent_at FROM messages WHERE user_id = ? AND id > ? ORDER BY id ASC
   * LIMIT 1}
   */
  private final PreparedCql selectNext;

  /**
   * {@code DELETE FROM messages WHERE user_id = ? AND id = ?}
   */
  private final PreparedCql deleteMessage;

  /**
   * {@code SELECT user_id FROM messages WHERE user_id = ? AND id = ?}
   */
  private final PreparedCql selectMessageKey;

  /**
   * {@code SELECT user_id, id, sender, subject, sent_at FROM messages WHERE token(user_id) >= ? AND token(user_id) <=
   * ?}
   */
  private final PreparedCql scanMessage;

  /**
   * {@code SELECT user_id, id, sender, subject, sent_at, WRITETIME(sender), WRITETIME(subject), WRITETIME(sent_at) FROM
   * messages WHERE user_id = ? AND id = ?}
   */
  private final PreparedCql selectMessageRow;

  /**
   * {@code INSERT INTO messages (user_id, id, sender, subject, sent_at) VALUES (?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertMessage;

  /**
   * Assigns {@code id} of the Message saved with it 0: sequence {@code message_id}, 100 ids reserved at a time.
   */
  private final BlockSequence sequence;

  /**
   * The steps of a save of Message, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Message> saves;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraMessageDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectByUserIdAndId = prepare("SELECT user_id, id, sender, subject, sent_at FROM {keyspace}.messages WHERE "
        + "user_id = ? AND id = ?");
    this.selectByUserId = prepare("SELECT user_id, id, sender, subject, sent_at FROM {keyspace}.messages WHERE user_id "
        + "= ?");
    this.selectPrevious = prepare("SELECT user_id, id, sender, subject, sent_at FROM {keyspace}.messages WHERE user_id "
        + "= ? AND id < ? LIMIT 1");
    this.selectNext = prepare("SELECT user_id, id, sender, subject, sent_at FROM {keyspace}.messages WHERE user_id = ? "
        + "AND id > ? ORDER BY id ASC LIMIT 1");
    this.deleteMessage = prepare("DELETE FROM {keyspace}.messages WHERE user_id = ? AND id = ?");
    this.selectMessageKey = prepare("SELECT user_id FROM {keyspace}.messages WHERE user_id = ? AND id = ?");
    this.scanMessage = prepare("SELECT user_id, id, sender, subject, sent_at FROM {keyspace}.messages WHERE "
        + "token(user_id) >= ? AND token(user_id) <= ?");
    this.selectMessageRow = prepare("SELECT user_id, id, sender, subject, sent_at, WRITETIME(sender), "
        + "WRITETIME(subject), WRITETIME(sent_at) FROM {keyspace}.messages WHERE user_id = ? AND id = ?");
    this.insertMessage = prepare("INSERT INTO {keyspace}.messages (user_id, id, sender, subject, sent_at) VALUES (?, "
        + "?, ?, ?, ?)");
    this.sequence = sequence("message_id", 100);
    master(MasterTable.<Message>of("Message", selectMessageRow, CassandraMessageMapper::fromRow,
        CassandraMessageMapper::keyOf, CassandraMessageMapper::bindKeyValues)
        .inserting(insertMessage, CassandraMessageMapper::bindAll));
    this.saves = savePipeline()
        .checking(CassandraMessageMapper::requireValidKey)
        .assigning(entity -> CassandraMessageMapper.withSequence(entity, sequence))
        .build();
  }

  /**
   * Writes every column of the {@code Message} row in table {@code messages}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * A {@code id} of 0 is first assigned the next id of sequence {@code message_id}; the entity as saved is returned.
   */
  @Override
  public Message save(Message message) {
    return join(saves.saveReturning(message));
  }

  /**
   * Writes every column of the {@code Message} row in table {@code messages}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * A {@code id} of 0 is first assigned the next id of sequence {@code message_id}; the entity as saved is returned.
   */
  @Override
  public CompletionStage<Message> saveAsync(Message message) {
    return saves.saveReturning(message);
  }

  /**
   * Served by table {@code messages}: {@code user_id = ? AND id = ?}.
   */
  @Override
  public Optional<Message> findByUserIdAndId(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return one(
        selectByUserIdAndId.sync().boundStatementBuilder()
            .setString(0, userId)
            .setLong(1, id),
        CassandraMessageMapper::fromRow);
  }

  /**
   * Served by table {@code messages}: {@code user_id = ?}.
   */
  @Override
  public Page<Message> findByUserId(String userId, PageRequest page) {
    KeyChecks.argument("Message", "userId", userId);
    return page(
        selectByUserId.sync().boundStatementBuilder()
            .setString(0, userId)
            .build(),
        CassandraMessageMapper::fromRow, page);
  }

  /**
   * The Message row under the same other key fields: {@code id} below the one given, the nearest first; one read of
   * table {@code messages}.
   */
  @Override
  public Optional<Message> findPrevious(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return one(selectPrevious.sync().boundStatementBuilder().setString(0, userId).setLong(1, id).build(),
        CassandraMessageMapper::fromRow);
  }

  /**
   * The Message row under the same other key fields: {@code id} above the one given, the nearest first; one read of
   * table {@code messages}.
   */
  @Override
  public Optional<Message> findNext(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return one(selectNext.sync().boundStatementBuilder().setString(0, userId).setLong(1, id).build(),
        CassandraMessageMapper::fromRow);
  }

  /**
   * The Message row under the same other key fields: {@code id} below the one given, the nearest first; one read of
   * table {@code messages}.
   */
  @Override
  public CompletionStage<Optional<Message>> findPreviousAsync(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return selectPrevious.async().thenCompose(prepared -> oneAsync(prepared.boundStatementBuilder().setString(0,
        userId).setLong(1, id).build(), CassandraMessageMapper::fromRow));
  }

  /**
   * Deletes one row of table {@code messages} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteByUserIdAndId(String userId, long id) {
    KeyChecks.keyComponent("Message", "userId", userId);
    long writeTimestamp = nextWriteTimestamp();
    boolean existed = exists(selectMessageKey.sync().boundStatementBuilder()
            .setString(0, userId)
            .setLong(1, id)
            .build());
    write(deleteMessage.sync().boundStatementBuilder()
            .setString(0, userId)
            .setLong(1, id)
            .build(), writeTimestamp);
    return existed;
  }

  @Override
  public List<IndexScans.Segment<Message>> scanSegments(int segments) {
    return masterSegments(scanMessage, CassandraMessageMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Message> scanSegment(String range) {
    return masterSegment(scanMessage, CassandraMessageMapper::fromRow, range);
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraMessageDao withStatementOptions(StatementOptions options) {
    CassandraMessageDao other = new CassandraMessageDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
