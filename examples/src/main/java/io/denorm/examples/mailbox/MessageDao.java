package io.denorm.examples.mailbox;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** A user's messages by id: newest first, or one step back or forward from any of them. */
@Dao
public interface MessageDao {
  /** Saves the message, assigning its id when it has none; returns it as saved. */
  Message save(Message message);

  CompletionStage<Message> saveAsync(Message message);

  Optional<Message> findByUserIdAndId(String userId, long id);

  /** A user's messages, newest first. */
  Page<Message> findByUserId(String userId, PageRequest page);

  /** The message received just before {@code id}. */
  Optional<Message> findPrevious(String userId, long id);

  /** The message received just after {@code id}. */
  Optional<Message> findNext(String userId, long id);

  CompletionStage<Optional<Message>> findPreviousAsync(String userId, long id);

  boolean deleteByUserIdAndId(String userId, long id);
}
