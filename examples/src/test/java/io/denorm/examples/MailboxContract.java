package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.TimeBuckets;
import io.denorm.examples.mailbox.MailboxDao;
import io.denorm.examples.mailbox.MailboxMessage;
import io.denorm.examples.mailbox.Message;
import io.denorm.examples.mailbox.MessageDao;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The example mailbox by day ({@code @Bucket(field = "sentAt", unit = DAYS)}) on a real store:
 * walked newest first, backward and forward from any date, between two dates, skipping empty days;
 * every answer checked against the same messages sorted in memory.
 */
abstract class MailboxContract {

  static Stores.Store store;
  static MailboxDao mailbox;
  static MessageDao messages;

  static void use(Stores.Store s) {
    store = s;
    mailbox = s.dao(MailboxDao.class, "mailbox_test", List.of("MailboxMessage", "Message"));
    messages = s.sameSchema(MessageDao.class);
  }

  static final Instant START = Instant.parse("2026-10-01T00:00:00Z");

  /** 30 days from {@link #START}: 0 to 4 messages a day at random times (some days empty), saved in random order. */
  static List<MailboxMessage> fill(String user, long seed) {
    Random random = new Random(seed);
    List<MailboxMessage> saved = new ArrayList<>();
    List<Instant> times = new ArrayList<>();
    for (int day = 0; day < 30; day++) {
      int n = random.nextInt(5);
      for (int i = 0; i < n; i++) {
        times.add(START.plus(Duration.ofDays(day)).plusSeconds(random.nextInt(86_400)));
      }
    }
    java.util.Collections.shuffle(times, random);
    for (Instant t : times) {
      saved.add(mailbox.save(new MailboxMessage(user, t, "sender@example.com", "at " + t)));
    }
    return saved;
  }

  static final Comparator<MailboxMessage> NEWEST_FIRST = Comparator.comparing(MailboxMessage::sentAt).thenComparingLong(MailboxMessage::id).reversed();

  /** Every page of a walk of page size {@code size}, joined; each page at most {@code size} long. */
  static List<MailboxMessage> walk(Function<PageRequest, Page<MailboxMessage>> finder, int size) {
    List<MailboxMessage> all = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(size);
    while (true) {
      Page<MailboxMessage> page = finder.apply(request);
      assertTrue(page.content().size() <= size);
      all.addAll(page.content());
      if (!page.hasNext()) {
        return all;
      }
      assertTrue(!page.content().isEmpty(), "a page with a next cursor holds rows");
      request = PageRequest.of(size, page.nextCursor());
    }
  }

  @Test
  void theWholeMailboxNewestFirstThenOldestFirst() {
    List<MailboxMessage> saved = fill("u1", 1);
    assertTrue(saved.size() > 40, "the month holds " + saved.size() + " messages");
    List<MailboxMessage> expected = saved.stream().sorted(NEWEST_FIRST).toList();
    List<MailboxMessage> oldestFirst = saved.stream().sorted(NEWEST_FIRST.reversed()).toList();
    for (int size : List.of(1, 7, 10, 100)) {
      assertEquals(expected, walk(r -> mailbox.findByUserId("u1", r), size), "newest first, pages of " + size);
      assertEquals(oldestFirst, walk(r -> mailbox.findByUserIdOrderBySentAtAsc("u1", r), size), "oldest first, pages of " + size);
    }
    assertEquals(List.of(), walk(r -> mailbox.findByUserId("nobody", r), 10));
  }

