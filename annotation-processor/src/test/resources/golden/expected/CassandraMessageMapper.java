package io.denorm.examples.mailbox;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.KeyChecks;
import io.denorm.sequence.BlockSequence;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Message} to rows of table {@code messages}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: user_id, id, sender, subject, sent_at.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.mailbox.Message"
)
public final class CassandraMessageMapper {
  private CassandraMessageMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Message entity) {
    Objects.requireNonNull(entity, "Message to write");
    KeyChecks.keyComponent("Message", "userId", entity.userId());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Message entity) {
    statement = statement.setString(0, entity.userId());
    statement = statement.setLong(1, entity.id());
    statement = statement.setString(2, entity.sender());
    statement = statement.setString(3, entity.subject());
    statement = statement.setInstant(4, entity.sentAt());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Message entity) {
    statement = statement.setString(0, entity.userId());
    statement = statement.setLong(1, entity.id());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    statement = statement.setLong(1, (Long) key.get(1));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Message entity) {
    return Arrays.asList(entity.userId(), entity.id());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Message fromRow(Row row) {
    return new Message(
            row.getString(0),
            row.getLong(1),
            row.getString(2),
            row.getString(3),
            row.getInstant(4));
  }

  /**
   * {@code entity} with {@code id} assigned from sequence {@code message_id} when it is 0, else {@code entity} as it
   * is.
   */
  public static CompletionStage<Message> withSequence(Message entity, BlockSequence sequence) {
    Objects.requireNonNull(entity, "Message to save");
    if (entity.id() != 0L) {
      return CompletableFuture.completedFuture(entity);
    }
    return sequence.nextAsync().thenApply(assigned -> new Message(entity.userId(), assigned, entity.sender(),
        entity.subject(), entity.sentAt()));
  }
}
