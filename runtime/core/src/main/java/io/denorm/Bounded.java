package io.denorm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs one asynchronous call per item with a bound on how many are in flight at once, so that a read
 * fanning out to thousands of rows (an index hit list, a geo search) queues on the client instead of
 * overflowing the driver's in-flight limit. Results keep the items' order.
 */
public final class Bounded {

  private Bounded() {}

  /** {@code call} applied to every item, at most {@code inFlight} at a time; the results in item order. */
  public static <T, R> CompletionStage<List<R>> map(List<T> items, int inFlight, Function<T, CompletionStage<R>> call) {
    if (items.isEmpty()) {
      return CompletableFuture.completedFuture(List.of());
    }
    Object[] results = new Object[items.size()];
    AtomicInteger next = new AtomicInteger();
    CompletableFuture<?>[] lanes = new CompletableFuture<?>[Math.max(1, Math.min(inFlight, items.size()))];
    for (int lane = 0; lane < lanes.length; lane++) {
      lanes[lane] = lane(items, next, results, call);
    }
    return CompletableFuture.allOf(lanes).thenApply(done -> {
      @SuppressWarnings("unchecked")
      List<R> out = (List<R>) new ArrayList<>(Arrays.asList(results));
      return out;
    });
  }

  /** Calls for the next items until none is left; calls that complete at once are taken in a loop, not by recursion. */
  private static <T, R> CompletableFuture<Void> lane(List<T> items, AtomicInteger next, Object[] results, Function<T, CompletionStage<R>> call) {
    while (true) {
      int i = next.getAndIncrement();
      if (i >= items.size()) {
        return CompletableFuture.completedFuture(null);
      }
      CompletableFuture<R> f;
      try {
        f = call.apply(items.get(i)).toCompletableFuture();
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
      if (f.isDone() && !f.isCompletedExceptionally()) {
        results[i] = f.join();
        continue;
      }
      return f.thenCompose(r -> {
        results[i] = r;
        return lane(items, next, results, call);
      });
    }
  }

  /**
   * A lazy stream of {@code rows} taken {@code size} at a time, each batch turned into its results
   * by {@code batch} (which waits for them) when the stream reaches it: one batch in memory at once.
   */
  public static <T, R> java.util.stream.Stream<R> batches(java.util.Iterator<T> rows, int size, Function<List<T>, List<R>> batch) {
    java.util.Iterator<List<R>> batches = new java.util.Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public List<R> next() {
        List<T> taken = new ArrayList<>(size);
        while (rows.hasNext() && taken.size() < size) {
          taken.add(rows.next());
        }
        return batch.apply(taken);
      }
    };
    return java.util.stream.StreamSupport.stream(java.util.Spliterators.spliteratorUnknownSize(batches, java.util.Spliterator.ORDERED), false)
        .flatMap(List::stream);
  }

  /** The first element of the pages {@code page} reads from {@code request} on, reading the next page only while none was found. */
  public static <T> CompletionStage<java.util.Optional<T>> firstOfPages(Function<PageRequest, CompletionStage<Page<T>>> page, PageRequest request) {
    return page.apply(request).thenCompose(p -> {
      if (!p.content().isEmpty()) {
        return CompletableFuture.completedFuture(java.util.Optional.of(p.content().get(0)));
      }
      return p.nextRequest(request.size()).map(next -> firstOfPages(page, next))
          .orElse(CompletableFuture.completedFuture(java.util.Optional.empty()));
    });
  }

  /**
   * The number of items of every page, read one page at a time from {@code request} on: at most one
   * page is held at once, however many rows are counted.
   */
  public static <T> CompletionStage<Long> countOfPages(Function<PageRequest, CompletionStage<Page<T>>> page, PageRequest request) {
    CompletableFuture<Long> counted = new CompletableFuture<>();
    countFrom(page, request, 0, counted);
    return counted;
  }

  /**
   * Counts from {@code request} on: pages that are already complete are taken in a loop, and the
   * loop resumes in the callback of the first that is not, so the stack stays flat however many
   * pages there are. Any failure, of a read or of the code around it, fails {@code counted}.
   */
  private static <T> void countFrom(Function<PageRequest, CompletionStage<Page<T>>> page, PageRequest request, long before,
      CompletableFuture<Long> counted) {
    PageRequest next = request;
    long sum = before;
    try {
      while (true) {
        CompletableFuture<Page<T>> read = page.apply(next).toCompletableFuture();
        if (!read.isDone()) {
          PageRequest asked = next;
          long so = sum;
          read.whenComplete((p, error) -> {
            if (error != null) {
              counted.completeExceptionally(error);
            } else {
              afterPage(page, asked, p, so, counted);
            }
          });
          return;
        }
        Page<T> p = read.join();
        sum += p.content().size();
        java.util.Optional<PageRequest> more = p.nextRequest(next.size());
        if (more.isEmpty()) {
          counted.complete(sum);
          return;
        }
        next = more.get();
      }
    } catch (java.util.concurrent.CompletionException e) {
      counted.completeExceptionally(e.getCause() == null ? e : e.getCause());
    } catch (RuntimeException | Error e) {
      counted.completeExceptionally(e);
    }
  }

  private static <T> void afterPage(Function<PageRequest, CompletionStage<Page<T>>> page, PageRequest asked, Page<T> p, long before,
      CompletableFuture<Long> counted) {
    try {
      long sum = before + p.content().size();
      java.util.Optional<PageRequest> more = p.nextRequest(asked.size());
      if (more.isEmpty()) {
        counted.complete(sum);
      } else {
        countFrom(page, more.get(), sum, counted);
      }
    } catch (RuntimeException | Error e) {
      counted.completeExceptionally(e);
    }
  }
}
