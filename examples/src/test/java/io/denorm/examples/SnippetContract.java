package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.library.Author;
import io.denorm.examples.library.AuthorDao;
import io.denorm.examples.library.AuthorSnippet;
import io.denorm.examples.library.Book;
import io.denorm.examples.library.BookDao;
import io.denorm.examples.library.Publisher;
import io.denorm.examples.library.PublisherDao;
import io.denorm.snippet.FanOutReport;
import io.denorm.snippet.FanOutStats;
import io.denorm.snippet.SnippetSource;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Denormalized snippets on a real store: books copy their authors' name and thumbnail on save, and
 * an author's change is fanned out to every book holding it through the reverse index.
 */
abstract class SnippetContract {

  static AuthorDao authors;
  static BookDao books;

  static PublisherDao publishers;

  static void use(Stores.Store store) {
    authors = store.dao(AuthorDao.class, "snippets_test", List.of("Author", "Book", "Publisher"));
    books = store.sameSchema(BookDao.class);
    publishers = store.sameSchema(PublisherDao.class);
  }

  @SuppressWarnings("unchecked")
  static FanOutStats stats() {
    return ((SnippetSource<Author>) authors).fanOutStats();
  }

  @SuppressWarnings("unchecked")
  static FanOutReport fanOut(Author a) {
    return ((SnippetSource<Author>) authors).fanOut(a).toCompletableFuture().join();
  }

  @Test
  void theSeedsBooksShowTheirAuthorsNamesAndThumbnails() {
    authors.save(new Author("a1", "Thomas Andersen", "http://img/a1.png"));
    authors.save(new Author("a2", "William Wakefield", "http://img/a2.png"));
    books.save(new Book("b1", "Azure Cosmos DB 101", List.of(AuthorSnippet.of("a1"), AuthorSnippet.of("a2"))));
    books.save(new Book("b2", "Azure Cosmos DB for RDBMS Users", List.of(AuthorSnippet.of("a1"))));
    assertEquals(new Book("b1", "Azure Cosmos DB 101", List.of(
            new AuthorSnippet("a1", "Thomas Andersen", "http://img/a1.png"),
            new AuthorSnippet("a2", "William Wakefield", "http://img/a2.png"))),
        books.findById("b1").orElseThrow());
    assertEquals(Set.of("b1", "b2"), ids(books.findByAuthorsId("a1")));
    assertEquals(Set.of("b1"), ids(books.findByAuthorsId("a2")));
  }

