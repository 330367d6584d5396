package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.PageRequest;
import io.denorm.examples.mailbox.Message;
import io.denorm.examples.mailbox.MessageDao;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The example enumerable keys: message ids from the store-backed sequence {@code message_id}
 * ({@code @Sequence}), unique under concurrency, and the step to the previous and next message.
 */
abstract class SequenceContract {

  static Stores.Store store;
  static MessageDao messages;

  static void use(Stores.Store s) {
    store = s;
    messages = s.dao(MessageDao.class, "sequence_test", List.of("Message"));
  }

  static Message message(String user, String subject) {
    return new Message(user, "alice@example.com", subject, Instant.parse("2026-11-21T10:00:00Z"));
  }

  @Test
  void aSaveAssignsTheNextIdAndReturnsTheMessageAsSaved() {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      Message saved = messages.save(message("u1", "hello " + i));
      assertTrue(saved.id() > 0, "assigned id " + saved.id());
      assertEquals("hello " + i, saved.subject());
      assertEquals(Optional.of(saved), messages.findByUserIdAndId("u1", saved.id()));
      ids.add(saved.id());
    }
    for (int i = 1; i < ids.size(); i++) {
      assertTrue(ids.get(i) > ids.get(i - 1), "ids increase: " + ids);
    }
    // An id already set is kept: saving the message again updates the same row.
    Message first = messages.findByUserIdAndId("u1", ids.get(0)).orElseThrow();
    Message edited = messages.save(new Message("u1", first.id(), first.sender(), "edited", first.sentAt()));
    assertEquals(first.id(), edited.id());
    assertEquals("edited", messages.findByUserIdAndId("u1", first.id()).orElseThrow().subject());
    assertEquals(5, messages.findByUserId("u1", PageRequest.ofSize(100)).content().size());
    // The asynchronous save assigns one too.
    Message async = messages.saveAsync(message("u1", "async")).toCompletableFuture().join();
    assertTrue(async.id() > ids.get(ids.size() - 1));
    assertEquals(Optional.of(async), messages.findByUserIdAndId("u1", async.id()));
  }

  @Test
  void previousAndNextStepThroughAUsersMessagesInIdOrder() {
    long a = messages.save(message("u2", "a")).id();
    messages.save(message("u3", "another user's, between")); // another partition: never a neighbour
    long b = messages.save(message("u2", "b")).id();
    long c = messages.save(message("u2", "c")).id();
    assertEquals("b", messages.findPrevious("u2", c).orElseThrow().subject());
    assertEquals("a", messages.findPrevious("u2", b).orElseThrow().subject());
    assertEquals(Optional.empty(), messages.findPrevious("u2", a));
    assertEquals("b", messages.findNext("u2", a).orElseThrow().subject());
    assertEquals("c", messages.findNext("u2", b).orElseThrow().subject());
    assertEquals(Optional.empty(), messages.findNext("u2", c));
    // From an id no message has (deleted, or never saved), the nearest stored one.
    assertTrue(messages.deleteByUserIdAndId("u2", b));
    assertEquals("a", messages.findPrevious("u2", c).orElseThrow().subject());
    assertEquals("c", messages.findNext("u2", a).orElseThrow().subject());
    assertEquals("a", messages.findPrevious("u2", b).orElseThrow().subject());
    assertEquals("a", messages.findNext("u2", 0).orElseThrow().subject());
    assertEquals("c", messages.findPrevious("u2", Long.MAX_VALUE).orElseThrow().subject());
    assertEquals("a", messages.findPreviousAsync("u2", c).toCompletableFuture().join().orElseThrow().subject());
    assertEquals(Optional.empty(), messages.findPrevious("nobody", Long.MAX_VALUE));
  }

  /**
   * 8 threads × 1,000 saves through two DAO instances (each reserving its own blocks, as two
   * processes would): 8,000 ids, none twice, and 8,000 rows.
   */
  @Test
  void eightThreadsTimesAThousandSavesNeverShareAnId() throws Exception {
    MessageDao other = store.sameSchema(MessageDao.class);
    Set<Long> ids = ConcurrentHashMap.newKeySet();
    List<Long> duplicates = java.util.Collections.synchronizedList(new ArrayList<>());
    Parallel.run(8, thread -> {
      MessageDao dao = thread % 2 == 0 ? messages : other;
      for (int i = 0; i < 1000; i++) {
        long id = dao.save(message("busy" + thread, "m" + i)).id();
        if (!ids.add(id)) {
          duplicates.add(id);
        }
      }
    });
    assertEquals(List.of(), duplicates);
    assertEquals(8000, ids.size());
    long stored = 0;
    for (int t = 0; t < 8; t++) {
      stored += messages.findByUserId("busy" + t, PageRequest.ofSize(2000)).content().size();
    }
    assertEquals(8000, stored);
    assertNotEquals(0L, ids.stream().mapToLong(Long::longValue).min().orElseThrow());
  }
}
