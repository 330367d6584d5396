package io.denorm.spark;

import io.denorm.DenormException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.spark.TaskContext;

/**
 * A scan handed to Spark as an iterator: the scan runs on a thread of its own and stays at most a
 * bounded number of rows ahead of the task that consumes them, so a task never holds its whole
 * segment. When the task ends first (failed, killed), the scan is stopped.
 */
final class Streamed {

  private static final Object END = new Object();

  private Streamed() {}

  /** What produces the rows: calls its sink for each, on the scan's thread. */
  @FunctionalInterface
  interface Producer<T> {
    void run(Consumer<T> sink) throws Exception;
  }

  static <T> Iterator<T> of(String name, int capacity, Producer<T> producer) {
    BlockingQueue<Object> queue = new ArrayBlockingQueue<>(capacity);
    Throwable[] failure = new Throwable[1];
    boolean[] cancelled = new boolean[1];
    Thread thread = new Thread(() -> {
      try {
        producer.run(item -> put(queue, item, cancelled));
      } catch (Throwable e) {
        synchronized (failure) {
          failure[0] = e;
        }
      }
      try {
        put(queue, END, cancelled);
      } catch (CancellationException e) {
        // nobody is reading any more
      }
    }, name);
    thread.setDaemon(true);
    TaskContext task = TaskContext.get();
    if (task != null) {
      task.addTaskCompletionListener(context -> {
        synchronized (cancelled) {
          cancelled[0] = true;
        }
        thread.interrupt();
      });
    }
    thread.start();
    return new Iterator<>() {
      private Object next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          try {
            next = queue.take();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DenormException("interrupted while reading " + name, e);
          }
        }
        if (next == END) {
          Throwable error;
          synchronized (failure) {
            error = failure[0];
          }
          if (error instanceof RuntimeException r) {
            throw r;
          }
          if (error != null) {
            throw new DenormException(name + " failed: " + error, error);
          }
          return false;
        }
        return true;
      }

      @Override
      @SuppressWarnings("unchecked")
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        T item = (T) next;
        next = null;
        return item;
      }
    };
  }

  private static void put(BlockingQueue<Object> queue, Object item, boolean[] cancelled) {
    try {
      while (!queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
        synchronized (cancelled) {
          if (cancelled[0]) {
            throw new CancellationException("the task reading the scan has ended");
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("the task reading the scan has ended");
    }
  }
}
