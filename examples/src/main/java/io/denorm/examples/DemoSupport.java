package io.denorm.examples;

import io.denorm.Page;
import io.denorm.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.ObjIntConsumer;

/**
 * What the parts of the {@link Demo} share: a line printed, the heading of each example, a query
 * read page by page, and saves run on several threads at once.
 */
final class DemoSupport {

  private DemoSupport() {}

  /** Prints {@code format} as it is, or formatted with {@code args} when there are any. */
  static void say(String format, Object... args) {
    System.out.println(args.length == 0 ? format : String.format(format, args));
  }

  /** An empty line, then the heading of an example: {@code format} given the name of the class of {@code dao}. */
  static void heading(String format, Object dao) {
    say("");
    say(format, dao.getClass().getSimpleName());
  }

  /**
   * Reads a query page by page, from {@code first} to the last page, each page asked for with the
   * cursor of the one before; {@code each} is given every page as it comes, and its number (from 1).
   * Returns how many pages there were.
   */
  static <T> int eachPage(PageRequest first, Function<PageRequest, Page<T>> find, ObjIntConsumer<Page<T>> each) {
    PageRequest request = first;
    int pages = 0;
    while (true) {
      Page<T> page = find.apply(request);
      each.accept(page, ++pages);
      if (!page.hasNext()) {
        return pages;
      }
      request = request.next(page.nextCursor());
    }
  }

  /** Runs {@code task} on {@code threads} threads at once, each given its number (from 0), and waits for all; a failure is thrown. */
  static void inThreads(int threads, IntConsumer task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int th = t;
        done.add(pool.submit(() -> {
          task.accept(th);
          return null;
        }));
      }
      for (var f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
