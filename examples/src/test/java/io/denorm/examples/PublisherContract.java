package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.readings.Reading;
import io.denorm.examples.readings.ReadingDao;
import io.denorm.examples.users.User;
import io.denorm.examples.users.UserDao;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Finders returning {@code Flow.Publisher} on a real store: rows are delivered only as far as the
 * subscriber requests them, in the finder's order, then completion; a cancelled subscription gets
 * nothing more; a finder through an index publishes the users it would return. Run on each store.
 */
abstract class PublisherContract {

  static Stores.Store store;
  static ReadingDao readings;
  static UserDao users;

  static void use(Stores.Store s) {
    store = s;
    readings = s.dao(ReadingDao.class, "publishers_test", List.of("Reading", "User"));
    users = s.sameSchema(UserDao.class);
  }

  /** Records what it receives; requests only when told to. */
  static final class Recorder<T> implements Flow.Subscriber<T> {
    final List<T> items = new CopyOnWriteArrayList<>();
    final CompletableFuture<Boolean> done = new CompletableFuture<>();
    volatile Flow.Subscription subscription;

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
    }

    @Override
    public void onNext(T item) {
      items.add(item);
    }

    @Override
    public void onError(Throwable t) {
      done.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
      done.complete(true);
    }

    void awaitItems(int n) throws InterruptedException {
      for (int i = 0; i < 200 && items.size() < n; i++) {
        Thread.sleep(10);
      }
    }
  }

  @Test
  void rowsArriveOnlyAsFarAsTheyAreRequestedThenTheStreamCompletes() throws Exception {
    String sensor = "pub-" + UUID.randomUUID();
    Instant start = LocalDate.of(2026, 3, 1).atStartOfDay(ZoneOffset.UTC).toInstant();
    List<Reading> saved = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      Reading r = new Reading(sensor, start.plusSeconds(i * 60L), i, "C");
      readings.save(r);
      saved.add(r);
    }
    Recorder<Reading> recorder = new Recorder<>();
    readings.findEachBySensorIdAndDay(sensor, LocalDate.of(2026, 3, 1)).subscribe(recorder);
    assertTrue(recorder.subscription != null, "onSubscribe first");
    Thread.sleep(200);
    assertEquals(0, recorder.items.size(), "nothing before a request");
    recorder.subscription.request(7);
    recorder.awaitItems(7);
    Thread.sleep(200);
    assertEquals(7, recorder.items.size(), "exactly the demand");
    assertFalse(recorder.done.isDone());
    recorder.subscription.request(Long.MAX_VALUE);
    assertTrue(recorder.done.get(30, TimeUnit.SECONDS));
    assertEquals(readings.findBySensorIdAndDay(sensor, LocalDate.of(2026, 3, 1)), recorder.items, "the finder's rows, in its order");
    assertEquals(250, recorder.items.size());
  }

  @Test
  void aCancelledSubscriptionGetsNothingMoreAndEachSubscriberReadsAnew() throws Exception {
    String state = "P" + UUID.randomUUID().toString().substring(0, 6);
    Set<UUID> ids = new HashSet<>();
    for (int i = 0; i < 40; i++) {
      User u = new User(UUID.randomUUID(), "u" + i, null, state, "City" + (i % 3), Set.of());
      users.save(u);
      ids.add(u.id());
    }
    Flow.Publisher<User> published = users.findEachByState(state);
    Recorder<User> first = new Recorder<>();
    published.subscribe(first);
    first.subscription.request(3);
    first.awaitItems(3);
    first.subscription.cancel();
    first.subscription.request(10);
    Thread.sleep(300);
    assertEquals(3, first.items.size(), "nothing after cancel");
    assertFalse(first.done.isDone(), "no completion signal after cancel");

    Recorder<User> second = new Recorder<>();
    published.subscribe(second);
    second.subscription.request(Long.MAX_VALUE);
    assertTrue(second.done.get(30, TimeUnit.SECONDS));
    Set<UUID> got = new HashSet<>();
    second.items.forEach(u -> got.add(u.id()));
    assertEquals(ids, got, "a second subscriber reads every user of the state again, through the index");
  }

  @Test
  void aRequestOfZeroIsAnError() throws Exception {
    Recorder<Reading> recorder = new Recorder<>();
    readings.findEachBySensorIdAndDay("none", LocalDate.of(2026, 3, 1)).subscribe(recorder);
    recorder.subscription.request(0);
    Throwable error = null;
    try {
      recorder.done.get(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      error = e.getCause();
    }
    assertTrue(error instanceof IllegalArgumentException, String.valueOf(error));
    assertTrue(recorder.items.isEmpty(), "no row after the error");
  }
}
