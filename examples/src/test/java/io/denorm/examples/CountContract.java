package io.denorm.examples;

import static io.denorm.examples.Library.book;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.library.Author;
import io.denorm.examples.library.AuthorDao;
import io.denorm.examples.library.Book;
import io.denorm.examples.library.BookDao;
import io.denorm.index.IndexReport;
import io.denorm.index.IndexedDao;
import io.denorm.index.WriteStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code Author.countOfBooks}, a {@code @Count(of = Book.class, by = "authors")}, on a real store:
 * exact under repeated, concurrent and failed saves of books, repaired by the index rebuild.
 */
abstract class CountContract {

  static final String MEMBERS = "library_books_by_authors_id";

  static Stores.Store store;
  static AuthorDao authors;
  static BookDao books;

  static void use(Stores.Store s) {
    store = s;
    authors = s.dao(AuthorDao.class, "counts_test", List.of("Author", "Book", "Publisher"));
    books = s.sameSchema(BookDao.class);
  }

  @SuppressWarnings("unchecked")
  static IndexedDao<Book> indexed() {
    return (IndexedDao<Book>) books;
  }

  @AfterEach
  void noObserver() {
    indexed().setWriteObserver(null);
  }

  static long count(String authorId) {
    return authors.findById(authorId).orElseThrow().countOfBooks();
  }

  @Test
  void theSeedsAuthorsCountTheirBooks() {
    authors.save(new Author("a1", "Thomas Andersen", "http://img/a1.png"));
    authors.save(new Author("a2", "William Wakefield", "http://img/a2.png"));
    books.save(book("b1", "a1", "a2"));
    books.save(book("b2", "a1"));
    books.save(book("b3", "a1"));
    assertEquals(3, count("a1"));
    assertEquals(1, count("a2"));
    books.save(book("b1", "a1")); // a2 is no longer an author of b1
    assertEquals(0, count("a2"));
    assertEquals(3, count("a1"));
    assertTrue(books.deleteById("b3"));
    assertEquals(2, count("a1"));
    assertEquals(List.of(new Author("a1", "Thomas Andersen", "http://img/a1.png", java.util.Set.of("b1", "b2"), 2)), List.of(authors.findById("a1").orElseThrow()));
  }

  @Test
  void reSavingAnUnchangedBookOrItsAuthorDoesNotMoveTheCount() {
    authors.save(new Author("u1", "Una", "http://img/u1.png"));
    for (int i = 0; i < 5; i++) {
      books.save(book("ub", "u1"));
    }
    assertEquals(1, count("u1"));
    // The author's own save neither writes nor resets the count, whatever its record says…
    authors.save(new Author("u1", "Una Renamed", "http://img/u1.png", null, 42));
    assertEquals(1, count("u1"));
    // …and the fan-out that rewrote the book's snippet saved the book without counting it again.
    assertEquals("Una Renamed", books.findById("ub").orElseThrow().authors().get(0).name());
    assertEquals(1, count("u1"));
    books.deleteById("ub");
    books.deleteById("ub");
    assertEquals(0, count("u1"), "a second delete of a deleted book releases nothing");
  }

  /** 8 threads save the same 30 books at once, then 8 threads delete the even ones at once. */
  @Test
  void concurrentSavesAndDeletesCountExactly() throws Exception {
    authors.save(new Author("c1", "Cy", "http://img/c1.png"));
    authors.save(new Author("c2", "Di", "http://img/c2.png"));
    var registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    io.denorm.metrics.DenormMetrics.bindGlobal(registry);
    double conflictsBefore = registry.get("denorm.cas.conflicts").functionCounter().count();
    Parallel.run(8, offset -> {
      for (int i = 0; i < 30; i++) {
        int n = (i + offset * 7) % 30;
        books.save(n % 3 == 0 ? book("cb-" + n, "c1", "c2") : book("cb-" + n, "c1"));
      }
    });
    assertEquals(30, count("c1"));
    assertEquals(10, count("c2"));
    // 8 threads moving the same two counts lose compare-and-sets to each other; each loss is a meter tick.
    double conflicts = registry.get("denorm.cas.conflicts").functionCounter().count();
    assertTrue(conflicts > conflictsBefore, "compare-and-set conflicts counted: " + conflictsBefore + " then " + conflicts);
    Parallel.run(8, thread -> {
      for (int n = 0; n < 30; n += 2) {
        books.deleteById("cb-" + n);
      }
    });
    assertEquals(15, count("c1"));
    assertEquals(5, count("c2"), "books 3, 9, 15, 21, 27 remain with c2");
  }

