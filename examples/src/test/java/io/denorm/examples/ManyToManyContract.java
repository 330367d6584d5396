package io.denorm.examples;

import static io.denorm.examples.Library.book;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.examples.library.Author;
import io.denorm.examples.library.AuthorDao;
import io.denorm.examples.library.AuthorSnippet;
import io.denorm.examples.library.Book;
import io.denorm.examples.library.BookDao;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Authors and books many-to-many on a real store: {@code Book.authors} is the owning side,
 * {@code Author.bookIds} the inverse ({@code @References(value = Book.class, mappedBy = "authors")});
 * changing either side changes the other.
 */
abstract class ManyToManyContract {

  static Stores.Store store;
  static AuthorDao authors;
  static BookDao books;

  static void use(Stores.Store s) {
    store = s;
    authors = s.dao(AuthorDao.class, "many_to_many_test", List.of("Author", "Book", "Publisher"));
    books = s.sameSchema(BookDao.class);
  }

  static Set<String> bookIds(String authorId) {
    Set<String> ids = authors.findById(authorId).orElseThrow().bookIds();
    return ids == null ? Set.of() : ids;
  }

  static Set<String> authorIds(String bookId) {
    Set<String> ids = new HashSet<>();
    books.findById(bookId).orElseThrow().authors().forEach(s -> ids.add(s.id()));
    return ids;
  }

  /** The example authors and books: each author row lists its books, kept by the books' saves. */
  @Test
  void savingBooksKeepsTheAuthorsBookIds() {
    authors.save(new Author("a1", "Thomas Andersen", "http://img/a1.png"));
    authors.save(new Author("a2", "William Wakefield", "http://img/a2.png"));
    books.save(book("b1", "a1", "a2"));
    books.save(book("b2", "a1"));
    books.save(book("b3", "a1"));
    books.save(book("b4", "a2"));
    assertEquals(Set.of("b1", "b2", "b3"), bookIds("a1"));
    assertEquals(Set.of("b1", "b4"), bookIds("a2"));
    books.save(book("b1", "a1")); // a2 leaves b1
    assertEquals(Set.of("b4"), bookIds("a2"));
    books.deleteById("b3");
    assertEquals(Set.of("b1", "b2"), bookIds("a1"));
    assertEquals(2, authors.findById("a1").orElseThrow().countOfBooks());
    // Saving the author without bookIds (null) leaves its books alone.
    authors.save(new Author("a1", "Tom Andersen", "http://img/a1.png"));
    assertEquals(Set.of("b1", "b2"), bookIds("a1"));
    assertEquals(Set.of("a1"), authorIds("b2"));
  }

  /** Changing the author's side adds it to, or removes it from, the books themselves (with its snippet). */
  @Test
  void changingAnAuthorsBookIdsChangesTheBooks() {
    authors.save(new Author("s1", "Sam", "http://img/s1.png"));
    authors.save(new Author("s2", "Kim", "http://img/s2.png"));
    books.save(book("sb1", "s1"));
    books.save(book("sb2", "s2"));
    books.save(book("sb3", "s2"));
    Author s1 = authors.findById("s1").orElseThrow();
    assertEquals(Set.of("sb1"), s1.bookIds());
    authors.save(s1.withBooks(Set.of("sb2", "sb3")));
    assertEquals(Set.of("sb2", "sb3"), bookIds("s1"));
    assertEquals(Set.of(), authorIds("sb1"));
    assertEquals(Set.of("s1", "s2"), authorIds("sb2"));
    assertTrue(books.findById("sb3").orElseThrow().authors().contains(new AuthorSnippet("s1", "Sam", "http://img/s1.png")),
        "the added snippet carries the author's name and thumbnail");
    assertEquals(2, authors.findById("s1").orElseThrow().countOfBooks());
    assertEquals(Set.of("sb2", "sb3"), bookIds("s2"), "the other author's side is untouched");
  }