  /** A fan-out's size and duration reach Micrometer: the holders rewritten are counted and the fan-out timed. */
  @Test
  void aFanOutIsCountedAndTimedInMicrometer() {
    var registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    io.denorm.metrics.DenormMetrics.bind(authors, "authors", registry);
    authors.save(new Author("m1", "Mira", "http://img/m1.png"));
    books.save(new Book("mb-1", "One", List.of(AuthorSnippet.of("m1"))));
    books.save(new Book("mb-2", "Two", List.of(AuthorSnippet.of("m1"))));
    long runs = stats().fanOuts();
    authors.save(new Author("m1", "Mira Renamed", "http://img/m1.png"));
    var timer = registry.get("denorm.fanout.duration").tag("dao", "authors").functionTimer();
    assertEquals(runs + 1, (long) timer.count(), "one more fan-out run");
    assertTrue(timer.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS) > 0);
    assertEquals(stats().updated(), (long) registry.get("denorm.fanout.updated").tag("dao", "authors").functionCounter().count());
  }

  /**
   * Failure 10 (snippets): an author is renamed again and again while each book holding it is edited
   * once (its name) at the same time. A fan-out used to rewrite each book from the state its index
   * read found, so an edit saved in between was undone for good. Every edit must stand; one more
   * rename, alone, then reaches every book.
   */
  @Test
  void aFanOutRacingEditsOfTheBooksKeepsEveryEdit() throws Exception {
    authors.save(new Author("e1", "Edna 0", "http://img/e1.png"));
    int count = 60;
    for (int i = 0; i < count; i++) {
      books.save(new Book("eb-" + i, "Book " + i, List.of(AuthorSnippet.of("e1"))));
    }
    java.util.concurrent.atomic.AtomicBoolean renaming = new java.util.concurrent.atomic.AtomicBoolean(true);
    java.util.concurrent.atomic.AtomicInteger acknowledged = new java.util.concurrent.atomic.AtomicInteger();
    Parallel.run(2, thread -> {
      if (thread == 0) {
        for (int r = 1; r <= 30; r++) {
          authors.save(new Author("e1", "Edna " + r, "http://img/e1.png"));
        }
        renaming.set(false);
      } else {
        for (int i = 0; i < count && renaming.get(); i++) {
          books.save(new Book("eb-" + i, "Edited " + i, List.of(AuthorSnippet.of("e1"))));
          acknowledged.set(i + 1);
          Thread.sleep(3);
        }
      }
    });
    int edited = acknowledged.get();
    System.out.println("[denorm-snippets] books edited while the author was renamed: " + edited);
    assertTrue(edited > 5, "the edits overlapped the renames");
    List<String> lost = new java.util.ArrayList<>();
    for (int i = 0; i < edited; i++) {
      if (!books.findById("eb-" + i).orElseThrow().name().equals("Edited " + i)) {
        lost.add("eb-" + i);
      }
    }
    assertEquals(List.of(), lost, "acknowledged edits undone by a fan-out");
    authors.save(new Author("e1", "Edna final", "http://img/e1.png"));
    for (int i = 0; i < count; i++) {
      assertEquals("Edna final", books.findById("eb-" + i).orElseThrow().authors().get(0).name(), "eb-" + i + " shows the author's last name");
    }
  }

  /**
   * Failure 10 (snippets): books saved while their author is renamed. A book save that copied the
   * author just before the rename, and whose row lands after the rename's fan-out has passed it,
   * used to keep the old name for good. Each save now settles its copies (reads the author again
   * after its write, and rewrites when they differ), as each fan-out does after its rewrites: once
   * every save has returned, every book shows the author's last name, round after round.
   */
  @Test
  void booksSavedWhileTheirAuthorIsRenamedEndWithTheNewName() throws Exception {
    authors.save(new Author("r1", "Rhea 0", "http://img/r1.png"));
    int count = 40;
    for (int i = 0; i < count; i++) {
      books.save(new Book("rb-" + i, "R " + i, List.of(AuthorSnippet.of("r1"))));
    }
    int rounds = 12;
    List<String> stale = new java.util.ArrayList<>();
    java.util.concurrent.atomic.AtomicInteger saves = new java.util.concurrent.atomic.AtomicInteger();
    for (int round = 1; round <= rounds; round++) {
      int r = round;
      java.util.concurrent.atomic.AtomicBoolean renaming = new java.util.concurrent.atomic.AtomicBoolean(true);
      Parallel.run(3, thread -> {
        if (thread == 0) {
          Thread.sleep(15);
          authors.save(new Author("r1", "Rhea " + r, "http://img/r1.png"));
          renaming.set(false);
        } else {
          java.util.Random random = new java.util.Random(31L * r + thread);
          while (renaming.get()) {
            int i = random.nextInt(count);
            books.save(new Book("rb-" + i, "R " + i + " #" + r, List.of(AuthorSnippet.of("r1"))));
            saves.incrementAndGet();
          }
        }
      });
      for (int i = 0; i < count; i++) {
        String shown = books.findById("rb-" + i).orElseThrow().authors().get(0).name();
        if (!shown.equals("Rhea " + r)) {
          stale.add("round " + r + ": rb-" + i + " shows " + shown);
        }
      }
    }
    System.out.println("[denorm-snippets] " + rounds + " renames, " + saves.get() + " book saves racing them, stale copies left: " + stale.size());
    assertTrue(saves.get() > rounds * 4, "book saves overlapped the renames: " + saves.get());
    assertEquals(List.of(), stale);
  }

  /** The generated holder rows of Book, whose saves keep the snippets as given: a way to leave a copy stale. */
  abstract io.denorm.snippet.SnippetHolders<Book> bookHolders();

  /**
   * Failure 10 (snippets): copies that differ from their source (here written stale behind the
   * fan-out's back) are counted by {@code verifySnippets}, rewritten by {@code repairSnippets}, and
   * a second verify finds none.
   */
  @Test
  @SuppressWarnings("unchecked")
  void staleCopiesAreFoundByVerifyAndFixedByRepair() {
    authors.save(new Author("v1", "Vera", "http://img/v1.png"));
    authors.save(new Author("v2", "Walt", "http://img/v2.png"));
    for (int i = 0; i < 5; i++) {
      books.save(new Book("vb-" + i, "V " + i, List.of(AuthorSnippet.of("v1"), AuthorSnippet.of("v2"))));
    }
    SnippetSource<Author> source = (SnippetSource<Author>) (Object) authors;
    long staleBefore = source.verifySnippets().stale();
    for (int i = 0; i < 3; i++) {
      Book stored = books.findById("vb-" + i).orElseThrow();
      Book stale = new Book(stored.id(), stored.name(), stored.publisherId(),
          List.of(new AuthorSnippet("v1", "Vera (old)", "http://img/v1.png"), stored.authors().get(1)));
      bookHolders().saveHolder(stale, stored).toCompletableFuture().join();
    }
    assertEquals("Vera (old)", books.findById("vb-0").orElseThrow().authors().get(0).name());
    io.denorm.snippet.SnippetReport found = source.verifySnippets();
    System.out.println("[denorm-snippets] " + found);
    assertEquals(staleBefore + 3, found.stale(), found.toString());
    assertTrue(found.holders() >= 10, found.toString());
    assertEquals("Vera (old)", books.findById("vb-0").orElseThrow().authors().get(0).name(), "verify writes nothing");
    io.denorm.snippet.SnippetReport repaired = source.repairSnippets();
    System.out.println("[denorm-snippets] " + repaired);
    assertEquals(staleBefore + 3, repaired.fixed(), repaired.toString());
    for (int i = 0; i < 5; i++) {
      assertEquals(List.of(new AuthorSnippet("v1", "Vera", "http://img/v1.png"), new AuthorSnippet("v2", "Walt", "http://img/v2.png")),
          books.findById("vb-" + i).orElseThrow().authors());
    }
    assertEquals(0, source.verifySnippets().stale());
  }

  /** 150 books of one author (more than the 16 saves in flight), 20 of another: a rename reaches exactly the 150. */
  @Test
  void renamingAnAuthorRewritesTheSnippetInEveryBookAndNoOther() {
    authors.save(new Author("r1", "Ann Old", "http://img/r1.png"));
    authors.save(new Author("r2", "Bob Other", "http://img/r2.png"));
    for (int i = 0; i < 150; i++) {
      List<AuthorSnippet> by = i % 10 == 0 ? List.of(AuthorSnippet.of("r2"), AuthorSnippet.of("r1")) : List.of(AuthorSnippet.of("r1"));
      books.save(new Book("rb-" + i, "Book " + i, by));
    }
    for (int i = 0; i < 20; i++) {
      books.save(new Book("ob-" + i, "Other " + i, List.of(AuthorSnippet.of("r2"))));
    }
    long updatedBefore = stats().updated();
    authors.save(new Author("r1", "Ann New", "http://img/r1-v2.png"));
    assertEquals(150, stats().updated() - updatedBefore);
    for (int i = 0; i < 150; i++) {
      Book b = books.findById("rb-" + i).orElseThrow();
      AuthorSnippet r1 = b.authors().stream().filter(s -> s.id().equals("r1")).findFirst().orElseThrow();
      assertEquals(new AuthorSnippet("r1", "Ann New", "http://img/r1-v2.png"), r1);
      if (i % 10 == 0) {
        assertEquals(new AuthorSnippet("r2", "Bob Other", "http://img/r2.png"), b.authors().get(0), "the other author's snippet is untouched");
      }
    }
    for (int i = 0; i < 20; i++) {
      assertEquals("Bob Other", books.findById("ob-" + i).orElseThrow().authors().get(0).name());
    }
    assertEquals(150, books.findByAuthorsId("r1").size());
  }

  @Test
  void aSaveThatChangesNoCopiedFieldReadsNoHolder() {
    authors.save(new Author("s1", "Same Name", "http://img/s1.png"));
    books.save(new Book("sb-1", "Steady", List.of(AuthorSnippet.of("s1"))));
    long skipped = stats().skipped();
    long holders = stats().holders();
    authors.save(new Author("s1", "Same Name", "http://img/s1.png"));
    assertEquals(skipped + 1, stats().skipped());
    assertEquals(holders, stats().holders());
  }

  /**
   * A book saved before its author existed keeps the snippet it was given; the author's first save
   * fans out to it. Running the fan-out again finds every holder up to date and writes nothing.
   */
  @Test
  void anAuthorsFirstSaveReachesBooksSavedBeforeItAndARerunWritesNothing() {
    books.save(new Book("early-1", "Early", List.of(new AuthorSnippet("late", "Typed By Hand", null))));
    assertEquals("Typed By Hand", books.findById("early-1").orElseThrow().authors().get(0).name());
    Author late = new Author("late", "Late Author", "http://img/late.png");
    authors.save(late);
    assertEquals(new AuthorSnippet("late", "Late Author", "http://img/late.png"), books.findById("early-1").orElseThrow().authors().get(0));
    FanOutReport again = fanOut(late);
    assertEquals(1, again.holders());
    assertEquals(0, again.updated());
    assertEquals(1, again.unchanged());
  }

  @Test
  void aBookMovedToAnotherAuthorOrDeletedIsNoLongerReached() {
    authors.save(new Author("m1", "First", null));
    authors.save(new Author("m2", "Second", null));
    books.save(new Book("mb-1", "Moving", List.of(AuthorSnippet.of("m1"))));
    books.save(new Book("mb-2", "Deleted", List.of(AuthorSnippet.of("m1"))));
    books.save(new Book("mb-1", "Moving", List.of(AuthorSnippet.of("m2"))));
    assertTrue(books.deleteById("mb-2"));
    assertEquals(List.of(), books.findByAuthorsId("m1"));
    assertEquals(Set.of("mb-1"), ids(books.findByAuthorsId("m2")));
    FanOutReport renamed = fanOut(new Author("m1", "First Renamed", null));
    assertEquals(0, renamed.holders());
    assertEquals("Second", books.findById("mb-1").orElseThrow().authors().get(0).name());
    assertTrue(books.findById("mb-2").isEmpty(), "the fan-out does not bring a deleted book back");
  }

  @Test
  void asyncSavesCopyAndFanOutToo() {
    authors.saveAsync(new Author("x1", "Async One", "t")).toCompletableFuture().join();
    books.saveAsync(new Book("xb-1", "Async Book", List.of(AuthorSnippet.of("x1")))).toCompletableFuture().join();
    assertEquals("Async One", books.findById("xb-1").orElseThrow().authors().get(0).name());
    authors.saveAsync(new Author("x1", "Async Two", "t")).toCompletableFuture().join();
    assertEquals("Async Two", books.findById("xb-1").orElseThrow().authors().get(0).name());
  }

  /** The example publisher keeps no list of books: each book holds its id, indexed, and joins it. */
  @Test
  void aPublishersBooksAreFoundFromTheBookSide() {
    publishers.save(new Publisher("pub-1", "Contoso Press"));
    books.save(new Book("pb-1", "One", "pub-1", List.of()));
    books.save(new Book("pb-2", "Two", "pub-1", List.of()));
    books.save(new Book("pb-3", "Three", "pub-2", List.of()));
    assertEquals(Set.of("pb-1", "pb-2"), ids(books.findByPublisherId("pub-1")));
    assertEquals("Contoso Press", books.loadPublisherId(books.findById("pb-2").orElseThrow()).orElseThrow().name());
    assertTrue(books.loadPublisherId(books.findById("pb-3").orElseThrow()).isEmpty(), "pub-2 does not exist");
    books.save(new Book("pb-2", "Two", "pub-2", List.of()));
    assertEquals(Set.of("pb-1"), ids(books.findByPublisherId("pub-1")));
  }

  private static Set<String> ids(List<Book> list) {
    return list.stream().map(Book::id).collect(Collectors.toCollection(java.util.TreeSet::new));
  }
}