  @Test
  void backwardAndForwardFromAnyDate() {
    List<MailboxMessage> saved = fill("u2", 2);
    Random random = new Random(22);
    List<Instant> from = new ArrayList<>(List.of(START.minusSeconds(1), START, START.plus(Duration.ofDays(30)), START.plus(Duration.ofDays(400))));
    for (int i = 0; i < 6; i++) {
      from.add(START.plusSeconds(random.nextInt(30 * 86_400)));
    }
    from.add(saved.get(0).sentAt()); // exactly a message's time: included both ways
    for (Instant f : from) {
      List<MailboxMessage> backward = saved.stream().filter(m -> !m.sentAt().isAfter(f)).sorted(NEWEST_FIRST).toList();
      List<MailboxMessage> forward = saved.stream().filter(m -> !m.sentAt().isBefore(f)).sorted(NEWEST_FIRST.reversed()).toList();
      assertEquals(backward, walk(r -> mailbox.findByUserIdAndSentAtLessThanEqual("u2", f, r), 9), "backward from " + f);
      assertEquals(forward, walk(r -> mailbox.findByUserIdAndSentAtGreaterThanEqualOrderBySentAtAsc("u2", f, r), 9), "forward from " + f);
    }
    // Between two dates, both included, newest first; and one day's bucket.
    Instant to = saved.get(1).sentAt().isBefore(saved.get(2).sentAt()) ? saved.get(1).sentAt() : saved.get(2).sentAt();
    Instant f = saved.get(1).sentAt().isBefore(saved.get(2).sentAt()) ? saved.get(2).sentAt() : saved.get(1).sentAt();
    assertEquals(saved.stream().filter(m -> !m.sentAt().isBefore(to) && !m.sentAt().isAfter(f)).sorted(NEWEST_FIRST).toList(),
        mailbox.findByUserIdAndSentAtBetween("u2", to, f));
    long day = TimeBuckets.of(ChronoUnit.DAYS, saved.get(0).sentAt());
    assertEquals(saved.stream().filter(m -> m.day() == day).sorted(NEWEST_FIRST).toList(), mailbox.findByUserIdAndDay("u2", day));
  }

  /** Messages years apart: the walk reads the two days that hold messages, not the days between. */
  @Test
  void emptyDaysAreSkippedAndAnEmptiedDayToo() {
    Instant old = Instant.parse("2019-03-04T05:06:07Z");
    Instant recent = Instant.parse("2026-11-21T08:00:00Z");
    MailboxMessage a = mailbox.save(new MailboxMessage("u3", old, "x", "old"));
    MailboxMessage b = mailbox.save(new MailboxMessage("u3", recent, "x", "recent"));
    MailboxMessage c = mailbox.save(new MailboxMessage("u3", recent.minus(Duration.ofDays(1)), "x", "the day before"));
    assertEquals(List.of(b, c, a), walk(r -> mailbox.findByUserId("u3", r), 10));
    mailbox.delete(c);
    assertEquals(List.of(b, a), walk(r -> mailbox.findByUserId("u3", r), 1));
    assertEquals(List.of(a, b), walk(r -> mailbox.findByUserIdOrderBySentAtAsc("u3", r), 1));
  }

  @Test
  void idsComeFromTheSequenceMessageSharesAndAWrongDayIsRefused() {
    MailboxMessage m = mailbox.save(new MailboxMessage("u4", START, "x", "first"));
    Message other = messages.save(new Message("u4", "x", "another table, the same sequence", START));
    MailboxMessage n = mailbox.save(new MailboxMessage("u4", START.plusSeconds(60), "x", "second"));
    assertTrue(m.id() > 0 && other.id() > 0 && n.id() > 0);
    assertEquals(3, java.util.Set.of(m.id(), other.id(), n.id()).size(), "one sequence, no id twice");
    InvalidEntityException wrong = assertThrows(InvalidEntityException.class,
        () -> mailbox.save(new MailboxMessage("u4", 0, START, 0, "x", "in the wrong day")));
    assertTrue(wrong.getMessage().contains("MailboxMessage.day"), wrong.getMessage());
    assertTrue(wrong.getMessage().contains("belongs in bucket " + TimeBuckets.of(ChronoUnit.DAYS, START)), wrong.getMessage());
    assertEquals(List.of(n, m), walk(r -> mailbox.findByUserId("u4", r), 10), "nothing of the refused save was written");
  }
}
