package io.denorm.examples.books;

import io.denorm.annotations.Dao;
import io.denorm.annotations.Store;
import java.util.List;
import java.util.Optional;

/** Cassandra only: its books are saved in logged batches, which HBase has no equivalent of. */
@Dao(stores = Store.CASSANDRA)
public interface BookDao {
  void save(Book book);

  boolean deleteByIsbn(String isbn);

  List<Book> findByAuthor(String author);

  List<Book> findByGenresContains(String genre);

  Optional<Book> findBySlug(String slug);
}
