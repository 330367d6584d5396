package io.denorm.examples.mailbox;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.time.Instant;
import java.util.List;

/** A user's mailbox by day: walked newest first, backward or forward from any date, or one day at a time. */
@Dao
public interface MailboxDao {
  MailboxMessage save(MailboxMessage message);

  /** The whole mailbox, newest first, a page at a time, day after day. */
  Page<MailboxMessage> findByUserId(String userId, PageRequest page);

  /** Backward from a date: messages sent at or before {@code from}, newest first. */
  Page<MailboxMessage> findByUserIdAndSentAtLessThanEqual(String userId, Instant from, PageRequest page);

  /** Forward from a date: messages sent at or after {@code from}, oldest first. */
  Page<MailboxMessage> findByUserIdAndSentAtGreaterThanEqualOrderBySentAtAsc(String userId, Instant from, PageRequest page);

  /** The whole mailbox, oldest first. */
  Page<MailboxMessage> findByUserIdOrderBySentAtAsc(String userId, PageRequest page);

  /** A bounded stretch, newest first: from {@code from} back to {@code to}, both included. */
  List<MailboxMessage> findByUserIdAndSentAtBetween(String userId, Instant to, Instant from);

  /** One day's bucket. */
  List<MailboxMessage> findByUserIdAndDay(String userId, long day);

  void delete(MailboxMessage message);
}