  /**
   * 300 saves and deletes of 25 books over 4 authors, a third stopped after a random step as a
   * crash would. Counts may then be off (a claimed membership whose master was never written); one
   * rebuild of the membership index makes every count equal to the books that name the author.
   */
  @Test
  void crashesAreRepairedByTheRebuild() {
    List<String> who = List.of("f1", "f2", "f3", "f4");
    for (String a : who) {
      authors.save(new Author(a, "Author " + a, null));
    }
    Random r = new Random(20261121);
    WriteStep[] steps = WriteStep.values();
    int crashed = 0;
    for (int op = 0; op < 300; op++) {
      String id = "fb-" + r.nextInt(25);
      WriteStep failAfter = r.nextInt(3) == 0 ? steps[r.nextInt(steps.length)] : null;
      indexed().setWriteObserver(failAfter == null ? null : (step, e) -> {
        if (step == failAfter) {
          throw new IllegalStateException("injected crash after " + step);
        }
      });
      try {
        if (r.nextInt(5) == 0) {
          books.deleteById(id);
        } else {
          List<String> by = new ArrayList<>(who);
          java.util.Collections.shuffle(by, r);
          books.save(book(id, by.subList(0, 1 + r.nextInt(3)).toArray(String[]::new)));
        }
      } catch (IllegalStateException e) {
        crashed++;
      }
    }
    indexed().setWriteObserver(null);
    assertTrue(crashed > 50, "crashes injected: " + crashed);
    Map<String, Long> truth = truth(who, "fb-", 25);
    var maintenance = indexed().indexMaintenance().repairGrace(Duration.ZERO);
    IndexReport before = maintenance.verify(MEMBERS, null);
    assertEquals(0, before.missing(), "the protocol never loses a membership: " + before);
    IndexReport rebuild = maintenance.rebuild(MEMBERS, null);
    IndexReport after = maintenance.verify(MEMBERS, null);
    assertEquals(0, after.problems(), "after rebuild: " + after);
    Map<String, Long> counts = new HashMap<>();
    who.forEach(a -> counts.put(a, count(a)));
    assertEquals(truth, counts, "every count is the number of books naming the author");
    System.out.printf("[%s counts] 300 operations, %d stopped by an injected crash; %s; %s%n", store.name(), crashed, before, rebuild);
  }

  /** Memberships lost behind the DAO's back: verify sees the counts disagree, rebuild restores both. */
  @Test
  void rebuildRecountsFromTheMemberships() {
    authors.save(new Author("m1", "Mo", null));
    authors.save(new Author("m2", "Ny", null));
    for (int i = 0; i < 12; i++) {
      books.save(i < 4 ? book("mb-" + i, "m1", "m2") : book("mb-" + i, "m1"));
    }
    Map<String, Long> truth = truth(List.of("m1", "m2"), "mb-", 12);
    assertEquals(Map.of("m1", 12L, "m2", 4L), truth);
    store.truncate(MEMBERS);
    var maintenance = indexed().indexMaintenance().repairGrace(Duration.ZERO);
    IndexReport before = maintenance.verify(MEMBERS, null);
    assertTrue(before.missing() >= 16, before.toString());
    assertTrue(before.wrongCounts() >= 2, "the counts say 12 and 4, the memberships 0: " + before);
    maintenance.rebuild(MEMBERS, null);
    assertEquals(0, maintenance.verify(MEMBERS, null).problems());
    assertEquals(12, count("m1"), "refilling the memberships moved the counts again; the count pass set them back");
    assertEquals(4, count("m2"));
  }

  /** For each author: how many of the books {@code prefix0} … {@code prefix(n-1)} name it, read from the book rows. */
  static Map<String, Long> truth(List<String> who, String prefix, int n) {
    Map<String, Long> truth = new HashMap<>();
    who.forEach(a -> truth.put(a, 0L));
    for (int i = 0; i < n; i++) {
      books.findById(prefix + i).ifPresent(b -> b.authors().forEach(s -> truth.merge(s.id(), 1L, Long::sum)));
    }
    return truth;
  }
}
