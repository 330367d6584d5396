package io.denorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link Bounded}: results in item order, never more calls in flight than the bound, a failure fails the whole. */
class BoundedTest {

  @Test
  void keepsOrderAndTheBound() {
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    List<Integer> items = IntStream.range(0, 500).boxed().toList();
    List<Integer> out = Bounded.map(items, 8, i -> {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      return CompletableFuture.supplyAsync(() -> {
        inFlight.decrementAndGet();
        return i * 2;
      }, CompletableFuture.delayedExecutor(i % 3, TimeUnit.MILLISECONDS));
    }).toCompletableFuture().join();
    assertEquals(items.stream().map(i -> i * 2).toList(), out);
    assertTrue(most.get() <= 8 && most.get() >= 2, "most in flight: " + most.get());
    assertEquals(List.of(), Bounded.map(List.<Integer>of(), 8, i -> CompletableFuture.completedFuture(i)).toCompletableFuture().join());
    // Calls that complete at once: 200,000 of them on 2 lanes, without a deep stack.
    List<Integer> many = IntStream.range(0, 200_000).boxed().toList();
    assertEquals(many, Bounded.map(many, 2, CompletableFuture::completedFuture).toCompletableFuture().join());
  }

  @Test
  void aFailedCallFailsTheWhole() {
    CompletionException e = assertThrows(CompletionException.class, () -> Bounded.map(List.of(1, 2, 3), 2,
        i -> i == 2 ? CompletableFuture.failedFuture(new IllegalStateException("two")) : CompletableFuture.completedFuture(i)).toCompletableFuture().join());
    assertEquals("two", e.getCause().getMessage());
  }

  /** Pages of 3 items numbered by their cursor, the last one {@code last}; each completes at once or later. */
  private static java.util.function.Function<PageRequest, java.util.concurrent.CompletionStage<Page<Integer>>> pages(int last, boolean later) {
    return request -> {
      int n = request.cursor() == null ? 0 : Integer.parseInt(request.cursor());
      Page<Integer> page = new Page<>(List.of(n, n, n), n == last ? null : String.valueOf(n + 1));
      return later ? CompletableFuture.supplyAsync(() -> page, CompletableFuture.delayedExecutor(n % 2, TimeUnit.MILLISECONDS))
          : CompletableFuture.completedFuture(page);
    };
  }

  @Test
  void countsEveryPageWhetherItCompletesAtOnceOrLater() {
    assertEquals(3L, Bounded.countOfPages(pages(0, false), PageRequest.ofSize(3)).toCompletableFuture().join());
    // 100,000 pages that complete at once: a loop, not a recursion.
    assertEquals(300_000L, Bounded.countOfPages(pages(99_999, false), PageRequest.ofSize(3)).toCompletableFuture().join());
    assertEquals(600L, Bounded.countOfPages(pages(199, true), PageRequest.ofSize(3)).toCompletableFuture().join());
  }

  @Test
  void aFailedPageOrAFailureBetweenPagesFailsTheCount() {
    var failing = pages(50, true);
    CompletionException e = assertThrows(CompletionException.class, () -> Bounded.countOfPages(request -> {
      if ("20".equals(request.cursor())) {
        return CompletableFuture.failedFuture(new IllegalStateException("page 20"));
      }
      return failing.apply(request);
    }, PageRequest.ofSize(3)).toCompletableFuture().join());
    assertEquals("page 20", e.getCause().getMessage());
    CompletionException thrown = assertThrows(CompletionException.class, () -> Bounded.countOfPages(request -> {
      if ("7".equals(request.cursor())) {
        throw new IllegalArgumentException("thrown reading page 7");
      }
      return failing.apply(request);
    }, PageRequest.ofSize(3)).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join());
    assertEquals("thrown reading page 7", thrown.getCause().getMessage());
  }
}