  @Test
  void anAuthorNamingABookThatDoesNotExistIsRefusedWithNothingWritten() {
    authors.save(new Author("x1", "Xi", null));
    books.save(book("xb1", "x1"));
    Author x1 = authors.findById("x1").orElseThrow();
    InvalidEntityException e = assertThrows(InvalidEntityException.class,
        () -> authors.save(new Author("x1", "Xi Renamed", null, Set.of("xb1", "no-such-book"), 0)));
    assertTrue(e.getMessage().contains("Author") && e.getMessage().contains("bookIds") && e.getMessage().contains("no-such-book"), e.getMessage());
    assertEquals(x1, authors.findById("x1").orElseThrow(), "not even the name changed");
    assertEquals(Set.of("x1"), authorIds("xb1"));
  }

  /** 8 threads each save 25 books of one author at once: no book id is lost from the author's row. */
  @Test
  void concurrentBookSavesNeverLoseAnElement() throws Exception {
    authors.save(new Author("c1", "Cy", null));
    Parallel.run(8, thread -> {
      for (int i = 0; i < 25; i++) {
        books.save(book("cb-" + thread + "-" + i, "c1"));
      }
    });
    assertEquals(200, bookIds("c1").size());
    assertEquals(200, authors.findById("c1").orElseThrow().countOfBooks());
  }

  /**
   * Memberships lost behind the DAO's back, then a book deleted (its release finds nothing, so the
   * author keeps its id): verify sees the inverse side and the count disagree with the memberships,
   * and one rebuild restores memberships, count and side.
   */
  @Test
  void rebuildRestoresTheInverseSide() {
    authors.save(new Author("i1", "Ida", null));
    for (int i = 0; i < 6; i++) {
      books.save(book("ib-" + i, "i1"));
    }
    store.truncate("library_books_by_authors_id");
    books.deleteById("ib-0");
    assertEquals(Set.of("ib-0", "ib-1", "ib-2", "ib-3", "ib-4", "ib-5"), bookIds("i1"), "the release found no membership: the side kept ib-0");
    @SuppressWarnings("unchecked")
    var maintenance = ((io.denorm.index.IndexedDao<Book>) books).indexMaintenance().repairGrace(java.time.Duration.ZERO);
    var before = maintenance.verify("library_books_by_authors_id", null);
    assertTrue(before.missing() >= 5 && before.wrongCounts() >= 1 && before.wrongInverse() >= 1, before.toString());
    var rebuild = maintenance.rebuild("library_books_by_authors_id", null);
    var after = maintenance.verify("library_books_by_authors_id", null);
    assertEquals(0, after.problems(), "after " + rebuild + ": " + after);
    assertEquals(Set.of("ib-1", "ib-2", "ib-3", "ib-4", "ib-5"), bookIds("i1"));
    assertEquals(5, authors.findById("i1").orElseThrow().countOfBooks());
  }

  /** Deleting an author first removes it from its books (their memberships released), then deletes its row. */
  @Test
  void deletingAnAuthorRemovesItFromItsBooks() {
    authors.save(new Author("d1", "Dee", "http://img/d1.png"));
    authors.save(new Author("d2", "Eve", "http://img/d2.png"));
    books.save(book("db1", "d1", "d2"));
    books.save(book("db2", "d1"));
    assertTrue(authors.deleteById("d1"));
    assertEquals(Set.of("d2"), authorIds("db1"));
    assertEquals(Set.of(), authorIds("db2"));
    assertTrue(authors.findById("d1").isEmpty(), "no row is left behind by the books' releases");
    assertEquals(Set.of("db1"), bookIds("d2"));
    // The same id again starts from nothing, and counts what names it from now on.
    authors.save(new Author("d1", "Dee Again", null));
    books.save(book("db3", "d1"));
    Author again = authors.findById("d1").orElseThrow();
    assertEquals(Set.of("db3"), again.bookIds());
    assertEquals(1, again.countOfBooks());
  }
}
