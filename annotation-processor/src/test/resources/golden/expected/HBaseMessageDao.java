package io.denorm.examples.mailbox;

import io.denorm.KeyChecks;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.sequence.BlockSequence;
import io.denorm.write.SavePipeline;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link MessageDao}, storing {@link Message} in table {@code messages}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.mailbox.MessageDao"
)
public final class HBaseMessageDao extends HBaseDaoBase<Message> implements MessageDao {
  /**
   * Assigns {@code id} of the Message saved with it 0: sequence {@code message_id}, 100 ids reserved at a time.
   */
  private final BlockSequence sequence;

  /**
   * The steps of a save of Message, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Message> saves;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBaseMessageDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBaseMessageDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Message", "messages", HBaseMessageMapper.KEY, HBaseMessageMapper.COLUMNS,
        HBaseMessageMapper::key, HBaseMessageMapper::cells, HBaseMessageMapper::fromRow, entity -> List.of());
    typedKeys(HBaseMessageMapper::rowKey);
    this.sequence = sequence("message_id", 100);
    this.saves = savePipeline()
        .checking(this::checkKey)
        .assigning(entity -> HBaseMessageMapper.withSequence(entity, sequence))
        .build();
  }

  /**
   * Writes every column of the {@code Message} row in table {@code messages} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
   * A {@code id} of 0 is first assigned the next id of sequence {@code message_id}; the entity as saved is returned.
   */
  @Override
  public Message save(Message message) {
    return join(saves.saveReturning(message));
  }

  /**
   * Writes every column of the {@code Message} row in table {@code messages} at one timestamp; null columns are
   * deleted.
   * The key (and every index key) is encoded before anything is sent.
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
    return get(List.<Object>of(userId, id));
  }

  /**
   * Served by table {@code messages}: {@code user_id = ?}.
   */
  @Override
  public Page<Message> findByUserId(String userId, PageRequest page) {
    KeyChecks.argument("Message", "userId", userId);
    return page(range(List.<Object>of(userId)), page);
  }

  /**
   * The Message row under the same other key fields: {@code id} below the one given, the nearest first; one row read
   * from table {@code messages}.
   */
  @Override
  public Optional<Message> findPrevious(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return first(range(List.<Object>of(userId), null, false, id, false));
  }

  /**
   * The Message row under the same other key fields: {@code id} above the one given, the nearest first; one row read
   * from table {@code messages}.
   */
  @Override
  public Optional<Message> findNext(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return last(range(List.<Object>of(userId), id, false, null, false));
  }

  /**
   * The Message row under the same other key fields: {@code id} below the one given, the nearest first; one row read
   * from table {@code messages}.
   */
  @Override
  public CompletionStage<Optional<Message>> findPreviousAsync(String userId, long id) {
    KeyChecks.argument("Message", "userId", userId);
    return firstAsync(range(List.<Object>of(userId), null, false, id, false));
  }

  /**
   * Deletes one row of table {@code messages} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteByUserIdAndId(String userId, long id) {
    KeyChecks.keyComponent("Message", "userId", userId);
    return join(removeAsync(List.<Object>of(userId, id)));
  }
}
