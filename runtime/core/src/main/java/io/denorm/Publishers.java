package io.denorm;

import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * {@link Flow.Publisher}s of a finder's rows, for finders declared to return one. Each subscription
 * runs the finder's lazy {@code Stream} anew (a cold publisher) and pulls from it only as far as the
 * subscriber's demand goes: the next page is read from the store when the rows already read are
 * delivered and more are requested, never ahead of demand. Signals are serial, on a thread of a
 * shared daemon pool (the reads block there, not on the subscriber's thread); {@code cancel} stops
 * the reads and closes the stream. Completion is signalled when a request finds no row left: a
 * subscriber that requested exactly the rows there were gets {@code onComplete} with its next
 * request (looking ahead would read the next page before it is asked for). A subscriber whose
 * {@code onNext} throws is treated as cancelled. Works with any Reactive Streams library through its {@code Flow}
 * adapters (Reactor's {@code JdkFlowAdapter}, RxJava's {@code FlowAdapters}).
 */
public final class Publishers {

  private Publishers() {}

  private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "denorm-publisher");
    t.setDaemon(true);
    return t;
  });

  /** A publisher of the rows {@code rows} streams, read on Denorm's shared pool. */
  public static <T> Flow.Publisher<T> ofStream(Supplier<Stream<T>> rows) {
    return ofStream(rows, POOL);
  }

  /** As above, reading on {@code executor}. */
  public static <T> Flow.Publisher<T> ofStream(Supplier<Stream<T>> rows, Executor executor) {
    Objects.requireNonNull(rows, "rows");
    Objects.requireNonNull(executor, "executor");
    return subscriber -> {
      Objects.requireNonNull(subscriber, "subscriber");
      Pull<T> pull = new Pull<>(rows, subscriber, executor);
      // Held busy while onSubscribe runs: a request made inside it starts no drain before it returns (rule 1.3).
      pull.work.set(1);
      subscriber.onSubscribe(pull);
      pull.release();
    };
  }

  /** One subscription: a drain loop that runs on one thread at a time, each time as far as the demand allows. */
  private static final class Pull<T> implements Flow.Subscription, Runnable {
    private final Supplier<Stream<T>> rows;
    private final Flow.Subscriber<? super T> subscriber;
    private final Executor executor;
    private final AtomicLong demand = new AtomicLong();
    final AtomicInteger work = new AtomicInteger();
    private volatile boolean cancelled;
    private volatile Throwable badRequest;
    private Stream<T> stream;
    private Iterator<T> iterator;
    private volatile boolean done;

    Pull(Supplier<Stream<T>> rows, Flow.Subscriber<? super T> subscriber, Executor executor) {
      this.rows = rows;
      this.subscriber = subscriber;
      this.executor = executor;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        badRequest = new IllegalArgumentException("request(" + n + "): a subscriber requests at least 1 (Reactive Streams rule 3.9)");
      } else {
        demand.getAndAccumulate(n, (current, more) -> current + more < 0 ? Long.MAX_VALUE : current + more);
      }
      schedule();
    }

    @Override
    public void cancel() {
      cancelled = true;
      schedule();
    }

    /** After onSubscribe: drains now if requests came meanwhile. */
    void release() {
      if (work.decrementAndGet() != 0) {
        execute();
      }
    }

    private void execute() {
      try {
        executor.execute(this);
      } catch (RuntimeException rejected) {
        work.set(0);
        finish(rejected);
      }
    }

    private void schedule() {
      if (work.getAndIncrement() == 0) {
        execute();
      }
    }

    @Override
    public void run() {
      int missed = 1;
      do {
        drain();
        missed = work.addAndGet(-missed);
      } while (missed != 0);
    }

    private void drain() {
      if (done) {
        return;
      }
      if (cancelled) {
        close();
        done = true;
        return;
      }
      if (badRequest != null) {
        finish(badRequest);
        return;
      }
      try {
        if (iterator == null) {
          stream = rows.get();
          iterator = stream.iterator();
        }
        while (demand.get() > 0 && !cancelled) {
          if (!iterator.hasNext()) {
            close();
            done = true;
            subscriber.onComplete();
            return;
          }
          T next = iterator.next();
          demand.decrementAndGet();
          try {
            subscriber.onNext(next);
          } catch (RuntimeException | Error thrown) {
            // a subscriber that throws is treated as having cancelled (rule 2.13): nothing more is sent
            cancelled = true;
            close();
            done = true;
            return;
          }
        }
        if (cancelled) {
          close();
          done = true;
        }
      } catch (RuntimeException | Error e) {
        finish(e);
      }
    }

    private void finish(Throwable error) {
      if (done) {
        return;
      }
      done = true;
      close();
      subscriber.onError(error);
    }

    private void close() {
      if (stream != null) {
        try {
          stream.close();
        } catch (RuntimeException ignored) {
          // closing releases what the stream holds; a failure to do so changes nothing for the subscriber
        }
        stream = null;
      }
    }
  }
}
